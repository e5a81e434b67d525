/**
 * Exact titles (issue 32.1): the index keeps every bill's title keys
 * (../domain/search/title-keys.ts) in a table of hashes, and a query that is
 * a title word for word, give or take "act", "of", "the" and a year, puts the
 * bills of that title first, ahead of bills that merely hold its words
 * (docs/architecture.md, "Search"). Among bills of one title: the one whose
 * title names the year the query names, then one of a Congress that sat in
 * that year, then a short title before another title, then the newest
 * Congress and the latest action first.
 */
import { documentTitleKeys, titleKey } from '#shared/domain/search/title-keys.ts';
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import type { SearchFilters } from '#shared/domain/search/search-filters.ts';
import { filterSql } from './filter-columns.ts';
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

/** The bills whose title the query is, passing the filters, best first (at most MAX_PINS). */
export function titlePins(sql: Sql, q: string, filters: SearchFilters): number[] {
  const key = titleKey(q);
  if (!key) return [];
  const { where, values } = filterSql(filters);
  const year = key.year ?? 0;
  // The Congress c sat from 3 January of 1787 + 2c to 3 January two years later.
  return sql
    .all(
      `SELECT t.rid AS rid FROM title_keys t JOIN docs d ON d.rid = t.rid WHERE t.hash = ? ${where.map((w) => `AND ${w}`).join(' ')}
       ORDER BY coalesce(t.year = ?, 0) DESC, (? - 1787 - 2 * d.congress BETWEEN 0 AND 1) DESC, t.kind DESC, d.congress DESC, d.date DESC, d.rid DESC
       LIMIT ${MAX_PINS}`,
      [key.hash, ...values, year, year],
    )
    .map((r) => Number(r.rid));
}
