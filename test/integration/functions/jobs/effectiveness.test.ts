/**
 * calculate_effectiveness_scores on DynamoDB Local: members, sponsored bills,
 * actions and cosponsors seeded through their repositories; the job run
 * through the ingest job handler and through its admin trigger; the stored
 * scores and the member endpoints that show them.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '#functions/api/admin.ts';
import { handler as membersApi } from '#functions/api/members.ts';
import { handler as ingestJobs } from '#functions/jobs/ingest.ts';
import { insertActions } from '#shared/adapters/db/actions.repository.ts';
import { setBillCategory } from '#shared/adapters/db/bills.repository.ts';
import { saveCosponsors } from '#shared/adapters/db/cosponsors.repository.ts';
import { saveMemberScore } from '#shared/adapters/db/effectiveness.repository.ts';
import { getMember, putMember } from '#shared/adapters/db/members.repository.ts';
import { calculateEffectivenessScores } from '#shared/use-cases/effectiveness/calculate-effectiveness-scores.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import type { MemberTerm } from '#shared/domain/members/member.schema.ts';
import { RUN_JOB_EVENT } from '#shared/edges/jobs/job.ts';
import { call } from '#test/support/api.ts';
import { makeMember, seedBill, seedMember } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const bus = mockClient(EventBridgeClient);
afterEach(() => bus.reset());
// The stub is on the client class, in a process the tier's files share (vitest.config.ts): put the real send back.
afterAll(() => bus.restore());

const at = '2026-01-01T00:00:00Z';
const enriched = { enriched_at: at, phone: '202-555-0100' };
/** One Congress.gov term per congress, from the 119th back. */
const terms = (n: number): MemberTerm[] =>
  Array.from({ length: n }, (_, i) => ({
    chamber: 'house',
    congress: 119 - i,
    start_year: 2025 - 2 * i,
    end_year: i === 0 ? null : 2027 - 2 * i,
    state: 'CA',
    district: 12,
    party: null,
  }));

const actions = (billId: string, ...texts: string[]): BillAction[] =>
  texts.map((action_text, i) => ({
    bill_id: billId,
    action_date: `2025-02-${String(10 + i).padStart(2, '0')}`,
    action_text,
    category: 'procedural',
    action_code: null,
    action_type: null,
    recorded_votes: [],
    provenance: { source: 'test', fetched_at: at },
  }));

const cosponsor = (billId: string, memberId: string, party: string | null, withdrawn_date: string | null = null) => ({
  bill_id: billId,
  member_id: memberId,
  name: `Member, ${memberId}`,
  party,
  state: 'CA',
  district: 1,
  sponsorship_date: '2025-02-02',
  is_original: true,
  withdrawn_date,
});

beforeAll(async () => {
  // Senior Democrats: a chair with a bipartisan law and a commemorative bill reported by committee, a bill passed
  // by the House with same-party cosponsors, an introduced bill whose other-party cosponsor withdrew, and no bills.
  await seedMember('A000001', 'Alpha, Ann', {
    ...enriched,
    terms: terms(6),
    leadership_roles: [{ title: 'House Democratic Steering Committee Chair', congress: 119, current: true }],
  });
  await seedMember('B000002', 'Beta, Bo', { ...enriched, terms: terms(7) });
  await seedMember('C000003', 'Gamma, Cy', { ...enriched, terms: terms(8) });
  await seedMember('D000004', 'Delta, Di', { ...enriched, terms: terms(6) });
  // A junior Republican who chairs a full committee (from the committee files) and whose bill passed both
  // chambers, and a member with no stored terms and no bills.
  await seedMember('E000005', 'Epsilon, Ed', { ...enriched, party: 'R', terms: terms(2), chaired_committees: ['Senate Committee on Finance'] });
  await seedMember('F000006', 'Zeta, Fay', { party: 'R' });

  await seedBill(119, 'hr', 1, { sponsor_id: 'A000001', latest_action_text: 'Became Public Law No: 119-5.' });
  await saveCosponsors([cosponsor('119-hr-1', 'E000005', 'R'), cosponsor('119-hr-1', 'B000002', 'D')]);
  await seedBill(119, 'hres', 2, { sponsor_id: 'A000001' });
  await insertActions(actions('119-hres-2', 'Introduced in House', 'Referred to the House Committee on Oversight.', 'Ordered to be Reported by Voice Vote.'));
  await setBillCategory('119-hres-2', 'commemorative');

  await seedBill(119, 'hr', 3, { sponsor_id: 'B000002' });
  await insertActions(actions('119-hr-3', 'Introduced in House', 'Passed/agreed to in House: On passage Passed by voice vote.', 'Received in the Senate.'));
  await saveCosponsors([cosponsor('119-hr-3', 'A000001', 'D')]);

  await seedBill(119, 'hr', 4, { sponsor_id: 'D000004' });
  await saveCosponsors([cosponsor('119-hr-4', 'E000005', 'R', '2025-03-01')]);

  await seedBill(119, 's', 5, { sponsor_id: 'E000005', latest_action_text: 'Presented to President.' });

  // A bill whose sponsor is not a stored member is read by nobody.
  await seedBill(119, 'hr', 6, { sponsor_id: 'Z999999' });
});

const EXPECTED = {
  // (5 × 1.5 + 2 × 0.1) × 1.2
  A000001: { effectiveness_score: 9.24, percentile: 87.5, tier: 'top', seniority_tier: 'senior' },
  B000002: { effectiveness_score: 3, percentile: 62.5, tier: 'middle', seniority_tier: 'senior' },
  D000004: { effectiveness_score: 1, percentile: 37.5, tier: 'middle', seniority_tier: 'senior' },
  C000003: { effectiveness_score: 0, percentile: 12.5, tier: 'bottom', seniority_tier: 'senior' },
  // 4 × 1.2
  E000005: { effectiveness_score: 4.8, percentile: 50, tier: 'middle', seniority_tier: 'junior' },
  F000006: { effectiveness_score: 0, percentile: 50, tier: 'middle', seniority_tier: null },
} as const;

describe('calculate_effectiveness_scores', () => {
  it('scores every member within their (seniority × party) bucket with bounded reads, and keeps their other fields', async () => {
    const summary = await calculateEffectivenessScores(new Date('2026-02-01T05:00:00Z'));
    expect(summary).toEqual({
      members_scored: 6,
      members_gone: 0,
      members_with_bills: 4,
      bills_read: 5,
      // The law's latest action settles its stage; the other four bills read their actions.
      action_queries: 4,
      cosponsor_queries: 5,
      chairs: 2,
      buckets: 3,
      computed_at: '2026-02-01T05:00:00.000Z',
    });
    for (const [id, expected] of Object.entries(EXPECTED)) {
      const m = await getMember(id);
      expect(m, id).toMatchObject({ ...expected, effectiveness_computed_at: '2026-02-01T05:00:00.000Z' });
    }
    const alpha = await getMember('A000001');
    expect(alpha).toMatchObject({ name: 'Alpha, Ann', phone: '202-555-0100', enriched_at: at });
    expect(alpha?.terms).toHaveLength(6);
    expect(alpha?.leadership_roles).toHaveLength(1);
  });

  it('keeps the stored scores when sync_members saves the member again', async () => {
    await putMember(makeMember('B000002', 'Beta, Bo', { phone: '202-555-0199' }));
    expect(await getMember('B000002')).toMatchObject({ ...EXPECTED.B000002, phone: '202-555-0199' });
  });

  it('shows score, percentile and tier on the member detail and list', async () => {
    const detail = await call(membersApi, 'GET', '/api/members/A000001');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: 'A000001', effectiveness_score: 9.24, percentile: 87.5, tier: 'top', seniority_tier: 'senior' });
    const list = await call(membersApi, 'GET', '/api/members', { query: { limit: '10' } });
    const items = (list.body as { items: { id: string; effectiveness_score: number | null; percentile: number | null; tier: string | null }[] }).items;
    expect(Object.fromEntries(items.map((m) => [m.id, [m.effectiveness_score, m.percentile, m.tier]]))).toEqual(
      Object.fromEntries(Object.entries(EXPECTED).map(([id, e]) => [id, [e.effectiveness_score, e.percentile, e.tier]])),
    );
  });

  it('leaves a member removed since the listing alone and counts it', async () => {
    expect(
      await saveMemberScore('X000000', { effectiveness_score: 1, percentile: 50, tier: 'middle', seniority_tier: null, effectiveness_computed_at: at }),
    ).toBe(false);
    expect(await getMember('X000000')).toBeNull();
  });
});

describe('POST /api/admin/calculate-effectiveness', () => {
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    const signUp = async (email: string, ip: string) => {
      return (await newAccount(email, { sourceIp: ip })).token;
    };
    adminToken = await signUp('ops@example.org', '192.0.2.20');
    userToken = await signUp('someone@example.org', '192.0.2.21');
  });

  it('refuses guests (401) and users (403) without putting an event on the bus', async () => {
    expect((await call(admin, 'POST', '/api/admin/calculate-effectiveness')).status).toBe(401);
    expect((await call(admin, 'POST', '/api/admin/calculate-effectiveness', { token: userToken })).status).toBe(403);
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('answers 202 for an admin, and the ingest job function runs the event it put on the bus', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e1' }] });
    const res = await call(admin, 'POST', '/api/admin/calculate-effectiveness', { token: adminToken });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ job: 'calculate_effectiveness_scores' });
    const entry = bus.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries?.[0];
    const detail = JSON.parse(entry?.Detail ?? '{}') as Record<string, unknown>;
    expect(detail).toMatchObject({ job: 'calculate_effectiveness_scores', trigger: 'admin' });

    const run = await ingestJobs({ 'detail-type': RUN_JOB_EVENT.detailType, source: RUN_JOB_EVENT.source, detail });
    expect(run).toMatchObject({ job: 'calculate_effectiveness_scores', status: 'succeeded', result: { members_scored: 6, bills_read: 5 } });
    // A second run gives the same scores.
    for (const [id, expected] of Object.entries(EXPECTED)) expect(await getMember(id), id).toMatchObject(expected);
  });
});
