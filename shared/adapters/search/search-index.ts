/**
 * The search engine: SQLite FTS5 in WebAssembly (node-sqlite3-wasm), one
 * database file that runs the same on this machine's Node 20 and on Lambda's
 * Node 22 arm64 (docs/architecture.md, "Search"). Bills are ranked by BM25
 * with column weights times a gentle recency factor: a query of words (and
 * two-word phrases of common words) by the word ranker over the file's word
 * postings (./word-ranker.ts), a longer phrase by FTS5's bm25() with the
 * filters as columns of a plain table joined to the match. Passages to quote
 * live in a second FTS5 table keyed by bill and section.
 */
import sqlite from 'node-sqlite3-wasm';
import { billWords, encodeBillWords, pairKey } from '#shared/domain/search/bill-words.ts';
import { documentDate, RECENCY_BOOST, RECENCY_FROM_YEAR, SEARCH_COLUMNS, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { matchExpression, parseQuery, spellings, type QueryTerm, type TermCounter } from '#shared/domain/search/search-query.ts';
import { bestPassage } from '#shared/domain/search/snippet.ts';
import { rmSync } from 'node:fs';
import type { SearchFilters, SearchHit, SearchHits, SearchRequest } from './search-filters.ts';
import { WordRanker, type WordQuery } from './word-ranker.ts';
import { compactWords, dropWords, WORD_SCHEMA, wordSource, writeWords, type Sql, type Value } from './word-store.ts';

/** Sections kept per bill: section rowids are the bill's rowid times this plus the section's place. */
const SECTIONS_PER_BILL = 1024;
/** The page cache: the hot part of a 350,000-bill index (docs/architecture.md, "Search"). */
const CACHE_KIB = 256 * 1024;
/**
 * A date-sorted page walks the docs newest first, probing each against the match, when it
 * expects at most this many probes; else it reads and sorts every match (bench/results/search.md).
 */
const DATE_WALK_MAX_PROBES = 400;
/** The layout of the file: a file of another version is rebuilt, not read (docs/runbooks.md). */
const SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS docs(
  rid INTEGER PRIMARY KEY, bill_id TEXT NOT NULL UNIQUE, congress INTEGER NOT NULL, chamber TEXT NOT NULL,
  type TEXT NOT NULL, status TEXT NOT NULL, sponsor_id TEXT, has_document INTEGER NOT NULL, date TEXT NOT NULL, year INTEGER NOT NULL,
  len INTEGER NOT NULL, indexed_at TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS docs_by_date ON docs(date, rid);
CREATE TABLE IF NOT EXISTS doc_topics(topic TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY(topic, rid)) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS bills_fts USING fts5(${SEARCH_COLUMNS.map((c) => c.name).join(', ')}, content='', contentless_delete=1, prefix='2 3');
CREATE VIRTUAL TABLE IF NOT EXISTS sections_fts USING fts5(label UNINDEXED, body);
CREATE VIRTUAL TABLE IF NOT EXISTS bills_vocab USING fts5vocab(bills_fts, 'row');
${WORD_SCHEMA}`;

const BM25 = `bm25(bills_fts, ${SEARCH_COLUMNS.map((c) => c.weight.toFixed(1)).join(', ')})`;

type Row = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The WHERE clauses and values of the filters, over `d` (the docs table). */
function filterSql(f: SearchFilters): { where: string[]; values: (string | number)[] } {
  const where: string[] = [];
  const values: (string | number)[] = [];
  const eq = (col: string, v: string | number | undefined) => {
    if (v === undefined) return;
    where.push(`d.${col} = ?`);
    values.push(v);
  };
  eq('congress', f.congress);
  eq('chamber', f.chamber);
  eq('type', f.type);
  eq('status', f.status);
  eq('sponsor_id', f.sponsor_id);
  if (f.has_document !== undefined) eq('has_document', f.has_document ? 1 : 0);
  if (f.topic !== undefined) {
    where.push('d.rid IN (SELECT rid FROM doc_topics WHERE topic = ?)');
    values.push(f.topic);
  }
  if (f.from !== undefined) {
    where.push('d.date >= ?');
    values.push(f.from);
  }
  if (f.to !== undefined) {
    where.push('d.date <= ?');
    values.push(f.to);
  }
  return { where, values };
}

/** One open index file. Not safe to share between threads; a Lambda container holds one. */
export class SearchIndex {
  private readonly db: sqlite.Database;
  /** Prepared statements by SQL: preparing an FTS5 query reads the table's configuration each time. */
  private readonly statements = new Map<string, sqlite.Statement>();
  private bills: number | undefined;
  private readonly sql: Sql = {
    all: (sql, values) => this.all(sql, values),
    get: (sql, values) => this.get(sql, values),
    run: (sql, values) => void this.run(sql, values),
  };
  private readonly words = new WordRanker(wordSource(this.sql));
  /** What the word ranker learns once the transaction that wrote it commits. */
  private committed: (() => void)[] = [];

  private constructor(db: sqlite.Database) {
    this.db = db;
  }

  private statement(sql: string): sqlite.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  private all(sql: string, values: Value[]): Row[] {
    return this.statement(sql).all(values) as Row[];
  }

  private run(sql: string, values: Value[]): sqlite.RunResult {
    return this.statement(sql).run(values);
  }

  private get(sql: string, values: Value[]): Row | null {
    // Read to the end: a statement stopped at its first row stays in progress, and VACUUM refuses to run.
    return (this.statement(sql).all(values)[0] as Row | undefined) ?? null;
  }

  /**
   * Opens the index at `path`: read-only for a reader, else creating the schema when missing;
   * `bulk` trades crash safety for write speed (a rebuild writes a fresh file). The wasm build
   * locks a file with a lock directory, so a file has one user at a time: each reader keeps its
   * own copy (a Lambda container downloads one to /tmp).
   */
  static open(path: string, options: { bulk?: boolean; readOnly?: boolean } = {}): SearchIndex {
    // A process that died holding the file left its lock directory; the file has no other user.
    rmSync(`${path}.lock`, { recursive: true, force: true });
    const db = new sqlite.Database(path, options.readOnly ? { readOnly: true, fileMustExist: true } : {});
    // EXCLUSIVE keeps the lock and the page cache between statements: without it every statement
    // takes and drops the lock directory and rereads the pages it needs.
    db.exec(`PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -${CACHE_KIB};`);
    const index = new SearchIndex(db);
    const version = num(index.get('PRAGMA user_version', [])?.user_version);
    const empty = index.get("SELECT name FROM sqlite_master WHERE name = 'docs'", []) === null;
    if (!empty && version !== SCHEMA_VERSION) {
      index.close();
      throw new Error(`The search index ${path} is of version ${version}; this code reads version ${SCHEMA_VERSION}: rebuild it`);
    }
    if (!options.readOnly) {
      db.exec(`PRAGMA page_size = 8192; ${options.bulk ? 'PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;' : ''}`);
      db.exec(SCHEMA);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }
    return index;
  }

  close(): void {
    for (const st of this.statements.values()) st.finalize();
    this.statements.clear();
    this.db.close();
  }

  /** How many bills the index holds, remembered until the next write. */
  private billCount(): number {
    this.bills ??= this.size();
    return this.bills;
  }

  /** How many bills the index holds. */
  size(): number {
    return num(this.get('SELECT count(*) AS n FROM docs', [])?.n);
  }

  /**
   * Adds or replaces bills, in one transaction. `indexedAt` is when the documents were read from
   * the table: a bill indexed later already is left as it is, so change sets applied out of order
   * never bring an older document back.
   */
  upsert(docs: SearchDocument[], indexedAt = ''): void {
    this.bills = undefined;
    this.transaction(() => {
      for (const doc of docs) {
        const stored = this.get('SELECT indexed_at FROM docs WHERE bill_id = ?', [doc.bill_id]);
        if (stored && str(stored.indexed_at) > indexedAt) continue;
        this.put(doc, indexedAt);
      }
    });
  }

  /** Removes bills by id. */
  remove(billIds: string[]): void {
    this.bills = undefined;
    this.transaction(() => {
      for (const id of billIds) {
        const rid = this.rowOf(id);
        if (rid !== null) this.drop(rid);
      }
    });
  }

  /** Merges the index's segments: smaller and faster to query; run after a rebuild. */
  optimize(): void {
    this.transaction(() => compactWords(this.sql));
    this.words.compacted();
    this.db.exec(`INSERT INTO bills_fts(bills_fts) VALUES('optimize'); INSERT INTO sections_fts(sections_fts) VALUES('optimize'); VACUUM;`);
  }

  /**
   * One page of bills matching a query, ranked, with the total and where each matched. The total
   * is counted apart, without scoring (a twentieth of the cost of scoring a row); a date-sorted page
   * never scores at all (docs/architecture.md, "Search").
   */
  search(req: SearchRequest, now = new Date()): SearchHits {
    const terms = parseQuery(req.q);
    if (terms.length > 0 && terms.every((t) => t.kind === 'word' || this.isCommonPair(t))) return this.searchWords(terms, req, now);
    const match = matchExpression(terms, this.counter);
    if (!match) return { hits: [], total: 0 };
    const { where, values } = filterSql(req.filters);
    const total = this.total(match, where, values);
    if (total <= req.offset) return { hits: [], total };
    // A probe re-runs the match: a prefix term merges every term it begins on each one.
    const cheapProbe = terms.every((t) => !t.prefix);
    const rows = req.sort === 'date' ? this.newest(match, where, values, total, req, cheapProbe) : this.ranked(match, where, values, req, now);
    const hits: SearchHit[] = rows.map((r) => ({ bill_id: str(r.bill_id), match: this.passage(num(r.rid), terms) }));
    return { hits, total };
  }

  /**
   * A query of words only: ranked in JavaScript over the word postings (./word-ranker.ts), which
   * matches a word, a prefix and a typo's corrections as the FTS5 expression would.
   */
  private searchWords(terms: QueryTerm[], req: SearchRequest, now: Date): SearchHits {
    const query: WordQuery = terms.map((t) => {
      const word = t.tokens[0] ?? '';
      if (t.kind === 'phrase') return [{ word: pairKey(word, t.tokens[1] ?? ''), prefix: false }];
      return t.prefix ? [{ word, prefix: true }] : spellings(word, this.counter).map((w) => ({ word: w, prefix: false }));
    });
    const { rids, total } = this.words.search(query, req.filters, req.sort, req.offset, req.limit, now);
    if (rids.length === 0) return { hits: [], total };
    const ids = new Map(
      this.all(`SELECT rid, bill_id FROM docs WHERE rid IN (${rids.map(() => '?').join(',')})`, rids).map((r) => [num(r.rid), str(r.bill_id)]),
    );
    return { hits: rids.map((rid) => ({ bill_id: ids.get(rid) ?? '', match: this.passage(rid, terms) })), total };
  }

  /** A quoted phrase of two common words: its postings are kept like a word's (./word-store.ts). */
  private isCommonPair(t: QueryTerm): boolean {
    const [first, second, ...rest] = t.tokens;
    return t.kind === 'phrase' && first !== undefined && second !== undefined && rest.length === 0 && this.words.hasPair(first, second);
  }

  /** A page by relevance: every match is scored (FTS5 has no top-k pruning), the best kept. */
  private ranked(match: string, where: string[], values: (string | number)[], req: SearchRequest, now: Date): Row[] {
    const span = Math.max(1, now.getUTCFullYear() - RECENCY_FROM_YEAR);
    const score = `${BM25} * (1.0 + ${RECENCY_BOOST} * min(1.0, max(0.0, (d.year - ${RECENCY_FROM_YEAR}) / ${span}.0)))`;
    // CROSS JOIN keeps the full-text match as the outer loop: the planner would otherwise
    // walk a filtered docs index and probe the match per row.
    return this.all(
      `SELECT d.rid AS rid, d.bill_id AS bill_id
       FROM bills_fts CROSS JOIN docs d ON d.rid = bills_fts.rowid
       WHERE bills_fts MATCH ? ${where.map((w) => `AND ${w}`).join(' ')}
       ORDER BY ${score}, d.rid LIMIT ? OFFSET ?`,
      [match, ...values, req.limit, req.offset],
    );
  }

  /**
   * A page by date, newest first. When the matches are many and a probe is cheap, the docs are
   * walked newest first and each is probed against the match (a rowid seek in the full-text
   * index), so the walk stops after about (bills / matches) x (offset + limit) probes; else the
   * matches are read and sorted.
   */
  private newest(match: string, where: string[], values: (string | number)[], total: number, req: SearchRequest, cheapProbe: boolean): Row[] {
    const filters = where.map((w) => `AND ${w}`).join(' ');
    const probes = (this.billCount() / Math.max(1, total)) * (req.offset + req.limit);
    if (cheapProbe && probes <= DATE_WALK_MAX_PROBES) {
      return this.all(
        `SELECT d.rid AS rid, d.bill_id AS bill_id FROM docs d
         WHERE EXISTS (SELECT 1 FROM bills_fts WHERE bills_fts MATCH ? AND bills_fts.rowid = d.rid) ${filters}
         ORDER BY d.date DESC, d.rid DESC LIMIT ? OFFSET ?`,
        [match, ...values, req.limit, req.offset],
      );
    }
    return this.all(
      `SELECT d.rid AS rid, d.bill_id AS bill_id
       FROM bills_fts CROSS JOIN docs d ON d.rid = bills_fts.rowid
       WHERE bills_fts MATCH ? ${filters}
       ORDER BY d.date DESC, d.rid DESC LIMIT ? OFFSET ?`,
      [match, ...values, req.limit, req.offset],
    );
  }

  /**
   * How many bills carry each term that the index knows (the typo tolerance checks a word and
   * its one-edit variants). Existence is a MATCH that stops at the first row; only the few
   * known terms are counted, through the vocabulary table's term lookup.
   */
  readonly counter: TermCounter = Object.assign(
    (terms: string[]) => {
      const out = new Map<string, number>();
      for (const term of terms) {
        if (!this.knows(term)) continue;
        out.set(term, num(this.get('SELECT doc FROM bills_vocab WHERE term = ?', [term])?.doc));
      }
      return out;
    },
    { has: (term: string) => this.knows(term) },
  );

  private knows(term: string): boolean {
    return this.get('SELECT rowid FROM bills_fts WHERE bills_fts MATCH ? LIMIT 1', [`"${term}"`]) !== null;
  }

  /** How many bills match; without filters the full-text index alone answers (no join). */
  private total(match: string, where: string[], values: (string | number)[]): number {
    if (where.length === 0) return num(this.get('SELECT count(*) AS n FROM bills_fts WHERE bills_fts MATCH ?', [match])?.n);
    const row = this.get(
      `SELECT count(*) AS n FROM bills_fts CROSS JOIN docs d ON d.rid = bills_fts.rowid WHERE bills_fts MATCH ? ${where.map((w) => `AND ${w}`).join(' ')}`,
      [match, ...values],
    );
    return num(row?.n);
  }

  /** The passage of a bill that best matches the query's words, with a snippet (./snippet.ts). */
  private passage(rid: number, terms: QueryTerm[]): SearchHit['match'] {
    const rows = this.all('SELECT c0 AS label, c1 AS body FROM sections_fts_content WHERE id BETWEEN ? AND ? ORDER BY id', [
      rid * SECTIONS_PER_BILL,
      rid * SECTIONS_PER_BILL + SECTIONS_PER_BILL - 1,
    ]);
    return bestPassage(
      rows.map((r) => ({ label: str(r.label), body: str(r.body) })),
      terms,
    );
  }

  private rowOf(billId: string): number | null {
    const row = this.get('SELECT rid FROM docs WHERE bill_id = ?', [billId]);
    return row ? num(row.rid) : null;
  }

  private drop(rid: number): void {
    dropWords(this.sql, rid);
    this.committed.push(() => this.words.removed(rid));
    this.run('DELETE FROM bills_fts WHERE rowid = ?', [rid]);
    this.run('DELETE FROM sections_fts WHERE rowid BETWEEN ? AND ?', [rid * SECTIONS_PER_BILL, rid * SECTIONS_PER_BILL + SECTIONS_PER_BILL - 1]);
    this.run('DELETE FROM doc_topics WHERE rid = ?', [rid]);
  }

  private put(doc: SearchDocument, indexedAt: string): void {
    const date = documentDate(doc);
    const existing = this.rowOf(doc.bill_id);
    if (existing !== null) this.drop(existing);
    const words = billWords(doc);
    const { length } = words;
    const values = [
      doc.congress,
      doc.chamber,
      doc.type,
      doc.status,
      doc.sponsor_id,
      doc.has_document ? 1 : 0,
      date,
      Number(date.slice(0, 4)),
      length,
      indexedAt,
    ];
    const rid =
      existing ??
      num(
        this.run(
          'INSERT INTO docs(bill_id, congress, chamber, type, status, sponsor_id, has_document, date, year, len, indexed_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
          [doc.bill_id, ...values],
        ).lastInsertRowid,
      );
    if (existing !== null) {
      this.run('UPDATE docs SET congress=?, chamber=?, type=?, status=?, sponsor_id=?, has_document=?, date=?, year=?, len=?, indexed_at=? WHERE rid=?', [
        ...values,
        rid,
      ]);
    }
    this.run(`INSERT INTO bills_fts(rowid, ${SEARCH_COLUMNS.map((c) => c.name).join(', ')}) VALUES (?,?,?,?,?,?,?)`, [
      rid,
      ...SEARCH_COLUMNS.map((c) => doc[c.name]),
    ]);
    doc.sections.slice(0, SECTIONS_PER_BILL).forEach((s, i) => {
      this.run('INSERT INTO sections_fts(rowid, label, body) VALUES (?,?,?)', [rid * SECTIONS_PER_BILL + i, s.label, s.body]);
    });
    for (const topic of new Set(doc.topics)) this.run('INSERT INTO doc_topics(topic, rid) VALUES (?,?)', [topic, rid]);
    const encoded = encodeBillWords(words);
    writeWords(this.sql, rid, encoded);
    const row = {
      rid,
      length,
      date,
      congress: doc.congress,
      chamber: doc.chamber,
      type: doc.type,
      status: doc.status,
      sponsor_id: doc.sponsor_id,
      has_document: doc.has_document,
    };
    this.committed.push(() => this.words.written(row, encoded));
  }

  private transaction(work: () => void): void {
    this.committed = [];
    this.db.exec('BEGIN');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (err) {
      this.db.exec('ROLLBACK');
      this.committed = [];
      throw err;
    }
    for (const learn of this.committed) learn();
    this.committed = [];
  }
}
