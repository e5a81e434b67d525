// The bulk snapshot against the local stack: the export job's files, listed
// by GET /api/bulk and downloaded from their URLs, parse as gzipped JSON
// Lines, match their manifest entries (count, size, SHA-256) and match what
// the API answers for every record; a second run rewrites only what changed.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportBulkSnapshot } from '#shared/use-cases/bills/bulk-export.ts';
import { setBillCategory } from '#shared/adapters/db/bills.repository.ts';
import { seedBill, seedBrief, seedMember, seedRollCall } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();

type Json = Record<string, unknown>;

/** Downloads a file the listing names, from the local stand-in of the public URL. */
async function download(url: string): Promise<Buffer> {
  const res = await fetch(new URL(new URL(url).pathname, e2e.stack().apiUrl));
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const linesOf = (gz: Buffer): Json[] =>
  gunzipSync(gz)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Json);

beforeAll(async () => {
  await Promise.all([
    seedBill(119, 'hr', 1, { title: 'Farm Security Act' }),
    seedBill(119, 's', 2),
    seedBill(118, 'hr', 9),
    seedMember('A000001', 'Adams, Ada'),
    seedMember('B000002', 'Baker, Ben', { chamber: 'senate', district: null }),
  ]);
  await seedRollCall({ billId: '119-hr-1', roll: 3, date: '2026-01-03', question: 'On Passage', positions: { A000001: 'Yea' } });
  await seedBrief('119-hr-1');
});

describe('the bulk snapshot', () => {
  it('answers 404 bulk.not_ready before the first snapshot', async () => {
    const res = await api().request('GET', '/api/bulk');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('bulk.not_ready');
  });

  it('lists files whose bytes, counts and records match the manifest and the API', async () => {
    expect(await exportBulkSnapshot()).toMatchObject({ files: 5, written: 5 });
    const listing = await api().request('GET', '/api/bulk');
    expect(listing.status).toBe(200);
    expect(listing.body).toMatchObject({ schema_version: 1, format: 'application/jsonl+gzip', licence: { briefs: expect.stringContaining('CC0') } });
    expect(listing.body.files.map((f) => f.path)).toEqual([
      'bills/118.jsonl.gz',
      'bills/119.jsonl.gz',
      'briefs/119.jsonl.gz',
      'members.jsonl.gz',
      'votes/119.jsonl.gz',
    ]);

    for (const file of listing.body.files) {
      const gz = await download(file.url);
      expect(gz.length, file.path).toBe(file.bytes);
      expect(createHash('sha256').update(gz).digest('hex'), file.path).toBe(file.sha256);
      const records = linesOf(gz);
      expect(records, file.path).toHaveLength(file.records);
      for (const record of records) {
        if (file.entity === 'bills') {
          const detail = await api().request('GET', `/api/bills/${String(record.id)}`);
          const { status_timeline, actions, ...view } = record;
          expect(view).toEqual(Object.fromEntries(Object.keys(view).map((k) => [k, (detail.body as Json)[k]])));
          expect(status_timeline).toEqual(detail.body.status_timeline);
          const apiActions = await api().request('GET', `/api/bills/${String(record.id)}/actions`, { query: { limit: '100' } });
          expect(actions).toEqual(apiActions.body.items);
        } else if (file.entity === 'briefs') {
          const briefs = await api().request('GET', `/api/bills/${String(record.bill_id)}/briefs`);
          expect(briefs.body.items).toContainEqual(record);
        } else if (file.entity === 'votes') {
          const votes = await api().request('GET', `/api/bills/${String(record.bill_id)}/votes`);
          const { positions, ...vote } = record as Json & { positions: { member_id: string; position: string }[]; vote_id: string };
          const apiVote: Json = (votes.body.items as Json[]).find((v) => v.vote_id === vote.vote_id) ?? {};
          expect(vote).toEqual(Object.fromEntries(Object.keys(vote).map((k) => [k, apiVote[k]])));
          expect(positions.length).toBeGreaterThan(0);
          for (const p of positions) {
            const memberVotes = await api().request('GET', `/api/members/${p.member_id}/votes`);
            expect(memberVotes.body.items).toContainEqual(expect.objectContaining({ vote_id: vote.vote_id, position: p.position }));
          }
        } else {
          const member = await api().request('GET', `/api/members/${String(record.id)}`);
          expect(member.body).toMatchObject({ id: record.id, name: record.name, state: record.state, updated_at: record.updated_at });
        }
      }
    }
  });

  it('rewrites only the files whose content changed', async () => {
    const first = (await api().request('GET', '/api/bulk')).body.files;
    expect(await exportBulkSnapshot()).toMatchObject({ written: 0 });
    await setBillCategory('119-s-2', 'commemorative');
    expect(await exportBulkSnapshot()).toMatchObject({ written: 1 });
    const after = (await api().request('GET', '/api/bulk')).body.files;
    const changed = after.filter((f) => first.find((g) => g.path === f.path)?.sha256 !== f.sha256).map((f) => f.path);
    expect(changed).toEqual(['bills/119.jsonl.gz']);
    expect(after.find((f) => f.path === 'members.jsonl.gz')?.written_at).toBe(first.find((f) => f.path === 'members.jsonl.gz')?.written_at);
  });
});
