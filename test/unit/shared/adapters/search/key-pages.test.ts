import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageGeometry } from '#shared/adapters/search/btree-cells.ts';
import { keyPages } from '#shared/adapters/search/key-pages.ts';
import { localPages, pagesSqliteReads } from '#test/support/sqlite-pages.ts';

// Small pages make deep indexes of a few thousand entries.
const PAGE = 1024;
let dir: string;
let path: string;
const roots = new Map<string, number>();
/** Hashes of every size SQLite stores an integer in, negative ones, and 53-bit ones as title keys are. */
const hashOf = (i: number) => (i % 3 === 0 ? -1 : 1) * (i % 2 === 0 ? i * 7919 : i * 2 ** 40 + i);
const wordOf = (i: number) => `w${(i * 7919) % 5000}é${i}`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'key-pages-'));
  path = join(dir, 'keys.db');
  const db = new sqlite.Database(path);
  db.exec(`PRAGMA page_size = ${PAGE};
    CREATE TABLE w(id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE, n INTEGER);
    CREATE TABLE k(hash INTEGER NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY(hash, rid)) WITHOUT ROWID;`);
  db.exec('BEGIN');
  for (let i = 1; i <= 4000; i++) {
    db.run('INSERT INTO w(word, n) VALUES (?, ?)', [wordOf(i), i]);
    // A hash many rows share spans leaves.
    db.run('INSERT INTO k(hash, rid) VALUES (?, ?)', [i % 10 === 0 ? 5 : hashOf(i), i]);
  }
  db.exec('COMMIT; VACUUM;');
  for (const r of db.all('SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 0') as { name: string; rootpage: number }[])
    roots.set(r.name, Number(r.rootpage));
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the leaves of an index that hold given keys', () => {
  const geometry = () => pageGeometry(localPages(path).read(0, 100));

  it('are the leaves SQLite reads to look the words up in a text index, both indexes walked a level at a time together', () => {
    const words = [wordOf(1), wordOf(777), wordOf(2500), wordOf(3999), 'absent', 'zzz'];
    const hashes = [hashOf(7), hashOf(1201), hashOf(2002), 5];
    const source = localPages(path);
    const leaves = keyPages(source, geometry(), [
      { root: roots.get('sqlite_autoindex_w_1') ?? 0, keys: words },
      { root: roots.get('k') ?? 0, keys: hashes },
    ]);
    const read = new Set([
      ...pagesSqliteReads(path, PAGE, 'SELECT id FROM w WHERE word IN (SELECT value FROM json_each(?))', [JSON.stringify(words)]),
      ...pagesSqliteReads(path, PAGE, 'SELECT rid FROM k WHERE hash IN (SELECT value FROM json_each(?))', [JSON.stringify(hashes)]),
    ]);
    const walked = new Set(source.asked.flat().map((r) => r.offset / PAGE + 1));
    // Every page SQLite read (past the schema's) the walk asked for: the roots, interior pages and leaves.
    expect([...read].filter((p) => p !== 1 && !walked.has(p))).toEqual([]);
    expect(leaves.filter((p) => !read.has(p))).toEqual([]);
    // The hash 400 rows share is on several leaves.
    expect(leaves.length).toBeGreaterThan(words.length);
    // Root, interior, leaves: three prefetches, each of both indexes' pages.
    expect(source.asked).toHaveLength(3);
    expect(source.asked[0]).toHaveLength(2);
  });

  it('stops at a page that is not an index page', () => {
    expect(keyPages(localPages(path), geometry(), [{ root: roots.get('w') ?? 0, keys: ['a'] }])).toEqual([]);
  });
});
