import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedPageNumbers, packPages, unpackPages } from '#shared/adapters/search/page-pack.ts';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';

let dir: string;
let path: string;

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

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-pack-'));
  path = join(dir, 'index.db');
  const index = SearchIndex.open(path, { bulk: true });
  index.upsert(Array.from({ length: 600 }, (_, i) => doc(i + 1)));
  index.optimize();
  index.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pagesWhere(where: string): number[] {
  const db = new sqlite.Database(path, { readOnly: true });
  try {
    return (db.all(`SELECT pageno FROM dbstat WHERE ${where}`) as { pageno: number }[]).map((r) => Number(r.pageno));
  } finally {
    db.close();
  }
}

describe("an index file's page pack", () => {
  it('holds every interior page of every b-tree and the schema, and no leaf of the large tables', () => {
    const packed = new Set(packedPageNumbers(path));
    const interior = pagesWhere("pagetype = 'internal'");
    expect(interior.length).toBeGreaterThan(3);
    expect(interior.filter((p) => !packed.has(p))).toEqual([]);
    expect(pagesWhere("name = 'sqlite_schema'").filter((p) => !packed.has(p))).toEqual([]);
    expect(
      pagesWhere("name IN ('sections_fts_data', 'sections_fts_content', 'word_postings') AND pagetype <> 'internal'").filter((p) => packed.has(p)),
    ).toEqual([]);
  });

  it("gives back each page's bytes as they are in the file, by page number", () => {
    const file = readFileSync(path);
    const { pageSize, pages } = unpackPages(packPages(path));
    expect(pageSize).toBe(8192);
    expect([...pages.keys()]).toEqual(packedPageNumbers(path));
    for (const [page, bytes] of pages) expect(Buffer.from(bytes).equals(file.subarray((page - 1) * pageSize, page * pageSize)), `page ${page}`).toBe(true);
  });

  it('refuses bytes that are not a whole pack', () => {
    const packed = packPages(path);
    expect(() => unpackPages(packed.subarray(0, packed.length - 1))).toThrow(/has \d+ bytes/u);
    expect(() => unpackPages(new TextEncoder().encode('<Error><Code>AccessDenied</Code></Error>'))).toThrow(/magic/u);
  });
});
