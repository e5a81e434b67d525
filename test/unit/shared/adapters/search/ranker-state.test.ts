/**
 * The word ranker's state as compaction stores it (issue 36.5: a new container
 * takes it as it is instead of building it at its first query): the columns
 * with their totals, the bills newest first and the packed word sizes equal
 * what a reader computed from the file's rows before, and a reader answers the
 * same from a file that keeps them as from one that does not (an older file).
 * The words every bill holds are listed, and a writer's open lists them in a
 * file compacted before the list existed (issue 32.7), but not a container's
 * open of a snapshot it fetches lazily (issue 36.5).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_COLUMNS } from '#shared/adapters/search/filter-columns.ts';
import type { SearchRequest } from '#shared/adapters/search/search-filters.ts';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { decodePostings } from '#shared/adapters/search/posting-codec.ts';
import { DENSE_SHARE } from '#shared/adapters/search/dense-postings.ts';
import { WordSizes } from '#shared/adapters/search/word-sizes.ts';
import { wordSource, type Sql } from '#shared/adapters/search/word-store.ts';
import { LISTED_PAIR_BYTES } from '#shared/adapters/search/word-ranker.ts';
import { latinWord } from '#shared/domain/search/search-query.ts';
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const BILLS = 600;
const TOPICS = ['energy', 'health', 'water'];
const WORDS = ['broadband', 'water', 'rural', 'grants', 'towers', 'health', 'clinics', 'veterans', 'harbor', 'dredging'];

let dir: string;
let stored: string;
let older: string;

/** Bills of a few Congresses and chambers, many on one day (ties in the date order), words drawn so that some are common. */
const doc = (i: number): SearchDocument => {
  const congress = 110 + (i % 9);
  const type = i % 3 === 0 ? 's' : 'hr';
  const words = WORDS.filter((_, k) => (i * (k + 3)) % (k + 2) === 0 || k === i % WORDS.length);
  return {
    bill_id: `${congress}-${type}-${i}`,
    congress,
    chamber: type === 's' ? 'senate' : 'house',
    type,
    status: i % 4 === 0 ? 'REFERRED' : 'INTRODUCED',
    sponsor_id: i % 5 === 0 ? null : `S${i % 37}`,
    has_document: i % 2 === 0,
    topics: [TOPICS[i % TOPICS.length] ?? 'energy'],
    introduced_date: i % 7 === 0 ? null : `${2007 + (i % 18)}-0${1 + (i % 9)}-1${i % 10}`,
    latest_action_date: `${2008 + (i % 18)}-0${1 + (i % 9)}-1${i % 6}`,
    number: numberForms(congress, type, i),
    short_title: i % 3 === 0 ? `${words[0] ?? 'rural'} act` : '',
    title: `To fund ${words.join(' ')} program ${i}.`,
    summary: i % 4 === 0 ? `Grants for ${words.slice(1).join(' and ')}.` : '',
    meta: '',
    text: i % 6 === 0 ? `SEC. 2. ${words.join(' ')} ${'harbor dredging '.repeat(i % 4)}` : '',
    sections: i % 6 === 0 ? [{ label: 'Sec. 2', body: `${words.join(' ')} grants.` }] : [],
  };
};

const open = (path: string): { db: sqlite.Database; sql: Sql } => {
  const db = new sqlite.Database(path);
  const sql: Sql = {
    all: (q, v) => db.all(q, v) as Record<string, unknown>[],
    get: (q, v) => (db.all(q, v)[0] as Record<string, unknown> | undefined) ?? null,
    run: (q, v) => void db.run(q, v),
  };
  return { db, sql };
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ranker-state-'));
  stored = join(dir, 'stored.db');
  const writer = SearchIndex.open(stored, { bulk: true });
  writer.upsert(Array.from({ length: BILLS }, (_, i) => doc(i + 1)));
  writer.optimize();
  writer.close();
  // The same file as a compaction before issue 36.5 left it: no date order, no totals, the sizes as text lines.
  older = join(dir, 'older.db');
  const copy = SearchIndex.open(older, { bulk: true });
  copy.upsert(Array.from({ length: BILLS }, (_, i) => doc(i + 1)));
  copy.optimize();
  copy.close();
  const { db, sql } = open(older);
  const sizes = WordSizes.unpack(sql.get("SELECT data FROM word_lists WHERE name = 'packed_sizes'", [])?.data as Uint8Array);
  db.run("DELETE FROM doc_columns WHERE name IN ('date_order', 'totals')");
  db.run("DELETE FROM word_lists WHERE name = 'packed_sizes'");
  const lines = new TextEncoder().encode(
    sizes
      .entries()
      .map(([w, n]) => `${w} ${n}`)
      .join('\n'),
  );
  db.run("INSERT INTO word_lists(name, data) VALUES ('sizes', ?)", [lines]);
  // Nor the common words' dense postings and heads (issue 32.7).
  db.run('DROP TABLE word_dense');
  db.run('DROP TABLE word_heads');
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the word ranker's stored state", () => {
  it('holds the bills newest first, ties the higher row first, as sorting the docs gives', () => {
    const { db, sql } = open(stored);
    const rows = db.all('SELECT rid, date FROM docs') as { rid: number; date: string }[];
    const expected = [...rows].sort((a, b) => b.date.localeCompare(a.date) || b.rid - a.rid).map((r) => r.rid);
    const saved = wordSource(sql).savedDateOrder();
    db.close();
    expect(saved && [...saved]).toEqual(expected);
    expect(open(older).sql.get("SELECT name FROM doc_columns WHERE name = 'date_order'", [])).toBeNull();
  });

  it("restores the columns and their totals as the docs' rows build them", () => {
    const a = open(stored);
    const restored = wordSource(a.sql).columns();
    // Without the stored columns a reader builds them row by row from the docs table.
    a.db.run('DELETE FROM doc_columns');
    const built = wordSource(a.sql).columns();
    a.db.close();
    expect(restored.count).toBe(BILLS);
    expect(restored.count).toBe(built.count);
    expect(restored.totalLength).toBe(built.totalLength);
    for (let rid = 0; rid <= BILLS + 1; rid++) {
      expect(restored.alive[rid] ?? 0).toBe(built.alive[rid] ?? 0);
      expect(restored.length[rid] ?? 0).toBe(built.length[rid] ?? 0);
      expect(restored.date[rid] ?? 0).toBe(built.date[rid] ?? 0);
      for (const c of FILTER_COLUMNS) if (c.kind !== 'code') expect(restored.numberAt(c.name, rid)).toBe(built.numberAt(c.name, rid));
    }
    for (const f of [
      { chamber: 'senate' },
      { sponsor_id: 'S3' },
      { status: 'REFERRED', has_document: true },
      { type: 'hr', congress: 112 },
    ] satisfies SearchRequest['filters'][]) {
      const r = restored.filter(f, null);
      const b = built.filter(f, null);
      expect(Array.from({ length: BILLS + 2 }, (_, rid) => r?.(rid))).toEqual(Array.from({ length: BILLS + 2 }, (_, rid) => b?.(rid)));
    }
  });

  it('keeps the Latin words, the other common words and the large pairs with their sizes, packed and in order', () => {
    const { db, sql } = open(stored);
    const common = new Set((db.all('SELECT word FROM common_words') as { word: string }[]).map((r) => r.word));
    const all = db.all('SELECT word, length(postings) AS n FROM word_postings') as { word: string; n: number }[];
    const sizes = wordSource(sql).wordSizes();
    db.close();
    const expected = all
      .filter((r) => latinWord(r.word) || common.has(r.word) || (r.word.startsWith(' ') && r.n >= LISTED_PAIR_BYTES))
      .map((r) => [r.word, r.n] as [string, number])
      .sort((x, y) => (x[0] < y[0] ? -1 : 1));
    expect(sizes?.entries()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(WORDS.length);
    for (const [word, n] of expected) expect(sizes?.get(word)).toBe(n);
    expect(sizes?.get('broadbandx')).toBeUndefined();
    expect(sizes?.withPrefix('h')).toEqual(expected.map(([w]) => w).filter((w) => w.startsWith('h')));
  });

  it('keeps the words an eighth of the bills or more hold also dense, each as its varints', () => {
    const { db, sql } = open(stored);
    const rows = db.all('SELECT word, postings FROM word_postings') as { word: string; postings: Uint8Array }[];
    const source = wordSource(sql);
    const dense = rows.filter((r) => decodePostings(r.postings).rids.length >= BILLS * DENSE_SHARE);
    expect(dense.length).toBeGreaterThan(0);
    for (const r of dense) expect(source.densePostings?.(r.word)?.postings()).toEqual(decodePostings(r.postings));
    const listed = (db.all('SELECT word FROM word_dense') as { word: string }[]).map((r) => r.word);
    db.close();
    expect(listed.sort()).toEqual(dense.map((r) => r.word).sort());
    // An older file has no such table: nothing is dense there, and nothing fails.
    const before = open(older);
    expect(wordSource(before.sql).densePostings?.(dense[0]?.word ?? '')).toBeNull();
    expect(wordSource(before.sql).storedHead?.(dense[0]?.word ?? '')).toBeNull();
    before.db.close();
  });

  it("lists the words and pairs every bill holds, at compaction and at an older file's writer's open", () => {
    const { db, sql } = open(stored);
    const counts = (db.all('SELECT word, postings FROM word_postings') as { word: string; postings: Uint8Array }[]).filter(
      (r) => decodePostings(r.postings).rids.length === BILLS,
    );
    const listed = wordSource(sql).universalWords();
    db.close();
    // Every title is "To fund ... program N.": "to", "fund", "program" and their pairs.
    expect(listed).toEqual(new Set(counts.map((r) => r.word)));
    expect([...(listed ?? [])]).toEqual(expect.arrayContaining(['to', 'fund', 'program', ' to fund']));
    const before = join(dir, 'before-universal.db');
    copyFileSync(stored, before);
    const b = open(before);
    b.db.run("DELETE FROM word_lists WHERE name = 'universal'");
    expect(wordSource(b.sql).universalWords()).toBeNull();
    b.db.close();
    // A container's open over a lazily fetched file leaves it unlisted: listing reads every long posting list.
    const local = readFileSync(before);
    const lazy = { isComplete: false, prefetch: () => undefined, read: (at: number, n: number) => local.subarray(at, at + n) };
    SearchIndex.open(before, { pages: lazy }).close();
    const unlisted = open(before);
    expect(wordSource(unlisted.sql).universalWords()).toBeNull();
    unlisted.db.close();
    SearchIndex.open(before).close();
    const after = open(before);
    expect(wordSource(after.sql).universalWords()).toEqual(listed);
    after.db.close();
  });

  it('answers every query the same from a file that keeps it as from an older file that does not', () => {
    const requests: SearchRequest[] = [
      ...['broadband', 'water rural', 'health clinics', 'veterans harbor', 'grants', 'dredging program', 'helth', 'rur', 'h'].flatMap((q) => [
        { q, filters: {}, sort: 'relevance' as const, limit: 10, offset: 0 },
        { q, filters: {}, sort: 'date' as const, limit: 10, offset: 5 },
        { q, filters: { chamber: 'senate' as const, topic: 'water' }, sort: 'relevance' as const, limit: 10, offset: 0 },
      ]),
    ];
    // A small budget sends common words down the bounded path (heads, the date order).
    for (const exactMaxPostings of [undefined, 20]) {
      const a = SearchIndex.open(stored, { readOnly: true, exactMaxPostings });
      const b = SearchIndex.open(older, { readOnly: true, exactMaxPostings });
      for (const r of requests) expect(a.search(r, NOW)).toEqual(b.search(r, NOW));
      a.close();
      b.close();
    }
  });
});

describe('packed word sizes', () => {
  it('sort by UTF-8 bytes as SQLite does, keep each word once, and read from an unaligned copy', () => {
    const packed = WordSizes.pack([
      ['zeta', 1],
      [' a b', 7],
      ['émigré', 3],
      ['alpha', 2],
      ['alpha', 2],
      ['alphabet', 9],
    ]);
    const unaligned = new Uint8Array(packed.length + 1);
    unaligned.set(packed, 1);
    for (const sizes of [WordSizes.unpack(packed), WordSizes.unpack(unaligned.subarray(1))]) {
      expect(sizes.entries()).toEqual([
        [' a b', 7],
        ['alpha', 2],
        ['alphabet', 9],
        ['zeta', 1],
        ['émigré', 3],
      ]);
      expect(sizes.get('émigré')).toBe(3);
      expect(sizes.has('alph')).toBe(false);
      expect(sizes.withPrefix('alpha')).toEqual(['alpha', 'alphabet']);
      expect(sizes.withPrefix('b')).toEqual([]);
    }
    expect(WordSizes.of([]).count).toBe(0);
  });
});
