/**
 * A small compacted search index file on disk, of bills alike but for their number, for the tests of
 * what is read of an index file and how it opens (shared/adapters/search/hot-pages.ts, page-pack.ts,
 * search-index.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';

const doc = (i: number): SearchDocument => ({
  bill_id: `118-hr-${i}`,
  congress: 118,
  chamber: 'house',
  type: 'hr',
  status: 'INTRODUCED',
  sponsor_id: null,
  has_document: true,
  topics: ['energy'],
  introduced_date: '2023-01-10',
  latest_action_date: '2024-01-10',
  number: numberForms(118, 'hr', i),
  short_title: '',
  title: `To fund rural broadband and water program ${i}.`,
  summary: '',
  meta: '',
  text: `Grants for towers ${i}. `.repeat(50),
  sections: [{ label: 'Sec. 2', body: `Grants for towers ${i}. `.repeat(50) }],
});

/** Writes `bills` bills into `dir`/index.db, compacted as a rebuild leaves it; returns its path. */
export function smallSearchIndex(dir: string, bills: number): string {
  const path = join(dir, 'index.db');
  const index = SearchIndex.open(path, { bulk: true });
  index.upsert(Array.from({ length: bills }, (_, i) => doc(i + 1)));
  index.optimize();
  index.close();
  return path;
}

/** Registers hooks that write a file's small index (`bills` bills) into a folder of its own before its tests and remove it after. */
export function useSmallSearchIndex(bills: number): { readonly path: string } {
  let dir = '';
  let path = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'small-search-index-'));
    path = smallSearchIndex(dir, bills);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get path() {
      return path;
    },
  };
}
