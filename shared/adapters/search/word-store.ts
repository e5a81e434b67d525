/**
 * The word postings' tables in the index file, what the word ranker reads of
 * them (./word-ranker.ts), and their compaction: the words of bills written
 * since the last one are merged into the compacted postings (one row per word,
 * ./posting-codec.ts), which optimize() runs after a rebuild. The first
 * compaction of a file also picks its common words, whose two-word phrases get
 * postings of their own; they stay the file's common words from then on, so
 * every bill's pairs are drawn from the same set. Compaction also keeps the
 * Latin words and the common words with their sizes in one row the ranker
 * holds in memory: correcting or completing a word asks the file nothing
 * (issue 32.7).
 */
import { decodeBillWords, type DecodedBillWords } from '#shared/domain/search/bill-words.ts';
import { latinWord } from '#shared/domain/search/search-query.ts';
import { decodeCount, decodePostings, encodePostings, type Postings } from './posting-codec.ts';
import { DocColumns, newestFirst, type DocColumnsRow, type FilterValues } from './doc-columns.ts';
import { FILTER_COLUMNS } from './filter-columns.ts';
import { LISTED_PAIR_BYTES, type WordSource } from './word-ranker.ts';
import { WordSizes } from './word-sizes.ts';
import { bestOf, headFactors, HEAD_MAX, packHead, STORED_HEAD_MIN_BILLS, unpackHead } from './word-heads.ts';
import { DENSE_SHARE, DensePostings, encodeDense } from './dense-postings.ts';
import type { RowPrefetcher } from './row-pages.ts';

/** A word is common when this share of the bills hold it, and at least COMMON_MIN_BILLS. */
const COMMON_SHARE = 0.01;
const COMMON_MIN_BILLS = 50;

/**
 * The tables of large values are rowid tables with their key in an index of its own: in a WITHOUT
 * ROWID table a key is the whole row, and SQLite reads the whole of every row a lookup's binary
 * search compares with when that row overflows its page (other words' postings, megabytes of other
 * columns), where here it reads the index's small entries and then the one row (issue 36.5). A
 * file written before keeps its WITHOUT ROWID tables; the statements below read both.
 */
export const WORD_SCHEMA = `
CREATE TABLE IF NOT EXISTS word_postings(id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, postings BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS recent_words(rid INTEGER PRIMARY KEY, words TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stale_rids(rid INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS common_words(word TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS doc_columns(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS word_lists(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS word_heads(id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, head BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS word_dense(id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, postings BLOB NOT NULL);
`;

/**
 * The word_lists row of the Latin words, the other common words and the largest pairs with their
 * postings' sizes, packed (./word-sizes.ts). A file compacted before it has them as text lines
 * ("word size", LINES_LIST), which a reader parses; a reader of that older code finds no list in a
 * newer file and asks the file instead, as it would of a file without one.
 */
const SIZES_LIST = 'packed_sizes';
const LINES_LIST = 'sizes';
/** The doc_columns row of the bills newest first (newestFirst), as of the compaction. */
const DATE_ORDER = 'date_order';
/** The word_lists row of the runs of Latin letters that begin a word and a digit follows. */
const RUNS_LIST = 'runs';
/** The word_lists row of the words and pairs every compacted bill holds (universalWords). */
const UNIVERSAL_LIST = 'universal';

export type Value = string | number | null | Uint8Array;
type Row = Record<string, unknown>;

/** The statements the store runs, from the index's statement cache. */
export interface Sql {
  all(sql: string, values: Value[]): Row[];
  get(sql: string, values: Value[]): Row | null;
  run(sql: string, values: Value[]): void;
  /** Where rows about to be read are fetched together while the file is not all local (./row-pages.ts); none for a local file. */
  rows?: Pick<RowPrefetcher, 'active' | 'rows'>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const bytes = (v: unknown): Uint8Array => (v instanceof Uint8Array ? v : new Uint8Array(0));
const ids = (list: string): number[] => (list ? list.split(',').map(Number) : []);

/** Row ids written or removed since the last compaction. */
const staleRids = (sql: Sql): number[] => ids(text(sql.get('SELECT group_concat(rid) AS r FROM stale_rids', [])?.r));

/** The first string after every string that begins with `prefix`. */
const pastPrefix = (prefix: string): string => prefix.slice(0, -1) + String.fromCodePoint((prefix.codePointAt(prefix.length - 1) ?? 0) + 1);

export function wordSource(sql: Sql): WordSource {
  // A file compacted before issue 32.7's tables has no word_heads or word_dense (a reader's open adds no table).
  const missing = new Set<string>();
  const blobOf = (table: 'word_heads' | 'word_dense', column: string, word: string): Uint8Array | null => {
    if (missing.has(table)) return null;
    try {
      const row = sql.get(`SELECT ${column} AS data FROM ${table} WHERE word = ?`, [word]);
      return row ? bytes(row.data) : null;
    } catch {
      missing.add(table);
      return null;
    }
  };
  return {
    storedHead(word) {
      const blob = blobOf('word_heads', 'head', word);
      return blob ? unpackHead(blob) : null;
    },
    densePostings(word) {
      const blob = blobOf('word_dense', 'postings', word);
      return blob ? DensePostings.read(blob) : null;
    },
    postings(word) {
      const row = sql.get('SELECT postings FROM word_postings WHERE word = ?', [word]);
      return row ? decodePostings(bytes(row.postings)) : null;
    },
    prefetch(words) {
      const rows = sql.rows;
      if (!rows?.active || words.length === 0) return;
      // The words' row ids are in the word index alone (its entries hold them); a file of the older
      // layout (WITHOUT ROWID postings) has no id column, and its words are read as they come.
      const list = JSON.stringify(words);
      let ids: Row[];
      try {
        ids = sql.all('SELECT id FROM word_postings WHERE word IN (SELECT value FROM json_each(?))', [list]);
      } catch {
        return;
      }
      // A word kept dense is read dense (./dense-postings.ts): those rows are fetched instead of its varints.
      let dense: Row[] = [];
      if (!missing.has('word_dense')) {
        try {
          dense = sql.all(
            'SELECT d.id AS id, p.id AS varints FROM word_dense d JOIN word_postings p ON p.word = d.word WHERE d.word IN (SELECT value FROM json_each(?))',
            [list],
          );
        } catch {
          missing.add('word_dense');
        }
      }
      const replaced = new Set(dense.map((r) => Number(r.varints)));
      const range = (r: Row) => ({ first: Number(r.id), last: Number(r.id) });
      rows.rows({ word_postings: ids.filter((r) => !replaced.has(Number(r.id))).map(range), word_dense: dense.map(range) });
    },
    // length() of a blob reads its size from the row header, not its pages.
    known(words) {
      if (words.length === 0) return new Map();
      const rows = sql.all('SELECT word, length(postings) AS n FROM word_postings WHERE word IN (SELECT value FROM json_each(?))', [JSON.stringify(words)]);
      return new Map(rows.map((r) => [text(r.word), Number(r.n)]));
    },
    digitRuns: () => lineSet(sql, RUNS_LIST),
    universalWords: () => lineSet(sql, UNIVERSAL_LIST),
    completions(prefix, limit, digitsOnly = false) {
      // A Latin prefix's Latin completions are in memory: the file is asked for those a digit follows.
      const [from, to] = digitsOnly ? [`${prefix}0`, `${prefix}:`] : [prefix, pastPrefix(prefix)];
      const rows = sql.all('SELECT word, length(postings) AS n FROM word_postings WHERE word >= ? AND word < ? ORDER BY n DESC LIMIT ?', [from, to, limit]);
      return new Map(rows.map((r) => [text(r.word), Number(r.n)]));
    },
    staleRids: () => staleRids(sql),
    columns() {
      // Compacted columns as stored, then the bills written or removed since, row by row.
      const saved = sql.all('SELECT name, data FROM doc_columns WHERE name <> ?', [DATE_ORDER]);
      if (saved.length === 0) return columnsOf(docRows(sql, ''));
      const cols = DocColumns.restore(Object.fromEntries(saved.map((r) => [text(r.name), bytes(r.data)])));
      for (const rid of staleRids(sql)) cols.remove(rid);
      for (const row of docRows(sql, 'WHERE rid IN (SELECT rid FROM stale_rids)')) cols.set(row);
      return cols;
    },
    recentWords() {
      return sql.all('SELECT rid, words FROM recent_words', []).map((r) => ({ rid: Number(r.rid), words: text(r.words) }));
    },
    savedDateOrder() {
      const data = bytes(sql.get('SELECT data FROM doc_columns WHERE name = ?', [DATE_ORDER])?.data);
      // A blob from the engine is a copy of its own: 4-byte aligned.
      return data.length > 0 && data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, data.byteLength >>> 2) : null;
    },
    wordSizes() {
      const packed = sql.get('SELECT data FROM word_lists WHERE name = ?', [SIZES_LIST]);
      if (packed) return WordSizes.unpack(bytes(packed.data));
      const lines = sql.get('SELECT data FROM word_lists WHERE name = ?', [LINES_LIST]);
      if (!lines) return null;
      const out: [string, number][] = [];
      for (const line of new TextDecoder().decode(bytes(lines.data)).split('\n')) {
        const space = line.lastIndexOf(' ');
        if (space > 0) out.push([line.slice(0, space), Number(line.slice(space + 1))]);
      }
      return WordSizes.of(out);
    },
    commonWords() {
      return sql.all('SELECT word FROM common_words', []).map((r) => text(r.word));
    },
    topicRids(topic) {
      return ids(text(sql.get('SELECT group_concat(rid) AS r FROM doc_topics WHERE topic = ?', [topic])?.r));
    },
  };
}

/** A word_lists row of words, one a line; null when the file keeps none. */
function lineSet(sql: Sql, name: string): Set<string> | null {
  const row = sql.get('SELECT data FROM word_lists WHERE name = ?', [name]);
  return row ? new Set(new TextDecoder().decode(bytes(row.data)).split('\n').filter(Boolean)) : null;
}

function columnsOf(rows: DocColumnsRow[]): DocColumns {
  const cols = new DocColumns();
  for (const row of rows) cols.set(row);
  return cols;
}

/** A docs row's values travel as one string, joined by a character no value holds. */
const SEP = '\u001f';
const DOC_ROW_SQL = ['rid', 'len', 'date', ...FILTER_COLUMNS.map((c) => `coalesce(${c.name}, '')`)].join(` || char(31) || `);

/** The docs' columns, through one string: a row per bill through the wasm boundary costs several times more. */
function docRows(sql: Sql, where: string): DocColumnsRow[] {
  const all = text(sql.get(`SELECT group_concat(${DOC_ROW_SQL}, char(10)) AS c FROM docs ${where}`, [])?.c);
  if (!all) return [];
  return all.split('\n').map((line): DocColumnsRow => {
    const [rid, length, date, ...values] = line.split(SEP);
    const filters = Object.fromEntries(
      FILTER_COLUMNS.map((c, i) => {
        const v = values[i] ?? '';
        return [c.name, c.kind === 'code' ? (v === '' ? null : v) : Number(v)];
      }),
    ) as FilterValues;
    return { ...filters, rid: Number(rid), length: Number(length), date: date ?? '' };
  });
}

/** Records a bill's words (encoded by encodeBillWords) as written since compaction (its compacted postings, if any, go stale). */
export function writeWords(sql: Sql, rid: number, words: string): void {
  sql.run('INSERT OR REPLACE INTO recent_words(rid, words) VALUES (?, ?)', [rid, words]);
  sql.run('INSERT OR IGNORE INTO stale_rids(rid) VALUES (?)', [rid]);
}

export function dropWords(sql: Sql, rid: number): void {
  sql.run('DELETE FROM recent_words WHERE rid = ?', [rid]);
  sql.run('INSERT OR IGNORE INTO stale_rids(rid) VALUES (?)', [rid]);
}

/**
 * Merges the recent words into the compacted postings. Two passes over both (count, then fill)
 * so that each word's postings go straight into arrays of their final size.
 */
export function compactWords(sql: Sql): void {
  const stale = new Set(staleRids(sql));
  if (stale.size === 0) return;
  const recent = (visit: (rid: number, words: DecodedBillWords) => void) => {
    for (const row of sql.all('SELECT rid, words FROM recent_words ORDER BY rid', [])) visit(Number(row.rid), decodeBillWords(text(row.words)));
  };
  const common = new Set(sql.all('SELECT word FROM common_words', []).map((r) => text(r.word)));
  if (common.size === 0 && sql.get('SELECT word FROM word_postings LIMIT 1', []) === null) {
    const df = new Map<string, number>();
    recent((_, words) => {
      for (const [word] of words.freqs) df.set(word, (df.get(word) ?? 0) + 1);
    });
    const bills = Number(sql.get('SELECT count(*) AS n FROM docs', [])?.n ?? 0);
    const floor = Math.max(COMMON_MIN_BILLS, bills * COMMON_SHARE);
    for (const [word, n] of df) if (n >= floor) common.add(word);
    for (const word of common) sql.run('INSERT INTO common_words(word) VALUES (?)', [word]);
  }
  const each = (visit: (word: string, rid: number, f: number) => void) => {
    for (const row of sql.all('SELECT word, postings FROM word_postings', [])) {
      const word = text(row.word);
      const { rids, freqs } = decodePostings(bytes(row.postings));
      for (let i = 0; i < rids.length; i++) {
        const rid = rids[i] ?? 0;
        if (!stale.has(rid)) visit(word, rid, freqs[i] ?? 0);
      }
    }
    recent((rid, words) => {
      for (const [word, f] of words.freqs) visit(word, rid, f);
      for (const [pair, f] of words.pairs(common)) visit(pair, rid, f);
    });
  };
  const counts = new Map<string, number>();
  each((word) => counts.set(word, (counts.get(word) ?? 0) + 1));
  const merged = new Map<string, Postings & { filled: number }>();
  for (const [word, n] of counts) merged.set(word, { rids: new Uint32Array(n), freqs: new Uint32Array(n), filled: 0 });
  counts.clear();
  each((word, rid, f) => {
    const p = merged.get(word);
    if (!p) return;
    p.rids[p.filled] = rid;
    p.freqs[p.filled] = f;
    p.filled += 1;
  });
  sql.run('DELETE FROM word_postings', []);
  sql.run('DELETE FROM word_dense', []);
  const cols = columnsOf(docRows(sql, ''));
  for (const [word, p] of merged) {
    const sorted = ascending(p);
    sql.run('INSERT INTO word_postings(word, postings) VALUES (?, ?)', [word, encodePostings(sorted)]);
    // Also dense for a word an eighth of the bills hold: the ranker reads that; code before it, the varints.
    if (p.filled >= Math.max(1, cols.count * DENSE_SHARE)) sql.run('INSERT INTO word_dense(word, postings) VALUES (?, ?)', [word, encodeDense(sorted)]);
  }
  sql.run('DELETE FROM doc_columns', []);
  writeUniversal(
    sql,
    [...merged].filter(([, p]) => p.filled === cols.count && cols.count > 0).map(([word]) => word),
  );
  for (const [name, data] of Object.entries(cols.save())) sql.run('INSERT INTO doc_columns(name, data) VALUES (?, ?)', [name, data]);
  writeHeads(sql, merged, cols, new Date());
  const order = newestFirst(cols);
  sql.run('INSERT INTO doc_columns(name, data) VALUES (?, ?)', [DATE_ORDER, new Uint8Array(order.buffer, order.byteOffset, order.byteLength)]);
  sql.run('DELETE FROM recent_words', []);
  sql.run('DELETE FROM stale_rids', []);
  writeWordSizes(sql);
}

/**
 * Stores the head of every word and pair held by STORED_HEAD_MIN_BILLS bills or more, for the year of
 * `now` (./word-heads.ts): a query of the commonest words then weighs none of their postings to find
 * its candidates (issue 32.7). Every bill is current at compaction.
 */
function writeHeads(sql: Sql, merged: Map<string, Postings>, cols: DocColumns, now: Date): void {
  sql.run('DELETE FROM word_heads', []);
  const factors = headFactors(cols, now);
  for (const [word, p] of merged) {
    if (p.rids.length < STORED_HEAD_MIN_BILLS) continue;
    const rids = Uint32Array.from(bestOf(p, factors, HEAD_MAX, { alive: cols.alive }));
    sql.run('INSERT INTO word_heads(word, head) VALUES (?, ?)', [word, packHead({ year: factors.year, rids })]);
  }
}

/**
 * Writes the Latin words (in order), the other common words and the pairs of LISTED_PAIR_BYTES or
 * more with their sizes, as one packed row (./word-sizes.ts): after each compaction, and once for a
 * file compacted before the list existed (its writer's open). The Latin words are one range of the
 * postings.
 */
export function writeWordSizes(sql: Sql): void {
  const latin = sql.all("SELECT word, length(postings) AS n FROM word_postings WHERE word >= 'a' AND word < '{'", []).filter((r) => latinWord(text(r.word)));
  const common = sql
    .all('SELECT w.word AS word, length(w.postings) AS n FROM word_postings w JOIN common_words c ON c.word = w.word', [])
    .filter((r) => !latinWord(text(r.word)));
  // Pair keys begin with a space: they sort before every word.
  const pairs = sql.all("SELECT word, length(postings) AS n FROM word_postings WHERE word < '!' AND length(postings) >= ?", [LISTED_PAIR_BYTES]);
  const packed = WordSizes.pack([...latin, ...common, ...pairs].map((r) => [text(r.word), Number(r.n)] as const));
  sql.run('DELETE FROM word_lists WHERE name = ?', [LINES_LIST]);
  sql.run('INSERT OR REPLACE INTO word_lists(name, data) VALUES (?, ?)', [SIZES_LIST, packed]);
  // The Latin letters a digit follows at the start of a word ("hr" of "hr2471"): the prefixes whose completions the file has beyond the list.
  const runs = new Set<string>();
  for (const r of sql.all("SELECT word FROM word_postings WHERE word >= 'a' AND word < '{' AND word GLOB '[a-z]*[0-9]*'", [])) {
    const run = /^([a-z]+)[0-9]/u.exec(text(r.word))?.[1];
    if (run) runs.add(run);
  }
  sql.run('INSERT OR REPLACE INTO word_lists(name, data) VALUES (?, ?)', [RUNS_LIST, new TextEncoder().encode([...runs].join('\n'))]);
}

/**
 * Writes the words and pairs every compacted bill holds: a query's group of one of them filters
 * nothing and its IDF is FTS5's floor (a millionth), so the ranker drops it unread (issue 32.7: a
 * pair all 350,000 bills hold is 700 KB of postings). For a file compacted before the list existed
 * (its writer's open), `words` is omitted and each posting list of 2 bytes a bill or more is sized
 * by its count (a posting takes 2 bytes at least).
 */
export function writeUniversal(sql: Sql, words?: string[]): void {
  let list = words;
  if (!list) {
    const bills = Number(sql.get('SELECT count(*) AS n FROM docs', [])?.n ?? 0);
    const rows = bills > 0 ? sql.all('SELECT word, postings FROM word_postings WHERE length(postings) > ?', [2 * bills]) : [];
    list = rows.filter((r) => decodeCount(bytes(r.postings)) === bills).map((r) => text(r.word));
  }
  sql.run('INSERT OR REPLACE INTO word_lists(name, data) VALUES (?, ?)', [UNIVERSAL_LIST, new TextEncoder().encode(list.join('\n'))]);
}

/** Whether the file keeps its list of the words every bill holds (a file compacted before it existed has not). */
export function hasUniversal(sql: Sql): boolean {
  return sql.get('SELECT name FROM word_lists WHERE name = ?', [UNIVERSAL_LIST]) !== null || sql.get('SELECT word FROM word_postings LIMIT 1', []) === null;
}

/** Whether the file's compacted postings have their list of sizes (a file compacted before it existed has not). */
export function hasWordSizes(sql: Sql): boolean {
  return sql.get('SELECT name FROM word_lists WHERE name = ?', [RUNS_LIST]) !== null || sql.get('SELECT word FROM word_postings LIMIT 1', []) === null;
}
/** Postings in row-id order: a bill rewritten since compaction keeps its old row id, so it can come after newer ones. */
function ascending(p: Postings): Postings {
  let sorted = true;
  for (let i = 1; i < p.rids.length && sorted; i++) sorted = (p.rids[i - 1] ?? 0) < (p.rids[i] ?? 0);
  if (sorted) return p;
  const order = Array.from(p.rids.keys()).sort((a, b) => (p.rids[a] ?? 0) - (p.rids[b] ?? 0));
  return { rids: Uint32Array.from(order, (i) => p.rids[i] ?? 0), freqs: Uint32Array.from(order, (i) => p.freqs[i] ?? 0) };
}
