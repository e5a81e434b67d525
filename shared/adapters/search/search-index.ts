/**
 * The search engine: SQLite FTS5 in WebAssembly (node-sqlite3-wasm), one
 * database file that runs the same on this machine's Node 20 and on Lambda's
 * Node 22 arm64 (docs/search.md). Bills are ranked by BM25
 * with column weights times a gentle recency factor. A query is parsed and
 * resolved (typo corrections, a prefix's completions: ../domain/search/search-query.ts),
 * then answered by one of two paths: the word ranker over the file's word
 * postings (./word-ranker.ts) for words and phrases of common words, or FTS5
 * (./fts-pages.ts) for a phrase with a rare word. Passages to quote live in a
 * second FTS5 table keyed by bill and section.
 */
import sqlite from 'node-sqlite3-wasm';
import { billWords, encodeBillWords, pairKey } from '#shared/domain/search/bill-words.ts';
import { documentDate, SEARCH_COLUMNS, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { hasUnmatchableWord, matchExpression, parseQuery, resolveTerms, type ResolvedTerm, type Vocabulary } from '#shared/domain/search/search-query.ts';
import { bestPassage } from '#shared/domain/search/snippet.ts';
import { rmSync } from 'node:fs';
import { FILTER_COLUMNS, filterValues } from './filter-columns.ts';
import type { FilterValues } from './doc-columns.ts';
import { ftsPage } from './fts-pages.ts';
import { dropTitleKeys, TITLE_SCHEMA, titlePins, writeTitleKeys } from './title-pins.ts';
import { titleKey } from '#shared/domain/search/title-keys.ts';
import type { SearchHit, SearchHits, SearchRequest } from './search-filters.ts';
import { WordRanker, type WordQuery } from './word-ranker.ts';
import { RowPrefetcher, type LazyPages } from './row-pages.ts';
import {
  compactWords,
  dropWords,
  hasUniversal,
  hasWordSizes,
  WORD_SCHEMA,
  wordSource,
  writeUniversal,
  writeWordSizes,
  writeWords,
  type Sql,
  type Value,
} from './word-store.ts';

/** Sections kept per bill: section rowids are the bill's rowid times this plus the section's place. */
const SECTIONS_PER_BILL = 1024;
/** The page cache: the hot part of a 350,000-bill index (docs/search.md). */
const CACHE_KIB = 256 * 1024;
/** The layout of the file: a file of another version is rebuilt, not read (docs/runbooks.md). */
const SCHEMA_VERSION = 3;
/** The most of a passage a snippet is cut from: a section of an omnibus bill can be megabytes (issue 32.7). */
const PASSAGE_MAX_CHARS = 20_000;
const NO_HITS: SearchHits = { hits: [], total: 0 };
/** Terms of a query of common words a passage is looked for by (rarestTerms). */
const SNIPPET_MAX_TERMS = 2;

const FILTER_NAMES = FILTER_COLUMNS.map((c) => c.name);
const SCHEMA = `
CREATE TABLE IF NOT EXISTS docs(
  rid INTEGER PRIMARY KEY, bill_id TEXT NOT NULL UNIQUE, ${FILTER_COLUMNS.map((c) => c.sql).join(', ')},
  date TEXT NOT NULL, year INTEGER NOT NULL, len INTEGER NOT NULL, indexed_at TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS docs_by_date ON docs(date, rid);
CREATE TABLE IF NOT EXISTS doc_topics(topic TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY(topic, rid)) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS bills_fts USING fts5(${SEARCH_COLUMNS.map((c) => c.name).join(', ')}, content='', contentless_delete=1, prefix='2 3');
CREATE VIRTUAL TABLE IF NOT EXISTS sections_fts USING fts5(label UNINDEXED, body);
CREATE VIRTUAL TABLE IF NOT EXISTS bills_vocab USING fts5vocab(bills_fts, 'row');
${WORD_SCHEMA}
${TITLE_SCHEMA}`;
/** The tables and indexes SCHEMA makes, by name. */
const SCHEMA_NAMES = [...SCHEMA.matchAll(/CREATE (?:VIRTUAL TABLE|TABLE|INDEX) IF NOT EXISTS (\w+)/gu)].map((m) => m[1] as string);

type Row = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

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
  /** Rows about to be read, fetched together while a lazy file is not all local (./row-pages.ts). */
  private readonly prefetch: RowPrefetcher | undefined;
  private readonly words: WordRanker;
  /** What the word ranker learns once the transaction that wrote it commits. */
  private committed: (() => void)[] = [];

  /** Whether a query that is a bill's title puts that bill first (./title-pins.ts); off, BM25 alone ranks (the bench's baseline). */
  private readonly exactTitles: boolean;

  private constructor(db: sqlite.Database, exactTitles: boolean, exactMaxPostings: number | undefined, pages: LazyPages | undefined) {
    this.db = db;
    this.exactTitles = exactTitles;
    if (pages) {
      this.prefetch = new RowPrefetcher(
        pages,
        () => new Map(this.all('SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 0', []).map((r) => [str(r.name), num(r.rootpage)])),
      );
      this.sql.rows = this.prefetch;
    }
    this.words = new WordRanker(wordSource(this.sql), { exactMaxPostings });
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
  static open(
    path: string,
    /**
     * `exactMaxPostings`: the bench's exact baseline scores every match (./word-ranker.ts, EXACT_MAX_POSTINGS);
     * `pages`: the file is a lazy file (./lazy-file.ts) whose rows a query reads are fetched together.
     */
    options: { bulk?: boolean; readOnly?: boolean; exactTitles?: boolean; exactMaxPostings?: number; pages?: LazyPages } = {},
  ): SearchIndex {
    // A process that died holding the file left its lock directory; the file has no other user.
    rmSync(`${path}.lock`, { recursive: true, force: true });
    const db = new sqlite.Database(path, options.readOnly ? { readOnly: true, fileMustExist: true } : {});
    // EXCLUSIVE keeps the lock and the page cache between statements: without it every statement
    // takes and drops the lock directory and rereads the pages it needs.
    db.exec(`PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -${CACHE_KIB};`);
    const index = new SearchIndex(db, options.exactTitles ?? true, options.exactMaxPostings, options.pages);
    const version = num(index.get('PRAGMA user_version', [])?.user_version);
    const empty = index.get("SELECT name FROM sqlite_master WHERE name = 'docs'", []) === null;
    if (!empty && version !== SCHEMA_VERSION) {
      index.close();
      throw new Error(`The search index ${path} is of version ${version}; this code reads version ${SCHEMA_VERSION}: rebuild it`);
    }
    if (!options.readOnly) {
      db.exec(`PRAGMA page_size = 8192; ${options.bulk ? 'PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;' : ''}`);
      // A file of this version that has every table is opened without a write: a container's open of its snapshot
      // wrote the version again, a transaction whose commit synced the blocks fetched so far to disk (issue 36.5).
      const names = new Set(index.all('SELECT name FROM sqlite_schema', []).map((r) => str(r.name)));
      if (version !== SCHEMA_VERSION || SCHEMA_NAMES.some((name) => !names.has(name))) {
        db.exec(SCHEMA);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      }
      if (!hasWordSizes(index.sql)) writeWordSizes(index.sql);
      // A container opening a snapshot over the network (`pages`) must not read every long posting list to list
      // them (seconds of ranged GETs before its first answer); it answers as before until a compaction lists them.
      if (!options.pages && !hasUniversal(index.sql)) writeUniversal(index.sql);
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

  /** The index's vocabulary, asked once for many words (the typo tolerance checks a word and its one-edit variants). */
  private readonly vocabulary: Vocabulary = (words) => this.words.known(words);

  /**
   * One page of bills matching a query, ranked (or newest first), with the total and where each
   * matched. Whatever its text, a query's work is bounded (issue 32.7): its terms and phrases are
   * few (parseQuery), a word longer than any indexed word matches nothing, corrections and
   * completions are looked up at once and bounded, and a snippet reads a bounded passage.
   */
  search(req: SearchRequest, now = new Date()): SearchHits {
    const terms = parseQuery(req.q);
    if (terms.length === 0 || hasUnmatchableWord(terms)) return NO_HITS;
    const resolved = resolveTerms(terms, this.vocabulary, (prefix) => this.words.completions(prefix));
    const pinned = this.exactTitles && req.sort === 'relevance';
    // A new container's file: the title's entries and the words' index entries fetched together, before either is read.
    if (this.prefetch?.active) {
      const title = pinned ? titleKey(req.q) : null;
      this.prefetch.keys({ title_keys: title ? [title.hash] : [], sqlite_autoindex_word_postings_1: [...new Set(resolved.flatMap((r) => r.forms.flat()))] });
    }
    const pins = pinned ? titlePins(this.sql, req.q, this.words.pinColumns(req.filters)) : [];
    const words = this.wordQuery(resolved);
    let page: { rids: number[]; total: number };
    if (words) page = this.words.search(words, req, now, pins);
    else {
      const match = matchExpression(resolved);
      if (!match) return NO_HITS;
      page = ftsPage(this.sql, this.billCount(), match, req, now, { cheapProbe: terms.every((t) => !t.prefix), pins });
    }
    return { hits: this.hitsOf(page.rids, resolved), total: page.total };
  }

  /**
   * The query as the word postings answer it, or null when FTS5 must: words (each with its
   * corrections, or a prefix with its completions) and phrases of common words, whose two-word
   * phrases have postings of their own. A phrase of three or more common words is matched by its
   * two-word phrases (a bill holding them apart matches too), unless a term of the query is rare:
   * FTS5 then matches the phrase exactly, at the cost of that rare term's few bills.
   */
  private wordQuery(resolved: ResolvedTerm[]): WordQuery | null {
    const groups: WordQuery = [];
    const pairs = new Set<string>();
    let exact = true;
    for (const { term, forms } of resolved) {
      if (term.kind === 'word') {
        groups.push(term.prefix ? [{ words: forms.map((f) => f[0] ?? '') }] : forms.map((f) => ({ words: [f[0] ?? ''] })));
        continue;
      }
      const [first = '', ...rest] = term.tokens;
      let previous = first;
      for (const word of rest) {
        if (!this.words.hasPair(previous, word)) return null;
        pairs.add(pairKey(previous, word));
        previous = word;
      }
      if (rest.length > 1) exact = false;
    }
    if (!exact && resolved.some((r) => r.forms.every((f) => f.some((w) => !this.words.isCommon(w))))) return null;
    for (const key of pairs) groups.push([{ words: [key] }]);
    return groups;
  }

  /** The hits of a page: each bill's id and the passage that matched. */
  private hitsOf(rids: number[], resolved: ResolvedTerm[]): SearchHit[] {
    if (rids.length === 0) return [];
    // A new container's file: the hits' rows and their passages' rows fetched together, not one after another.
    const sections = rids.map((rid) => ({ first: rid * SECTIONS_PER_BILL, last: rid * SECTIONS_PER_BILL + SECTIONS_PER_BILL - 1 }));
    this.prefetch?.rows({ docs: rids.map((rid) => ({ first: rid, last: rid })), sections_fts_content: sections, sections_fts_docsize: sections });
    const ids = new Map(
      this.all(`SELECT rid, bill_id FROM docs WHERE rid IN (${rids.map(() => '?').join(',')})`, rids).map((r) => [num(r.rid), str(r.bill_id)]),
    );
    // FTS5's rank counts, once per statement, every section holding each word: a common word's are
    // most of the index (issue 32.7). Sections are ranked by the query's rare forms alone, or, when
    // every form is common, the bill's first section holding one is quoted.
    const rare = resolved.map((r) => ({ ...r, forms: r.forms.filter((f) => f.some((w) => !this.words.isCommon(w))) })).filter((r) => r.forms.length > 0);
    const ranked = rare.length > 0;
    const any = matchExpression(ranked ? rare : this.rarestTerms(resolved), true);
    // Every form is marked in the snippet: a correction, a completion, each word of a phrase.
    const marked = [...new Set(resolved.flatMap((r) => r.forms.flat()))].map((w) => ({ kind: 'word' as const, tokens: [w], prefix: false }));
    return rids.map((rid) => ({ bill_id: ids.get(rid) ?? '', match: any ? this.passage(rid, any, ranked, marked) : null }));
  }

  /**
   * The SNIPPET_MAX_TERMS terms of a query of common words that the fewest bills hold: FTS5 reads
   * the whole list of sections of each term it matches, and eight common words' lists are most of
   * the passages' index (issue 32.7).
   */
  private rarestTerms(resolved: ResolvedTerm[]): ResolvedTerm[] {
    const sizes = this.words.known([...new Set(resolved.flatMap((r) => r.forms.flat()))]);
    const size = (r: ResolvedTerm) => r.forms.flat().reduce((a, w) => a + (sizes.get(w) ?? 0), 0);
    return [...resolved].sort((a, b) => size(a) - size(b)).slice(0, SNIPPET_MAX_TERMS);
  }

  /** The passage of a bill that best matches any word of the query (FTS5's rank among its sections, or its first), with a snippet (../domain/search/snippet.ts). */
  private passage(rid: number, any: string, ranked: boolean, marked: Parameters<typeof bestPassage>[1]): SearchHit['match'] {
    const row = this.get(
      `SELECT label, substr(body, 1, ${PASSAGE_MAX_CHARS}) AS body FROM sections_fts WHERE sections_fts MATCH ? AND rowid BETWEEN ? AND ?${ranked ? ' ORDER BY rank' : ''} LIMIT 1`,
      [any, rid * SECTIONS_PER_BILL, rid * SECTIONS_PER_BILL + SECTIONS_PER_BILL - 1],
    );
    return row ? bestPassage([{ label: str(row.label), body: str(row.body) }], marked) : null;
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
    dropTitleKeys(this.sql, rid);
  }

  private put(doc: SearchDocument, indexedAt: string): void {
    const date = documentDate(doc);
    const existing = this.rowOf(doc.bill_id);
    if (existing !== null) this.drop(existing);
    const words = billWords(doc);
    const { length } = words;
    const values = [...filterValues(doc), date, Number(date.slice(0, 4)), length, indexedAt];
    const columns = [...FILTER_NAMES, 'date', 'year', 'len', 'indexed_at'];
    const rid =
      existing ??
      num(
        this.run(`INSERT INTO docs(bill_id, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`, [doc.bill_id, ...values]).lastInsertRowid,
      );
    if (existing !== null) this.run(`UPDATE docs SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE rid = ?`, [...values, rid]);
    this.run(`INSERT INTO bills_fts(rowid, ${SEARCH_COLUMNS.map((c) => c.name).join(', ')}) VALUES (?, ${SEARCH_COLUMNS.map(() => '?').join(', ')})`, [
      rid,
      ...SEARCH_COLUMNS.map((c) => doc[c.name]),
    ]);
    doc.sections.slice(0, SECTIONS_PER_BILL).forEach((s, i) => {
      this.run('INSERT INTO sections_fts(rowid, label, body) VALUES (?,?,?)', [rid * SECTIONS_PER_BILL + i, s.label, s.body]);
    });
    for (const topic of new Set(doc.topics)) this.run('INSERT INTO doc_topics(topic, rid) VALUES (?,?)', [topic, rid]);
    writeTitleKeys(this.sql, rid, doc);
    const encoded = encodeBillWords(words);
    writeWords(this.sql, rid, encoded);
    const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, doc[name]])) as FilterValues;
    const row = { ...filters, rid, length, date };
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
