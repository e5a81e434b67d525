/**
 * Exact titles (issue 32.1): the index keeps every bill's title keys
 * (../domain/search/title-keys.ts) in a table of hashes, and a query that is
 * a title word for word, give or take "act", "of", "the" and a year, puts the
 * bills of that title first, ahead of bills that merely hold its words
 * (docs/search.md). Among bills of one title: the one whose
 * title names the year the query names, then one of a Congress that sat in
 * that year, then a short title before another title, then the newest
 * Congress and the latest action first.
 */
import { documentTitleKeys, titleKey } from '#shared/domain/search/title-keys.ts';
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import type { PinColumns } from './word-ranker.ts';
import type { Sql } from './word-store.ts';

/** The most bills one title puts first (a title two dozen bills share is rare; a page is at most 50). */
export const MAX_PINS = 200;

export const TITLE_SCHEMA = `
CREATE TABLE IF NOT EXISTS title_keys(hash INTEGER NOT NULL, rid INTEGER NOT NULL, kind INTEGER NOT NULL, year INTEGER,
  PRIMARY KEY(hash, rid)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS title_keys_by_rid ON title_keys(rid);`;

export function writeTitleKeys(sql: Sql, rid: number, doc: Pick<SearchDocument, 'short_title' | 'title'>): void {
  for (const k of documentTitleKeys(doc)) sql.run('INSERT INTO title_keys(hash, rid, kind, year) VALUES (?, ?, ?, ?)', [k.hash, rid, k.kind, k.year]);
}

export function dropTitleKeys(sql: Sql, rid: number): void {
  sql.run('DELETE FROM title_keys WHERE rid = ?', [rid]);
}

/**
 * The bills whose title the query is, passing the filters, best first (at most MAX_PINS). The
 * title's rows are read from its keys' index (a few pages however many bills share it), and
 * ordered in memory: a join to each bill's row read a page apiece, hundreds for a title thousands
 * of bills share (issue 32.7).
 */
export function titlePins(sql: Sql, q: string, columns: PinColumns): number[] {
  const key = titleKey(q);
  if (!key) return [];
  const year = key.year ?? 0;
  const rows = sql
    .all('SELECT rid, kind, year FROM title_keys WHERE hash = ?', [key.hash])
    .map((r) => ({ rid: Number(r.rid), kind: Number(r.kind), named: r.year !== null && Number(r.year) === year ? 1 : 0 }))
    .filter((r) => columns.passes(r.rid));
  // The Congress c sat from 3 January of 1787 + 2c to 3 January two years later.
  const sat = (rid: number) => {
    const since = year - 1787 - 2 * columns.congress(rid);
    return since >= 0 && since <= 1 ? 1 : 0;
  };
  rows.sort(
    (a, b) =>
      b.named - a.named ||
      sat(b.rid) - sat(a.rid) ||
      b.kind - a.kind ||
      columns.congress(b.rid) - columns.congress(a.rid) ||
      columns.date(b.rid) - columns.date(a.rid) ||
      b.rid - a.rid,
  );
  return rows.slice(0, MAX_PINS).map((r) => r.rid);
}
