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
import { saveCommitteeFiles } from '#shared/use-cases/committees/save-committees.ts';
import { applyObservations } from '#shared/use-cases/schedule/apply-observations.ts';
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
  const committees = [
    { type: 'house', name: 'House Committee on Agriculture', thomas_id: 'HSAG', subcommittees: [{ name: 'Forestry and Horticulture', thomas_id: '15' }] },
  ];
  const membership = { HSAG: [{ name: 'Ada Adams', party: 'majority', rank: 1, title: 'Chair', bioguide: 'A000001' }], HSAG15: [] };
  await saveCommitteeFiles({ committees: JSON.stringify(committees), membership: JSON.stringify(membership) }, new Date('2026-01-02T00:00:00Z'));
  const fields = {
    chamber: 'house' as const,
    congress: 119,
    committees: ['HSAG15'],
    type: 'hearing' as const,
    status: 'scheduled' as const,
    starts_at: '2026-01-06T10:00:00-05:00',
    title: 'Hearing on H.R. 1',
    bill_ids: ['119-hr-1'],
  };
  await applyObservations('house-900100', { 'house-docs': { ref: null, observed_at: '2026-01-02T09:00:00-05:00', fields } }, new Date('2026-01-02T14:00:00Z'));
});

describe('the bulk snapshot', () => {
  it('answers 404 bulk.not_ready before the first snapshot', async () => {
    const res = await api().request('GET', '/api/bulk');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('bulk.not_ready');
  });

  it('lists files whose bytes, counts and records match the manifest and the API', async () => {
    expect(await exportBulkSnapshot()).toMatchObject({ files: 7, written: 7 });
    const listing = await api().request('GET', '/api/bulk');
    expect(listing.status).toBe(200);
    expect(listing.body).toMatchObject({ schema_version: 1, format: 'application/jsonl+gzip', licence: { briefs: expect.stringContaining('CC0') } });
    expect(listing.body.files.map((f) => f.path)).toEqual([
      'bills/118.jsonl.gz',
      'bills/119.jsonl.gz',
      'briefs/119.jsonl.gz',
      'committees.jsonl.gz',
      'meetings/119.jsonl.gz',
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
        } else if (file.entity === 'committees') {
          const committee = await api().request('GET', `/api/committees/${String(record.id)}`);
          const { members, subcommittees, jurisdiction, ...listed } = record as Json & { members: Json[] };
          expect(committee.body).toMatchObject({ ...listed, subcommittees, jurisdiction });
          expect(members.map((m) => [m.id, m.side, m.rank, m.title])).toEqual(committee.body.members.map((m) => [m.id, m.side, m.rank, m.title]));
        } else if (file.entity === 'meetings') {
          const { history: _history, ...meeting } = (await api().request('GET', `/api/meetings/${String(record.id)}`)).body;
          expect(record).toEqual(meeting);
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
