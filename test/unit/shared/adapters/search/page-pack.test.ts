import { readFileSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { packedPageNumbers, packPages, unpackPages } from '#shared/adapters/search/page-pack.ts';
import { useSmallSearchIndex } from '#test/support/small-search-index.ts';

const index = useSmallSearchIndex(600);

function pagesWhere(where: string): number[] {
  const db = new sqlite.Database(index.path, { readOnly: true });
  try {
    return (db.all(`SELECT pageno FROM dbstat WHERE ${where}`) as { pageno: number }[]).map((r) => Number(r.pageno));
  } finally {
    db.close();
  }
}

describe("an index file's page pack", () => {
  it('holds every interior page of every b-tree and the schema, and no leaf of the large tables', () => {
    const packed = new Set(packedPageNumbers(index.path));
    const interior = pagesWhere("pagetype = 'internal'");
    expect(interior.length).toBeGreaterThan(3);
    expect(interior.filter((p) => !packed.has(p))).toEqual([]);
    expect(pagesWhere("name = 'sqlite_schema'").filter((p) => !packed.has(p))).toEqual([]);
    expect(
      pagesWhere("name IN ('sections_fts_data', 'sections_fts_content', 'word_postings') AND pagetype <> 'internal'").filter((p) => packed.has(p)),
    ).toEqual([]);
  });

  it("gives back each page's bytes as they are in the file, by page number", () => {
    const file = readFileSync(index.path);
    const { pageSize, pages } = unpackPages(packPages(index.path));
    expect(pageSize).toBe(8192);
    expect([...pages.keys()]).toEqual(packedPageNumbers(index.path));
    for (const [page, bytes] of pages) expect(Buffer.from(bytes).equals(file.subarray((page - 1) * pageSize, page * pageSize)), `page ${page}`).toBe(true);
  });

  it('refuses bytes that are not a whole pack', () => {
    const packed = packPages(index.path);
    expect(() => unpackPages(packed.subarray(0, packed.length - 1))).toThrow(/has \d+ bytes/u);
    expect(() => unpackPages(new TextEncoder().encode('<Error><Code>AccessDenied</Code></Error>'))).toThrow(/magic/u);
  });
});
