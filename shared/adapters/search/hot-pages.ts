/**
 * The parts of an index file every answer reads, as byte ranges: a new
 * container fetches them at once, in parallel GETs, instead of one round
 * trip per page as SQLite asks (./lazy-file.ts; docs/search.md). They are the pages of the small tables and indexes the word
 * ranker loads or looks up for any query (its state as compaction stored it,
 * the common words, the FTS5 tables' term indexes and the first leaf of their
 * data, which holds the structure and averages records every FTS5 query
 * reads): about 12.5 MB of an 820 MB file at 350,000 bills, in 19 ranges (43
 * MB with the bills' rows and topics, before run 12). Every b-tree's interior pages were tried
 * here too: 150 scattered ranges of 256 KB blocks, whose GETs the first
 * query's own reads queued behind, and the first answer came later
 * (bench/results/search.md, run 8); they travel in the page pack instead, 8 KB
 * a page in one GET (./page-pack.ts). The FTS5 tables, the word postings
 * and their index, most of the file, are read where a query needs them. Found
 * with SQLite's dbstat table when a snapshot is written (./index-store.ts).
 */
import type { ByteRange } from './lazy-file.ts';
import { readIndexFile } from './read-index-file.ts';

/**
 * The tables and indexes every answer reads (their names in the file's schema), in the order a first answer
 * needs them: their ranges are fetched in this order, a few GETs at a time (./range-fetch-worker.ts), so the
 * ranker's state is local first.
 */
export const HOT_TABLES = [
  'sqlite_schema',
  'bills_fts_config',
  'sections_fts_config',
  // What the word ranker loads at its first query (./word-store.ts): its columns and date order, ...
  'doc_columns',
  'sqlite_autoindex_doc_columns_1',
  'common_words',
  'recent_words',
  'stale_rids',
  // ... the words' sizes and the letter runs before digits.
  'word_lists',
  'sqlite_autoindex_word_lists_1',
  // Where a term's list is in each FTS5 table (the passage quoted is found through sections_fts).
  'bills_fts_idx',
  'sections_fts_idx',
] as const;

/**
 * The rest of the file, read page by page where a query needs it: the FTS5 tables, the word postings and the title
 * keys (most of the bytes), and the bills' id index. Every table of an index file is named in one of the two lists,
 * so a new one is placed on purpose (test/unit/shared/adapters/search/hot-pages.test.ts).
 */
export const READ_WHERE_NEEDED = [
  'bills_fts',
  'bills_fts_data',
  'bills_fts_docsize',
  'bills_vocab',
  'sections_fts',
  'sections_fts_content',
  'sections_fts_data',
  'sections_fts_docsize',
  'word_postings',
  // The stored heads and dense postings of the commonest words, read by a query of them (./word-heads.ts, ./dense-postings.ts).
  'word_heads',
  'sqlite_autoindex_word_heads_1',
  'word_dense',
  'sqlite_autoindex_word_dense_1',
  'title_keys',
  'title_keys_by_rid',
  'sqlite_autoindex_docs_1',
  // Where each word's postings are (18 MB at 350,000 bills in the rowid layout).
  'sqlite_autoindex_word_postings_1',
  // A date sort on the full-text path walks it; the word ranker holds its own date order.
  'docs_by_date',
  // The bills' rows (25 MB at 350,000 bills) and the bills by topic (6 MB): a page of hits reads ten rows, fetched
  // together (./row-pages.ts), a topic filter one topic's run. Among the hot ranges they were most of the bytes, and
  // arriving while the first query ran they slowed its own reads (bench/results/search.md, run 12).
  'docs',
  'doc_topics',
] as const;

/** The byte ranges of the hot tables' pages in the file at `path`, adjacent pages merged, in the order of HOT_TABLES (the FTS5 tables' first leaves with their term indexes). */
export function hotPages(path: string): ByteRange[] {
  return readIndexFile(path, (db) => {
    const pageSize = Number((db.get('PRAGMA page_size') as { page_size: number }).page_size);
    const rows = db.all(
      `SELECT pageno, name FROM dbstat WHERE name IN (${HOT_TABLES.map(() => '?').join(',')})
        OR (name LIKE '%_fts_data' AND pagetype = 'leaf' AND replace(path, '000/', '') = '/') ORDER BY pageno`,
      [...HOT_TABLES],
    ) as {
      pageno: number;
      name: string;
    }[];
    const rank = (name: string) => {
      const at = (HOT_TABLES as readonly string[]).indexOf(name.endsWith('_fts_data') ? name.replace(/_data$/u, '_idx') : name);
      return at === -1 ? HOT_TABLES.length : at;
    };
    const ranges: (ByteRange & { rank: number })[] = [];
    for (const { pageno, name } of rows) {
      const offset = (Number(pageno) - 1) * pageSize;
      const last = ranges.at(-1);
      const r = rank(name);
      // Adjacent pages of tables needed at different times stay apart: each range is fetched in its turn.
      if (last && last.offset + last.length === offset && last.rank === r) last.length += pageSize;
      else ranges.push({ offset, length: pageSize, rank: r });
    }
    return ranges.sort((a, b) => a.rank - b.rank || a.offset - b.offset).map(({ offset, length }) => ({ offset, length }));
  });
}
