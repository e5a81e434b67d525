import { statSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { HOT_TABLES, hotPages, READ_WHERE_NEEDED } from '#shared/adapters/search/hot-pages.ts';
import { useSmallSearchIndex } from '#test/support/small-search-index.ts';

const index = useSmallSearchIndex(300);

describe("an index file's hot pages", () => {
  it('name only tables and indexes the file has (a renamed one would silently drop out)', () => {
    const db = new sqlite.Database(index.path, { readOnly: true });
    const names = new Set((db.all('SELECT name FROM sqlite_schema') as { name: string }[]).map((r) => r.name));
    db.close();
    expect(HOT_TABLES.filter((t) => t !== 'sqlite_schema' && !names.has(t))).toEqual([]);
  });

  it('place every table and index of the file: fetched at open, or read where a query needs it', () => {
    const db = new sqlite.Database(index.path, { readOnly: true });
    const names = (db.all('SELECT name FROM sqlite_schema ORDER BY name') as { name: string }[]).map((r) => r.name);
    db.close();
    const placed = new Set<string>([...HOT_TABLES, ...READ_WHERE_NEEDED]);
    expect(names.filter((n) => !placed.has(n))).toEqual([]);
  });

  it('are page-aligned byte ranges inside the file, apart, and leave the FTS5 tables and word postings out', () => {
    const ranges = hotPages(index.path);
    const size = statSync(index.path).size;
    expect(ranges.length).toBeGreaterThan(0);
    let end = -1;
    for (const r of [...ranges].sort((a, b) => a.offset - b.offset)) {
      expect(r.offset % 8192).toBe(0);
      expect(r.length % 8192).toBe(0);
      // No two overlap (adjacent ones are of tables needed at different times).
      expect(r.offset).toBeGreaterThanOrEqual(end);
      end = r.offset + r.length;
    }
    expect(end).toBeLessThanOrEqual(size);
    const hot = ranges.reduce((n, r) => n + r.length, 0);
    expect(hot).toBeLessThan(size / 2);
    // The first page (the header and schema) is among them.
    expect(ranges[0]?.offset).toBe(0);
  });

  it("come in the order a first answer reads them, the ranker's state first, and leave the bills' rows and topics out", () => {
    const db = new sqlite.Database(index.path, { readOnly: true });
    const pagesOf = (name: string) => (db.all('SELECT pageno FROM dbstat WHERE name = ?', [name]) as { pageno: number }[]).map((r) => Number(r.pageno));
    const columns = pagesOf('doc_columns');
    const terms = pagesOf('sections_fts_idx');
    const rows = [...pagesOf('docs'), ...pagesOf('doc_topics')];
    db.close();
    const ranges = hotPages(index.path);
    const at = (page: number) => ranges.findIndex((r) => (page - 1) * 8192 >= r.offset && (page - 1) * 8192 < r.offset + r.length);
    expect(Math.max(...columns.map(at))).toBeLessThan(Math.min(...terms.map(at)));
    // A page of hits fetches its ten rows together (row-pages.ts): the whole table among the hot ranges slowed the first query.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((p) => at(p) !== -1)).toEqual([]);
  });

  it("hold the FTS5 data's first leaf (the structure and averages records every FTS5 query reads), not the rest of it", () => {
    const db = new sqlite.Database(index.path, { readOnly: true });
    const pages = (where: string) => (db.all(`SELECT pageno FROM dbstat WHERE ${where}`) as { pageno: number }[]).map((r) => Number(r.pageno));
    const dataLeaves = pages("name = 'sections_fts_data' AND pagetype = 'leaf'");
    const firstLeaves = pages("name = 'sections_fts_data' AND pagetype = 'leaf' AND replace(path, '000/', '') = '/'");
    const postingLeaves = pages("name = 'word_postings' AND pagetype = 'leaf'");
    db.close();
    const ranges = hotPages(index.path);
    const hot = (page: number) => ranges.some((r) => (page - 1) * 8192 >= r.offset && (page - 1) * 8192 < r.offset + r.length);
    expect(dataLeaves.length).toBeGreaterThan(1);
    expect(dataLeaves.filter((p) => hot(p))).toEqual(firstLeaves);
    expect(firstLeaves.length).toBe(1);
    expect(firstLeaves.filter((p) => !hot(p))).toEqual([]);
    expect(postingLeaves.some((p) => !hot(p))).toBe(true);
  });
});
