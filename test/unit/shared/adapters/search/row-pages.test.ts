import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ByteRange } from '#shared/adapters/search/lazy-file.ts';
import { pageGeometry } from '#shared/adapters/search/btree-cells.ts';
import { localPages, pagesSqliteReads } from '#test/support/sqlite-pages.ts';
import { RowPrefetcher, rowPages, type RowRange } from '#shared/adapters/search/row-pages.ts';

// Small pages make deep trees of a few thousand rows: three levels for 3,000 rows of 100 bytes.
const PAGE = 1024;
let dir: string;
let path: string;
let root: number;
let indexRoot: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'row-pages-'));
  path = join(dir, 'rows.db');
  const db = new sqlite.Database(path);
  db.exec(`PRAGMA page_size = ${PAGE}; CREATE TABLE t(id INTEGER PRIMARY KEY, body BLOB NOT NULL); CREATE INDEX t_body ON t(body);`);
  db.exec('BEGIN');
  for (let id = 1; id <= 3000; id++) {
    // Every 97th row overflows its leaf by several pages.
    const size = id % 97 === 0 ? 5000 + id : 100;
    db.run('INSERT INTO t(id, body) VALUES (?, ?)', [id * 3, new Uint8Array(size).fill(id % 251)]);
  }
  db.exec('COMMIT; VACUUM;');
  root = Number((db.get("SELECT rootpage FROM sqlite_schema WHERE name = 't'") as { rootpage: number }).rootpage);
  indexRoot = Number((db.get("SELECT rootpage FROM sqlite_schema WHERE name = 't_body'") as { rootpage: number }).rootpage);
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The page numbers of byte ranges. */
const pagesOf = (ranges: ByteRange[]) => ranges.flatMap((r) => Array.from({ length: r.length / PAGE }, (_, i) => r.offset / PAGE + 1 + i));

describe('the pages that hold rows of a rowid table', () => {
  const geometry = () => pageGeometry(localPages(path).read(0, 100));

  it('reads the page size and the usable bytes of a page from the header', () => {
    expect(geometry()).toEqual({ pageSize: PAGE, usable: PAGE });
  });

  it('are the leaves and overflow pages SQLite reads for those rows, found a level of the tree at a time', () => {
    const ids = [3, 291, 582, 4500, 8730, 8733, 9000];
    const source = localPages(path);
    const planned = rowPages(source, geometry(), [{ root, ranges: ids.map((id) => ({ first: id, last: id })) }]);
    const read = pagesSqliteReads(path, PAGE, `SELECT id, body FROM t WHERE id IN (${ids.join(',')})`);
    const leaves = new Set(planned.leaves);
    const overflow = new Set(pagesOf(planned.overflow));
    // Every page SQLite read is the root, an interior page the walk read, a planned leaf or a planned overflow page.
    const walked = new Set(source.asked.flat().map((r) => r.offset / PAGE + 1));
    expect([...read].filter((p) => p !== 1 && !walked.has(p) && !overflow.has(p))).toEqual([]);
    expect([...leaves].filter((p) => !read.has(p))).toEqual([]);
    // 291 and 582 (97 x 3 and 194 x 3) and 8730 overflow: their chains, laid out in order by VACUUM, are planned whole.
    expect(planned.overflow).toHaveLength(3);
    expect([...overflow].filter((p) => !read.has(p))).toEqual([]);
    // Root, interior level, leaves: one prefetch per level, each holding the whole level.
    expect(source.asked).toHaveLength(3);
    expect(source.asked[0]).toEqual([{ offset: (root - 1) * PAGE, length: PAGE }]);
    expect(source.asked[2]?.map((r) => r.offset / PAGE + 1).sort((a, b) => a - b)).toEqual(planned.leaves);
  });

  it('covers ranges of row ids, and the rows of several tables in one walk', () => {
    const source = localPages(path);
    const ranges: RowRange[] = [{ first: 600, last: 700 }];
    const planned = rowPages(source, geometry(), [
      { root, ranges },
      { root, ranges: [{ first: 7000, last: 7003 }] },
    ]);
    const read = pagesSqliteReads(path, PAGE, 'SELECT id, body FROM t WHERE id BETWEEN 600 AND 700 OR id BETWEEN 7000 AND 7003');
    const leavesRead = [...read].filter((p) => planned.leaves.includes(p));
    expect(planned.leaves.length).toBeGreaterThan(3);
    expect(leavesRead.sort((a, b) => a - b)).toEqual(planned.leaves);
    expect(source.asked).toHaveLength(3);
  });

  it('bounds the overflow it plans, and stops at a page that is not a rowid table’s', () => {
    const ids = Array.from({ length: 30 }, (_, i) => 97 * 3 * (i + 1));
    const bounded = rowPages(localPages(path), geometry(), [{ root, ranges: ids.map((id) => ({ first: id, last: id })) }], {
      maxPages: 256,
      maxOverflowBytes: 12 * PAGE,
    });
    expect(bounded.overflow.reduce((n, r) => n + r.length, 0)).toBe(12 * PAGE);
    // An index's root: nothing planned, nothing thrown.
    expect(rowPages(localPages(path), geometry(), [{ root: indexRoot, ranges: [{ first: 1, last: 10 }] }])).toEqual({ leaves: [], overflow: [] });
  });
});

describe('a row prefetcher', () => {
  it('plans and prefetches the rows of a table by name while the file is not complete, and does nothing once it is', () => {
    const source = localPages(path);
    let complete = false;
    const pages = {
      prefetch: source.prefetch,
      read: source.read,
      get isComplete() {
        return complete;
      },
    };
    const prefetcher = new RowPrefetcher(pages, () => new Map([['t', root]]));
    prefetcher.rows({ t: [{ first: 291, last: 291 }], missing: [{ first: 1, last: 1 }] });
    // Three levels, then the overflow of row 291.
    expect(source.asked).toHaveLength(4);
    expect(source.asked[3]).toHaveLength(1);
    complete = true;
    expect(prefetcher.active).toBe(false);
    prefetcher.rows({ t: [{ first: 3, last: 3 }] });
    expect(source.asked).toHaveLength(4);
  });

  it('never fails: a page that cannot be read is for SQLite to report', () => {
    const prefetcher = new RowPrefetcher(
      {
        isComplete: false,
        prefetch: () => undefined,
        read: () => {
          throw new Error('Could not fetch bytes');
        },
      },
      () => new Map([['t', root]]),
    );
    expect(() => prefetcher.rows({ t: [{ first: 3, last: 3 }] })).not.toThrow();
  });
});
