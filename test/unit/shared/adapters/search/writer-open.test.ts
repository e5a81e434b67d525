/**
 * A writer's open of an index file (a container opens its snapshot so, to apply change sets): a file of this
 * version with every table is opened without a write, since a container's open of a lazily fetched snapshot paid
 * for one (a transaction whose commit synced the fetched blocks, issue 36.5); a file that lacks a table gains it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { numberForms } from '#shared/domain/search/search-document.ts';

let dir: string;
let path: string;

/** SQLite's file change counter (the header's bytes 24-27): every committed write transaction adds one. */
const changes = (file: string): number => readFileSync(file).readUInt32BE(24);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'writer-open-'));
  path = join(dir, 'index.db');
  const writer = SearchIndex.open(path, { bulk: true });
  writer.upsert(
    Array.from({ length: 40 }, (_, i) => ({
      bill_id: `118-hr-${i + 1}`,
      congress: 118,
      chamber: 'house' as const,
      type: 'hr',
      status: 'INTRODUCED',
      sponsor_id: null,
      has_document: false,
      topics: [],
      introduced_date: '2024-01-10',
      latest_action_date: '2024-02-10',
      number: numberForms(118, 'hr', i + 1),
      short_title: '',
      title: `To fund rural broadband program ${i + 1}.`,
      summary: '',
      meta: '',
      text: '',
      sections: [],
    })),
  );
  writer.optimize();
  writer.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a writer's open", () => {
  it('writes nothing to a file of this version that has every table', () => {
    const before = changes(path);
    const index = SearchIndex.open(path);
    expect(index.search({ q: 'broadband', filters: {}, sort: 'relevance', limit: 5, offset: 0 }, new Date('2026-06-01T00:00:00Z')).total).toBe(40);
    index.close();
    expect(changes(path)).toBe(before);
  });

  it('makes a table the file lacks, and the next open writes nothing again', () => {
    const db = new sqlite.Database(path);
    db.run('DROP TABLE word_heads');
    db.close();
    const dropped = changes(path);
    SearchIndex.open(path).close();
    const made = changes(path);
    expect(made).toBeGreaterThan(dropped);
    const check = new sqlite.Database(path, { readOnly: true, fileMustExist: true });
    expect(check.all("SELECT name FROM sqlite_schema WHERE name = 'word_heads'")).toHaveLength(1);
    check.close();
    SearchIndex.open(path).close();
    expect(changes(path)).toBe(made);
  });
});
