/**
 * The full-text path of a search (docs/search.md): a query
 * the word postings cannot answer exactly (a phrase with a rare word) is an
 * FTS5 MATCH, ranked by FTS5's bm25() with the column weights times the
 * recency factor, or sorted by date, with the filters as WHERE clauses over
 * the docs table joined to the match. The total is counted apart, without
 * scoring (a twentieth of the cost of scoring a row); a date-sorted page never
 * scores at all.
 */
import { RECENCY_BOOST, RECENCY_FROM_YEAR, SEARCH_COLUMNS } from '#shared/domain/search/search-document.ts';
import { filterSql } from './filter-columns.ts';
import type { SearchRequest } from './search-filters.ts';
import type { Sql } from './word-store.ts';

/**
 * A date-sorted page walks the docs newest first, probing each against the match, when it
 * expects at most this many probes; else it reads and sorts every match (bench/results/search.md).
 */
const DATE_WALK_MAX_PROBES = 400;

const BM25 = `bm25(bills_fts, ${SEARCH_COLUMNS.map((c) => c.weight.toFixed(1)).join(', ')})`;

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
const and = (where: string[]) => where.map((w) => `AND ${w}`).join(' ');

export interface FtsPage {
  rids: number[];
  total: number;
}

export interface FtsOptions {
  /** False when a probe would re-run an expensive part of the match (a prefix's completions): a date page then sorts. */
  cheapProbe: boolean;
  /** Bills to put first where they match, in this order (relevance only): those the query names by title. */
  pins: readonly number[];
}

/** One page of the bills matching an FTS5 expression, with the total. */
export function ftsPage(sql: Sql, bills: number, match: string, req: SearchRequest, now: Date, options: FtsOptions): FtsPage {
  const { where, values } = filterSql(req.filters);
  const pinned = req.sort === 'relevance' && options.pins.length > 0 ? matching(sql, match, options.pins) : [];
  if (pinned.length > 0) {
    where.push('d.rid NOT IN (SELECT value FROM json_each(?))');
    values.push(JSON.stringify(pinned));
  }
  const total = pinned.length + countMatches(sql, match, where, values);
  if (total <= req.offset) return { rids: [], total };
  const shown = pinned.slice(req.offset, req.offset + req.limit);
  const rest = { ...req, offset: Math.max(0, req.offset - pinned.length), limit: req.limit - shown.length };
  if (rest.limit === 0) return { rids: shown, total };
  const rows = req.sort === 'date' ? newest(sql, bills, match, where, values, total, rest, options.cheapProbe) : ranked(sql, match, where, values, rest, now);
  return { rids: [...shown, ...rows.map((r) => num(r.rid))], total };
}

/** The pins that match, in their order. */
function matching(sql: Sql, match: string, pins: readonly number[]): number[] {
  const found = new Set(
    sql
      .all('SELECT rowid AS rid FROM bills_fts WHERE bills_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))', [match, JSON.stringify(pins)])
      .map((r) => num(r.rid)),
  );
  return pins.filter((rid) => found.has(rid));
}

/** How many bills match; without filters the full-text index alone answers (no join). */
function countMatches(sql: Sql, match: string, where: string[], values: (string | number)[]): number {
  if (where.length === 0) return num(sql.get('SELECT count(*) AS n FROM bills_fts WHERE bills_fts MATCH ?', [match])?.n);
  const row = sql.get(`SELECT count(*) AS n FROM bills_fts CROSS JOIN docs d ON d.rid = bills_fts.rowid WHERE bills_fts MATCH ? ${and(where)}`, [
    match,
    ...values,
  ]);
  return num(row?.n);
}

/** A page by relevance: every match is scored (FTS5 has no top-k pruning), the best kept. */
function ranked(sql: Sql, match: string, where: string[], values: (string | number)[], req: SearchRequest, now: Date) {
  const span = Math.max(1, now.getUTCFullYear() - RECENCY_FROM_YEAR);
  const score = `${BM25} * (1.0 + ${RECENCY_BOOST} * min(1.0, max(0.0, (d.year - ${RECENCY_FROM_YEAR}) / ${span}.0)))`;
  // CROSS JOIN keeps the full-text match as the outer loop: the planner would otherwise
  // walk a filtered docs index and probe the match per row.
  return sql.all(
    `SELECT d.rid AS rid FROM bills_fts CROSS JOIN docs d ON d.rid = bills_fts.rowid
     WHERE bills_fts MATCH ? ${and(where)} ORDER BY ${score}, d.rid LIMIT ? OFFSET ?`,
    [match, ...values, req.limit, req.offset],
  );
}

/**
 * A page by date, newest first. When the matches are many and a probe is cheap, the docs are
 * walked newest first and each is probed against the match (a rowid seek in the full-text
 * index), so the walk stops after about (bills / matches) x (offset + limit) probes; else the
 * matches are read and sorted.
 */
function newest(sql: Sql, bills: number, match: string, where: string[], values: (string | number)[], total: number, req: SearchRequest, cheapProbe: boolean) {
  const probes = (bills / Math.max(1, total)) * (req.offset + req.limit);
  if (cheapProbe && probes <= DATE_WALK_MAX_PROBES) {
    return sql.all(
      `SELECT d.rid AS rid FROM docs d
       WHERE EXISTS (SELECT 1 FROM bills_fts WHERE bills_fts MATCH ? AND bills_fts.rowid = d.rid) ${and(where)}
       ORDER BY d.date DESC, d.rid DESC LIMIT ? OFFSET ?`,
      [match, ...values, req.limit, req.offset],
    );
  }
  return sql.all(
    `SELECT d.rid AS rid FROM bills_fts CROSS JOIN docs d ON d.rid = bills_fts.rowid
     WHERE bills_fts MATCH ? ${and(where)} ORDER BY d.date DESC, d.rid DESC LIMIT ? OFFSET ?`,
    [match, ...values, req.limit, req.offset],
  );
}
