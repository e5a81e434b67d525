// Committees on DynamoDB Local: every committee, subcommittee and seat of the membership fixtures served by
// /api/committees, the sync's idempotence and retirements, a member's assignments, referrals from bill actions, follows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as api } from '#functions/api/committees.ts';
import { handler as personal } from '#functions/api/personal.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { committeeAssignmentsOf } from '#shared/use-cases/committees/committee-reads.ts';
import { saveCommitteeFiles } from '#shared/use-cases/committees/save-committees.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { newAccount, type TestAccount } from '#test/support/accounts.ts';
import { call } from '#test/support/api.ts';
import { FIXTURES, hasFixtures } from '#test/support/ingest-fixtures.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

type RawCommittee = { thomas_id: string; name: string; type: string; subcommittees?: { thomas_id: string; name: string }[] };
type RawSeat = { bioguide: string; party: string; rank?: number; title?: string };
type Listed = { id: string; name: string; chamber: string; parent_id: string | null; member_count: number };
type Detail = Listed & {
  current: boolean;
  members: { id: string; side: string; rank: number | null; title: string | null }[];
  subcommittees: { id: string }[];
};

const text = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const CURRENT = { committees: 'congress-legislators/committees-current.json', membership: 'congress-legislators/committee-membership-current.json' };
const OF_2019 = { committees: 'committees/committees-current-2019-05-03.yaml', membership: 'committees/committee-membership-current-2019-05-03.yaml' };
const files = (f: typeof CURRENT) => ({ committees: text(f.committees), membership: text(f.membership) });

/** Every committee the listing serves, page by page. */
async function listAll(query: Record<string, string> = {}): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(api, 'GET', '/api/committees', { query: { ...query, limit: '100', ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    const body = res.body as { items: Listed[]; next_cursor: string | null };
    all.push(...body.items);
    cursor = body.next_cursor ?? undefined;
  } while (cursor);
  return all;
}

/** Checks that every committee and seat of the files is served, as the files give them. */
async function expectServed(f: typeof CURRENT, read: (t: string) => unknown) {
  const committees = read(text(f.committees)) as RawCommittee[];
  const membership = read(text(f.membership)) as Record<string, RawSeat[]>;
  const codes = committees.flatMap((c) => [c.thomas_id, ...(c.subcommittees ?? []).map((s) => `${c.thomas_id}${s.thomas_id}`)]);
  const listed = await listAll();
  expect(listed.map((c) => c.id).sort()).toEqual([...codes].sort());
  await mapLimit(codes, 8, async (code) => {
    const res = await call(api, 'GET', `/api/committees/${code}`);
    expect(res.status, code).toBe(200);
    const body = res.body as Detail;
    const seats = membership[code] ?? [];
    expect(body.member_count, code).toBe(seats.length);
    const served = body.members.map((m) => `${m.id}|${m.side}|${m.rank}|${m.title}`).sort();
    expect(served, code).toEqual(seats.map((s) => `${s.bioguide}|${s.party}|${s.rank ?? null}|${s.title ?? null}`).sort());
  });
  return codes;
}

let codes2019: string[] = [];

describe.skipIf(!hasFixtures)('committees from congress-legislators', () => {
  beforeAll(async () => {
    await saveCommitteeFiles(files(OF_2019), new Date('2019-05-04T00:00:00Z'));
  }, 240_000);

  it('serves every committee, subcommittee and seat of the 2019 files', async () => {
    codes2019 = await expectServed(OF_2019, (t) => parseYaml(t));
    expect(codes2019).toHaveLength(238);
  }, 240_000);

  it('serves every committee, subcommittee and seat of the current files, and retires what they no longer list', async () => {
    const result = await saveCommitteeFiles(files(CURRENT), new Date('2026-06-20T00:00:00Z'));
    const codes = await expectServed(CURRENT, JSON.parse);
    const gone = codes2019.filter((c) => !codes.includes(c));
    expect(result.retired).toBe(gone.length);
    expect(gone.length).toBeGreaterThan(0);
    const retired = (await call(api, 'GET', `/api/committees/${gone[0]}`)).body as Detail;
    expect(retired).toMatchObject({ current: false, member_count: 0, members: [] });
  }, 240_000);

  it('writes nothing when the same files are saved again', async () => {
    expect(await saveCommitteeFiles(files(CURRENT), new Date('2026-06-21T00:00:00Z'))).toMatchObject({ committees: 230, seats: 3879, written: 0, retired: 0 });
  }, 120_000);

  it('filters by chamber and orders each full committee before its subcommittees', async () => {
    const senate = await listAll({ chamber: 'senate' });
    expect(senate.every((c) => c.chamber === 'senate')).toBe(true);
    const ssaf = senate.findIndex((c) => c.id === 'SSAF');
    expect(senate.slice(ssaf + 1, ssaf + 3).every((c) => c.parent_id === 'SSAF')).toBe(true);
    expect((await listAll({ chamber: 'joint' })).map((c) => c.id).sort()).toEqual(['JCSE', 'JSEC', 'JSLC', 'JSPR', 'JSTX']);
  });

  it('answers a committee with its members in roster order and its subcommittees; 404 and 422 otherwise', async () => {
    const res = await call(api, 'GET', '/api/committees/ssaf');
    const body = res.body as Detail;
    expect(body.members[0]).toMatchObject({ id: 'B001236', side: 'majority', rank: 1, title: 'Chairman' });
    expect(body.members.findIndex((m) => m.side === 'minority')).toBeGreaterThan(body.members.filter((m) => m.side === 'majority').length - 1);
    expect(body.subcommittees.map((s) => s.id)).toEqual(expect.arrayContaining(['SSAF13', 'SSAF14']));
    expect((await call(api, 'GET', '/api/committees/ZZZZ')).body).toMatchObject({ code: 'committee.not_found' });
    expect((await call(api, 'GET', '/api/committees/ZZZZ')).status).toBe(404);
    expect((await call(api, 'GET', '/api/committees/not-a-code')).status).toBe(422);
  });

  it("gives a member's assignments: every seat of the membership file, with titles as spelt", async () => {
    const membership = JSON.parse(text(CURRENT.membership)) as Record<string, RawSeat[]>;
    const expected = Object.entries(membership).flatMap(([code, seats]) =>
      seats.filter((s) => s.bioguide === 'B001236').map((s) => [code, s.party, s.rank ?? null, s.title ?? null]),
    );
    const assignments = await committeeAssignmentsOf('B001236');
    expect(assignments.map((a) => [a.committee_id, a.side, a.rank, a.title]).sort()).toEqual(expected.sort());
    expect(assignments.find((a) => a.committee_id === 'SSAF')).toMatchObject({
      committee_name: 'Senate Committee on Agriculture, Nutrition, and Forestry',
      parent_id: null,
      title: 'Chairman',
    });
    expect(assignments.filter((a) => a.parent_id).every((a) => a.parent_name)).toBe(true);
    expect(await committeeAssignmentsOf('Z999999')).toEqual([]);
  });

  it('lists the bills referred to a committee and reported by it, from the actions that name it', async () => {
    const bill = parseBillStatus(readFileSync(path.resolve(import.meta.dirname, '../../../../../local/demo/billstatus/BILLSTATUS-117hr1.xml'), 'utf8'));
    await importBillStatus(bill, { now: new Date('2026-06-22T00:00:00Z'), fetchLinked: false });
    const full = (await call(api, 'GET', '/api/committees/HSJU')).body as {
      recent_activity: { bill_id: string; kind: string; date: string; title: string | null }[];
    };
    expect(full.recent_activity).toContainEqual(expect.objectContaining({ bill_id: '117-hr-1', kind: 'referral', date: '2021-03-01', title: bill.bill.title }));
    const sub = (await call(api, 'GET', '/api/committees/HSJU10')).body as { recent_activity: { bill_id: string }[] };
    expect(sub.recent_activity.map((a) => a.bill_id)).toContain('117-hr-1');
  }, 120_000);

  it('tells a signed-in follower is_following, and lets them follow a committee (404 for an unknown one)', async () => {
    const user: TestAccount = await newAccount('committee-follower@example.org');
    expect((await call(api, 'GET', '/api/committees/SSAF', { token: user.token })).body).toMatchObject({ is_following: false });
    const followed = await call(personal, 'POST', '/api/follows', { token: user.token, body: { target_type: 'committee', target_id: 'ssaf' } });
    expect(followed.status).toBe(201);
    expect(followed.body).toMatchObject({ id: 'committee:SSAF', target_type: 'committee', target_id: 'SSAF', follow_mode: null });
    expect((await call(api, 'GET', '/api/committees/SSAF', { token: user.token })).body).toMatchObject({ is_following: true });
    expect((await call(api, 'GET', '/api/committees/SSAF')).body).not.toHaveProperty('is_following');
    const unknown = await call(personal, 'POST', '/api/follows', { token: user.token, body: { target_type: 'committee', target_id: 'ZZZZ' } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'committee.not_found' } });
  });
});
