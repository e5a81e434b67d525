/**
 * The full-scan answer `npm run bench:search` checks the engine against: every
 * bill is tokenized once, then each query walks every bill that holds a query
 * term's first token (a list of them per token skips the rest, which cannot
 * match), applies the filters, matches words, prefixes and phrases column by column, and scores
 * with FTS5's own BM25 formula (k1 1.2, b 0.75, IDF over the whole table, the
 * row's length over all columns) times the recency factor. Written apart from
 * the engine so that it can disagree with it.
 */
import { documentDate, recencyFactor, SEARCH_COLUMNS, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { tokens, type QueryTerm } from '#shared/domain/search/search-query.ts';
import type { SearchFilters } from '#shared/adapters/search/search-filters.ts';

interface Row {
  doc: SearchDocument;
  columns: string[][];
  length: number;
  date: string;
}

export interface ScoredBill {
  bill_id: string;
  score: number;
  date: string;
  rid: number;
}

/** Hits of one term in one column: positions where a phrase starts, or tokens a prefix begins. */
function hits(column: string[], term: QueryTerm): number {
  let n = 0;
  const [first = '', ...rest] = term.tokens;
  for (let i = 0; i < column.length; i++) {
    const t = column[i] ?? '';
    if (term.prefix ? !t.startsWith(first) : t !== first) continue;
    if (rest.every((r, k) => column[i + 1 + k] === r)) n++;
  }
  return n;
}

function passes(d: SearchDocument, date: string, f: SearchFilters): boolean {
  return (
    (f.congress === undefined || d.congress === f.congress) &&
    (f.chamber === undefined || d.chamber === f.chamber) &&
    (f.type === undefined || d.type === f.type) &&
    (f.status === undefined || d.status === f.status) &&
    (f.sponsor_id === undefined || d.sponsor_id === f.sponsor_id) &&
    (f.has_document === undefined || d.has_document === f.has_document) &&
    (f.topic === undefined || d.topics.includes(f.topic)) &&
    (f.from === undefined || date >= f.from) &&
    (f.to === undefined || date <= f.to)
  );
}

export class BruteForce {
  private readonly rows: Row[];
  private readonly avgdl: number;
  /**
   * Which rows hold each token, in row order: only to skip rows that cannot hit (a row without a
   * term's first token has no hit of it); every hit is still counted on the row's own tokens.
   */
  private readonly holders = new Map<string, number[]>();

  constructor(docs: SearchDocument[]) {
    this.rows = docs.map((doc) => {
      const columns = SEARCH_COLUMNS.map((c) => tokens(doc[c.name]));
      return { doc, columns, length: columns.reduce((s, c) => s + c.length, 0), date: documentDate(doc) };
    });
    this.rows.forEach((r, idx) => {
      for (const t of new Set(r.columns.flat())) {
        const list = this.holders.get(t);
        if (list) list.push(idx);
        else this.holders.set(t, [idx]);
      }
    });
    this.avgdl = this.rows.reduce((s, r) => s + r.length, 0) / this.rows.length;
  }

  /** The rows that hold a term's first token (any token it begins, for a prefix). */
  private candidates(term: QueryTerm): number[] {
    const first = term.tokens[0] ?? '';
    if (!term.prefix) return this.holders.get(first) ?? [];
    const out = new Set<number>();
    for (const [t, list] of this.holders) if (t.startsWith(first)) for (const i of list) out.add(i);
    return [...out];
  }

  /** Every matching bill, scored; rid is the engine's insertion order (its tie-break). */
  run(terms: QueryTerm[], filters: SearchFilters, now: Date): ScoredBill[] {
    const n = this.rows.length;
    // Per term, the rows it hits and their hits per column.
    const perTerm = terms.map((t) => {
      const hit = new Map<number, number[]>();
      for (const idx of this.candidates(t)) {
        const cols = (this.rows[idx] as Row).columns.map((c) => hits(c, t));
        if (cols.some((x) => x > 0)) hit.set(idx, cols);
      }
      return hit;
    });
    const idf = perTerm.map((hit) => {
      const nHit = hit.size;
      const v = Math.log((n - nHit + 0.5) / (nHit + 0.5));
      return v <= 0 ? 1e-6 : v;
    });
    const smallest = [...perTerm].sort((a, b) => a.size - b.size)[0] ?? new Map<number, number[]>();
    const out: ScoredBill[] = [];
    for (const idx of smallest.keys()) {
      const r = this.rows[idx] as Row;
      if (!perTerm.every((hit) => hit.has(idx))) continue;
      if (!passes(r.doc, r.date, filters)) continue;
      let score = 0;
      perTerm.forEach((hit, i) => {
        const cols = hit.get(idx) ?? [];
        const freq = cols.reduce((s, x, c) => s + x * (SEARCH_COLUMNS[c]?.weight ?? 0), 0);
        score += (idf[i] ?? 0) * ((freq * 2.2) / (freq + 1.2 * (1 - 0.75 + (0.75 * r.length) / this.avgdl)));
      });
      out.push({ bill_id: r.doc.bill_id, score: -score * recencyFactor(r.date, now), date: r.date, rid: idx + 1 });
    }
    return out;
  }
}
