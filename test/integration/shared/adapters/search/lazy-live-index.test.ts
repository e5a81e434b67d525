/**
 * A new container's index, opened as a lazy file from the snapshot in S3
 * (fauxqs): it answers exactly what a fully downloaded copy answers, before
 * and after change sets are applied, and a block it cannot fetch makes the
 * search an error, never an answer read from zeros.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberForms, type SearchDocument } from '#shared/domain/search/search-document.ts';
import { putChangeSet, searchBucket, uploadSnapshot, writeManifest, type UploadedSnapshot } from '#shared/adapters/search/index-store.ts';
import { LazyFile } from '#shared/adapters/search/lazy-file.ts';
import { liveIndex, liveIndexDownloaded, resetLiveIndex, SYNC_MS } from '#shared/adapters/search/live-index.ts';
import type { SearchRequest } from '#shared/adapters/search/search-filters.ts';
import { SearchIndex } from '#shared/adapters/search/search-index.ts';
import { s3 } from '#shared/platform/s3-client.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const NOW = new Date('2026-06-01T00:00:00Z');
const WORDS = 'rural broadband water veterans health care energy tax credit farm school grants bridge housing wildfire'.split(' ');

function doc(i: number): SearchDocument {
  const pick = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length] as string;
  const text = Array.from({ length: 40 }, (_, k) => `${pick(k)} section ${i} clause ${k} ${pick(k + 1)}`).join('. ');
  return {
    bill_id: `118-hr-${i}`,
    congress: 117 + (i % 2),
    chamber: 'house',
    type: 'hr',
    status: 'INTRODUCED',
    sponsor_id: null,
    has_document: i % 3 === 0,
    topics: [pick(9)],
    introduced_date: `2023-${String((i % 12) + 1).padStart(2, '0')}-10`,
    latest_action_date: `2024-${String((i % 12) + 1).padStart(2, '0')}-10`,
    number: numberForms(118, 'hr', i),
    short_title: '',
    title: `To support ${pick(0)} and ${pick(1)} for ${pick(2)} communities, number ${i}.`,
    summary: `${pick(3)} ${pick(4)} program ${i}`,
    meta: '',
    text,
    sections: [{ label: 'Sec. 2', body: text }],
  };
}

const QUERIES: SearchRequest[] = [
  { q: 'rural farm', filters: {}, sort: 'relevance', limit: 10, offset: 0 },
  { q: 'veterans', filters: { congress: 118 }, sort: 'date', limit: 10, offset: 5 },
  { q: '"support rural"', filters: { has_document: true }, sort: 'relevance', limit: 10, offset: 0 },
  { q: 'housing school', filters: { topic: 'tax' }, sort: 'relevance', limit: 20, offset: 0 },
  { q: 'H.R. 120', filters: {}, sort: 'relevance', limit: 10, offset: 0 },
  { q: 'clause 17', filters: {}, sort: 'relevance', limit: 10, offset: 0 },
];

let dir: string;
let reference: SearchIndex;
let snapshot: string;
let uploaded: UploadedSnapshot;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lazy-live-index-'));
  const built = join(dir, 'built.db');
  const index = SearchIndex.open(built, { bulk: true });
  index.upsert(
    Array.from({ length: 600 }, (_, i) => doc(i + 1)),
    '2026-05-01T00:00:00.000Z',
  );
  index.optimize();
  index.close();
  uploaded = await uploadSnapshot(built, NOW);
  snapshot = uploaded.snapshot_key;
  await writeManifest({ ...uploaded, as_of: '2026-05-01T00:00:00.000Z' });
  copyFileSync(built, join(dir, 'reference.db'));
  reference = SearchIndex.open(join(dir, 'reference.db'));
  resetLiveIndex();
}, 120_000);

afterAll(() => {
  resetLiveIndex();
  reference.close();
  rmSync(dir, { recursive: true, force: true });
});

const answers = (index: SearchIndex) => QUERIES.map((q) => index.search(q, NOW));

describe('a container whose index is a lazy file', () => {
  it('answers exactly what a fully downloaded copy answers, then has the whole snapshot locally', async () => {
    expect(statSync(join(dir, 'reference.db')).size).toBeGreaterThan(1024 * 1024);
    const lazy = await liveIndex(NOW.getTime());
    const expected = answers(reference);
    expect(expected.every((a) => a.total > 0)).toBe(true);
    expect(answers(lazy)).toEqual(expected);
    await liveIndexDownloaded();
    expect(answers(lazy)).toEqual(expected);
  });

  it('answers as the fully downloaded copy does after the same change sets', async () => {
    const indexedAt = '2026-06-01T00:00:01.000Z';
    const added = { ...doc(9001), title: 'To restore rural broadband after wildfire, the perchlorate act.' };
    await putChangeSet({ indexed_at: indexedAt, docs: [added], removed: ['118-hr-3', '118-hr-10'] });
    reference.upsert([added], indexedAt);
    reference.remove(['118-hr-3', '118-hr-10']);
    const lazy = await liveIndex(NOW.getTime() + SYNC_MS + 1);
    expect(answers(lazy)).toEqual(answers(reference));
    const perchlorate: SearchRequest = { q: 'perchlorate', filters: {}, sort: 'relevance', limit: 10, offset: 0 };
    expect(lazy.search(perchlorate, NOW).hits.map((h) => h.bill_id)).toEqual(['118-hr-9001']);
  });

  it("starts on a manifest's hot ranges without their file, and opens a manifest written before them as before", async () => {
    const client = await s3();
    const hotKey = `${snapshot}.hot.json`;
    const expected = answers(reference);
    // A file of ranges no reader can parse: a reader of this manifest must not need it.
    await client.send(new PutObjectCommand({ Bucket: searchBucket(), Key: hotKey, Body: 'not ranges' }));
    try {
      expect(uploaded.hot.length).toBeGreaterThan(0);
      resetLiveIndex();
      expect(answers(await liveIndex(NOW.getTime() + 3 * SYNC_MS))).toEqual(expected);
      // A manifest written before the size and ranges: its reader reads their file (here, one it cannot parse).
      await writeManifest({ snapshot_key: snapshot, as_of: '2026-05-01T00:00:00.000Z' });
      resetLiveIndex();
      await expect(liveIndex(NOW.getTime() + 4 * SYNC_MS)).rejects.toThrow();
      await client.send(new PutObjectCommand({ Bucket: searchBucket(), Key: hotKey, Body: JSON.stringify(uploaded.hot) }));
      resetLiveIndex();
      expect(answers(await liveIndex(NOW.getTime() + 5 * SYNC_MS))).toEqual(expected);
    } finally {
      await client.send(new PutObjectCommand({ Bucket: searchBucket(), Key: hotKey, Body: JSON.stringify(uploaded.hot) }));
      await writeManifest({ ...uploaded, as_of: '2026-05-01T00:00:00.000Z' });
    }
  }, 60_000);

  it('makes a search whose bytes cannot be fetched an error, not an answer', async () => {
    // A copy of the snapshot this test may delete, read one small block at a time with no download behind.
    const key = `${snapshot}.doomed`;
    const client = await s3();
    const { readFileSync } = await import('node:fs');
    await client.send(new PutObjectCommand({ Bucket: searchBucket(), Key: key, Body: readFileSync(join(dir, 'built.db')) }));
    const path = join(dir, 'doomed.db');
    const file = LazyFile.open({
      bucket: searchBucket(),
      key,
      size: statSync(join(dir, 'built.db')).size,
      path,
      blockSize: 16 * 1024,
      readAhead: 0,
      streams: 0,
    });
    const index = SearchIndex.open(path, { readOnly: true });
    await client.send(new DeleteObjectCommand({ Bucket: searchBucket(), Key: key }));
    expect(() => index.search(QUERIES[0] as SearchRequest, NOW)).toThrow(/disk I\/O error/u);
    // The statement that failed reports its error again as it is finalized.
    expect(() => index.close()).toThrow(/disk I\/O error/u);
    file.close({ remove: true });
  });
});
