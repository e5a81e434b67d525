/**
 * The filter columns of the search index, declared once (docs/how-to.md, "Add
 * a search filter"): each equality filter of a bill search is a column of the
 * docs table, an in-memory column of the word ranker (./doc-columns.ts) and a
 * WHERE clause of the full-text path, all built from this table; the date
 * range and the topic, which are not equalities, follow it.
 */
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import type { SearchFilters } from '#shared/domain/search/search-filters.ts';

/** How a filter's values are held in memory: a small number, a string coded through a dictionary, or a flag. */
export type FilterKind = 'number' | 'code' | 'flag';

/** One equality filter: its name in the filters, the document and the docs table alike. */
export interface FilterColumn {
  name: keyof SearchFilters & keyof SearchDocument;
  kind: FilterKind;
  /** The docs table's column declaration. */
  sql: string;
}

export const FILTER_COLUMNS = [
  { name: 'congress', kind: 'number', sql: 'congress INTEGER NOT NULL' },
  { name: 'chamber', kind: 'code', sql: 'chamber TEXT NOT NULL' },
  { name: 'type', kind: 'code', sql: 'type TEXT NOT NULL' },
  { name: 'status', kind: 'code', sql: 'status TEXT NOT NULL' },
  { name: 'sponsor_id', kind: 'code', sql: 'sponsor_id TEXT' },
  { name: 'has_document', kind: 'flag', sql: 'has_document INTEGER NOT NULL' },
] as const satisfies readonly FilterColumn[];

export type FilterName = (typeof FILTER_COLUMNS)[number]['name'];

/** A filter value as the docs table stores it (a flag as 0 or 1). */
export function sqlValue(value: string | number | boolean | null): string | number | null {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** The filter values of a document, in FILTER_COLUMNS order, as the docs table stores them. */
export const filterValues = (doc: Pick<SearchDocument, FilterName>): (string | number | null)[] => FILTER_COLUMNS.map((c) => sqlValue(doc[c.name]));

/** The WHERE clauses and values of the filters, over `d` (the docs table): the equalities, the date range, the topic. */
export function filterSql(f: SearchFilters): { where: string[]; values: (string | number)[] } {
  const where: string[] = [];
  const values: (string | number)[] = [];
  for (const c of FILTER_COLUMNS) {
    const v = f[c.name];
    if (v === undefined) continue;
    where.push(`d.${c.name} = ?`);
    values.push(sqlValue(v) ?? '');
  }
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

/** Whether a document passes the equality filters alone (the saved-search matcher's cheap first test). */
export const passesEqualities = (f: SearchFilters, doc: Pick<SearchDocument, FilterName>): boolean =>
  FILTER_COLUMNS.every((c) => f[c.name] === undefined || f[c.name] === doc[c.name]);
