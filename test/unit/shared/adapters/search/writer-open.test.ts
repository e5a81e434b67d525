/**
 * A writer's open of an index file (a container opens its snapshot so, to apply change sets): a file of this
 * version with every table is opened without a write, since a container's open of a lazily fetched snapshot paid
 * for one (a transaction whose commit synced the fetched blocks, issue 36.5); a file that lacks a table gains it.
 */
import { readFileSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { useSmallSearchIndex } from '#test/support/small-search-index.ts';

/** SQLite's file change counter (the header's bytes 24-27): every committed write transaction adds one. */
const changes = (file: string): number => readFileSync(file).readUInt32BE(24);

const index = useSmallSearchIndex(40);

describe("a writer's open", () => {
  it('writes nothing to a file of this version that has every table', () => {
    const before = changes(index.path);
    const opened = SearchIndex.open(index.path);
    expect(opened.search({ q: 'broadband', filters: {}, sort: 'relevance', limit: 5, offset: 0 }, new Date('2026-06-01T00:00:00Z')).total).toBe(40);
    opened.close();
    expect(changes(index.path)).toBe(before);
  });

  it('makes a table the file lacks, and the next open writes nothing again', () => {
    const db = new sqlite.Database(index.path);
    db.run('DROP TABLE word_heads');
    db.close();
    const dropped = changes(index.path);
    SearchIndex.open(index.path).close();
    const made = changes(index.path);
    expect(made).toBeGreaterThan(dropped);
    const check = new sqlite.Database(index.path, { readOnly: true, fileMustExist: true });
    expect(check.all("SELECT name FROM sqlite_schema WHERE name = 'word_heads'")).toHaveLength(1);
    check.close();
    SearchIndex.open(index.path).close();
    expect(changes(index.path)).toBe(made);
  });
});
