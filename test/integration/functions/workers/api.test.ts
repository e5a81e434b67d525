/**
 * The Bills and Members endpoints over the seeded dataset, through the real
 * API function handlers: lists with filters (status among them) and cursors,
 * one-Query details with the status timeline,
 * text with the section diff, votes with followed members' positions, name
 * search in both forms, by-zip, and clear 4xx answers for bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { releaseVoteFetch } from '#shared/adapters/db/votes.repository.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { handler as bills } from '#functions/api/bills.ts';
import { handler as members } from '#functions/api/members.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { SEED_ADDRESS, SEED_HAR_PATH, SEED_POLL_WINDOW, SEED_ZIP } from '../../../../local/fixtures/build-seed-har.ts';
import { drain, receive, takeAll } from '../../../support/drain.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

type Json = Record<string, unknown> & { items: Record<string, unknown>[]; next_cursor: string | null };
let token = '';
let userId = '';

beforeAll(async () => {
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  resetReplay();
  await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
  await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
  await drain({ 'ingest-tasks': ingestTasks, 'document-fetch': documentFetch });
  await takeAll('brief');
  ({ id: userId, token } = await newAccount('reader@example.org'));
}, 60_000);

describe('bills endpoints', () => {
  it('lists bills newest action first with has_document, and pages with a cursor', async () => {
    const first = (await call(bills, 'GET', '/api/bills', { query: { limit: '2' } })).body as Json;
    expect(first.items.map((b) => b.id)).toEqual(['119-s-5', '118-hr-21']);
    expect(first.items.every((b) => typeof b.has_document === 'boolean' && typeof b.data_as_of === 'string')).toBe(true);
    const second = (await call(bills, 'GET', '/api/bills', { query: { limit: '2', cursor: first.next_cursor as string } })).body as Json;
    expect(second.items.map((b) => b.id)).toEqual(['116-hjres-37']);
    const withText = (await call(bills, 'GET', '/api/bills', { query: { has_document: 'true' } })).body as Json;
    expect(withText.items.map((b) => b.id)).toEqual(['116-hjres-37']);
    const senate = (await call(bills, 'GET', '/api/bills', { query: { chamber: 'senate', congress: '119' } })).body as Json;
    expect(senate.items.map((b) => b.id)).toEqual(['119-s-5']);
    const bySponsor = (await call(bills, 'GET', '/api/bills', { query: { sponsor_id: 'K000389' } })).body as Json;
    expect(bySponsor.items.map((b) => b.id)).toEqual(['116-hjres-37']);
  });

  it('gives every listed bill its status, and filters by a status code or a whole-part prefix', async () => {
    const all = (await call(bills, 'GET', '/api/bills')).body as Json;
    expect(Object.fromEntries(all.items.map((b) => [b.id, b.status]))).toEqual({
      '119-s-5': 'ENACTED:SIGNED',
      // The recording lacks its House vote; "Received in the Senate." implies it.
      '118-hr-21': 'PASS_OVER:HOUSE',
      '116-hjres-37': 'PASS_OVER:HOUSE',
    });
    // Lists stay small: the timeline is the detail's.
    expect(all.items.some((b) => 'status_timeline' in b)).toBe(false);
    const ids = async (query: Record<string, string>) => ((await call(bills, 'GET', '/api/bills', { query })).body as Json).items.map((b) => b.id);
    expect(await ids({ status: 'ENACTED' })).toEqual(['119-s-5']);
    expect(await ids({ status: 'enacted:signed' })).toEqual(['119-s-5']);
    expect(await ids({ status: 'PASS_OVER' })).toEqual(['118-hr-21', '116-hjres-37']);
    expect(await ids({ status: 'PASS_OVER:SENATE' })).toEqual([]);
    expect(await ids({ status: 'PASS_OVER:HOUSE', chamber: 'house' })).toEqual(['118-hr-21', '116-hjres-37']);
    expect(await ids({ status: 'REFERRED' })).toEqual([]);
    expect(await ids({ status: 'PASS_OVER', sponsor_id: 'K000389' })).toEqual(['116-hjres-37']);
    const unknown = await call(bills, 'GET', '/api/bills', { query: { status: 'PASS' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errors: [{ path: 'query.status' }] });
    expect((await call(bills, 'GET', '/api/bills', { query: { status: 'LAW' } })).status).toBe(422);
  });

  it('shows the status timeline on the detail, oldest first, each change with its date and action', async () => {
    const detail = (await call(bills, 'GET', '/api/bills/119-s-5')).body as Record<string, unknown>;
    expect(detail.status).toBe('ENACTED:SIGNED');
    expect(detail.status_timeline).toEqual([
      { status: 'INTRODUCED', date: '2025-01-07', action_text: 'Introduced in Senate' },
      {
        status: 'REPORTED',
        date: '2025-01-08',
        action_text: 'Read the second time. Placed on Senate Legislative Calendar under General Orders. Calendar No. 1.',
      },
      { status: 'PASS_OVER:SENATE', date: '2025-01-20', action_text: 'Passed Senate with an amendment by Yea-Nay Vote. 64 - 35. Record Vote Number: 7.' },
      { status: 'ENACTED:SIGNED', date: '2025-01-29', action_text: 'Signed by President.' },
    ]);
  });

  it('marks followed bills for a signed-in user', async () => {
    await createFollow({ userId, targetType: 'bill', targetId: '119-s-5' });
    const list = (await call(bills, 'GET', '/api/bills', { token })).body as Json;
    expect(list.items.find((b) => b.id === '119-s-5')?.is_following).toBe(true);
    expect(list.items.find((b) => b.id === '118-hr-21')?.is_following).toBe(false);
  });

  it('answers the detail with sponsor, counts, data_as_of and introduced_date', async () => {
    const res = await call(bills, 'GET', '/api/bills/116-HJRES-37');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: '116-hjres-37',
      label: 'H.J.Res. 37',
      introduced_date: '2019-01-30',
      has_document: true,
      sponsor: { id: 'K000389', name: 'Khanna, Ro' },
      latest_brief: null,
      counts: { actions: 6, text_versions: 2, cosponsors: 96, votes: 1, briefs: 0 },
    });
    expect((res.body as { data_as_of: string }).data_as_of).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('serves the timeline newest first with categories, cosponsors with party, and text with its diff', async () => {
    const actions = (await call(bills, 'GET', '/api/bills/116-hjres-37/actions', { query: { limit: '4' } })).body as Json;
    expect(actions.items[0]).toMatchObject({ action_date: '2019-02-14', category: 'referral' });
    expect(actions.items).toHaveLength(4);
    expect(actions.next_cursor).not.toBeNull();
    // All 96 of its Bill Status file's cosponsors (the seed's), each with party, state and date.
    const cosponsors = (await call(bills, 'GET', '/api/bills/116-hjres-37/cosponsors')).body as Json;
    expect(cosponsors.items).toHaveLength(96);
    expect(cosponsors.items.find((c) => c.member_id === 'S001150')).toMatchObject({ party: 'D', state: 'CA', sponsorship_date: expect.any(String) });
    expect(cosponsors.items.every((c) => c.party === 'D' || c.party === 'R')).toBe(true);
    const versions = (await call(bills, 'GET', '/api/bills/116-hjres-37/text')).body as Json;
    expect(versions.items.map((v) => [v.version_code, v.published_date])).toEqual([
      ['rh', '2019-02-11'],
      ['rfs', '2019-02-14'],
    ]);
    const rfs = (await call(bills, 'GET', '/api/bills/116-hjres-37/text', { query: { version: 'rfs' } })).body as {
      text: string;
      previous_version_code: string;
      diff: unknown;
    };
    expect(rfs.text).toContain('SEC. 4. RULE OF CONSTRUCTION REGARDING INTELLIGENCE SHARING.');
    expect(rfs.previous_version_code).toBe('rh');
    expect(rfs.diff).not.toBeNull();
  });

  it('shows roll calls, queues one vote fetch on the first view, and gives followed members their positions', async () => {
    await takeAll('ingest-tasks');
    await createFollow({ userId, targetType: 'member', targetId: 'P000145' });
    // The seed's actions task fetched the votes already and the view says so: it queues nothing.
    const fetched = (await call(bills, 'GET', '/api/bills/119-s-5/votes')).body as Json;
    expect(fetched).toMatchObject({ vote_fetch_queued: false, vote_fetch: { state: 'checked' }, missing_votes: [] });
    // A bill whose votes were never fetched (its record gone, as when the roll-call switch was off): the first view queues it.
    await releaseVoteFetch('119-s-5');
    const guest = (await call(bills, 'GET', '/api/bills/119-s-5/votes')).body as Json;
    expect(guest.vote_fetch_queued).toBe(true);
    expect(guest.vote_fetch).toMatchObject({ state: 'queued', checked_at: null });
    expect(guest.items[0]).toMatchObject({ yea: 64, nay: 35, result: 'Bill Passed', followed_positions: [] });
    const queued = await receive('ingest-tasks');
    expect(queued.map((m) => JSON.parse(m.Body ?? '{}') as unknown)).toEqual([
      { v: 1, type: 'fetch_bill_votes', bill_id: '119-s-5', correlation_id: expect.any(String) },
    ]);
    const user = (await call(bills, 'GET', '/api/bills/119-s-5/votes', { token })).body as Json;
    expect(user.vote_fetch_queued).toBe(false);
    expect(user.vote_fetch).toMatchObject({ state: 'queued' });
    expect(user.items[0]?.followed_positions).toEqual([
      { member_id: 'P000145', name: 'Padilla, Alex', title: 'Sen.', party: 'D', state: 'CA', position: 'Nay' },
    ]);
  });

  it('answers 404 for an unknown bill and 422 for a malformed id or filter', async () => {
    expect((await call(bills, 'GET', '/api/bills/119-hr-99999')).status).toBe(404);
    expect((await call(bills, 'GET', '/api/bills/119-hr-99999/votes')).status).toBe(404);
    const bad = await call(bills, 'GET', '/api/bills/not-a-bill');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: [{ path: 'path.id' }] });
    expect((await call(bills, 'GET', '/api/bills', { query: { limit: '500' } })).status).toBe(422);
    expect((await call(bills, 'GET', '/api/bills', { query: { cursor: 'garbage!' } })).status).toBe(422);
    expect((await call(bills, 'GET', '/api/bills/116-hjres-37/text', { query: { version: 'zz' } })).status).toBe(404);
  });
});

describe('members endpoints', () => {
  it("finds a member by 'Last, First' and by 'First Last'", async () => {
    for (const q of ['Padilla, Alex', 'Alex Padilla', 'padil']) {
      const res = (await call(members, 'GET', '/api/members', { query: { q } })).body as Json;
      expect(res.items.map((m) => m.id)).toEqual(['P000145']);
    }
  });

  it('filters by state and chamber and pages the list', async () => {
    const ca = (await call(members, 'GET', '/api/members', { query: { state: 'ca', chamber: 'senate' } })).body as Json;
    expect(ca.items.map((m) => m.id).sort()).toEqual(['P000145', 'S001150']);
    const page = (await call(members, 'GET', '/api/members', { query: { limit: '4' } })).body as Json;
    expect(page.items).toHaveLength(4);
    expect(page.next_cursor).not.toBeNull();
  });

  it('queues the enrichment on the first profile view, once, and serves the enriched profile after it runs', async () => {
    await takeAll('ingest-tasks');
    const first = (await call(members, 'GET', '/api/members/K000389')).body as Record<string, unknown>;
    expect(first).toMatchObject({ id: 'K000389', state: 'CA', district: 17, chamber: 'house', enrichment_pending: true });
    await call(members, 'GET', '/api/members/K000389');
    const drained = await drain({ 'ingest-tasks': ingestTasks });
    expect(drained.handled['ingest-tasks']).toEqual([{ v: 1, type: 'enrich_member', member_id: 'K000389', correlation_id: expect.any(String) }]);
    const after = (await call(members, 'GET', '/api/members/K000389')).body as Record<string, unknown>;
    expect(after).toMatchObject({ enrichment_pending: false, birth_year: 1976, sponsored_count: 4, cosponsored_count: 12 });
  });

  it('answers a sponsor not yet in the members table with what its bills know, and asks for the member to be fetched', async () => {
    await takeAll('ingest-tasks');
    // H.R. 21's sponsor left the House before the seeded member list was recorded: no member record, only the bill's sponsor.
    const res = await call(members, 'GET', '/api/members/M001159');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'M001159',
      name: 'McMorris Rodgers, Cathy',
      party: 'R',
      state: 'WA',
      district: 5,
      chamber: 'house',
      enrichment_pending: true,
    });
    expect(await takeAll('ingest-tasks')).toEqual([expect.objectContaining({ type: 'enrich_member', member_id: 'M001159' })]);
    const billsOf = (await call(members, 'GET', '/api/members/M001159/bills')).body as Json;
    expect(billsOf.items.map((b) => [b.id, b.role])).toEqual([['118-hr-21', 'sponsor']]);
    expect((await call(members, 'GET', '/api/members/Z999999')).status).toBe(404);
  });

  it("lists a member's bills and recorded votes", async () => {
    const billsOf = (await call(members, 'GET', '/api/members/K000389/bills')).body as Json;
    expect(billsOf.items.map((b) => [b.id, b.role])).toEqual([['116-hjres-37', 'sponsor']]);
    const votes = (await call(members, 'GET', '/api/members/B001319/votes')).body as Json;
    expect(votes.items[0]).toMatchObject({ vote_id: 'senate-119-1-7', position: 'Yea', kind: 'passage' });
  });

  it('answers by-zip with every district of the ZIP, one picked by the seeded address, and 422 for a malformed ZIP', async () => {
    type ZipAnswer = { state: string; district: number | null; ambiguous: boolean; districts: unknown[]; members: { id: string }[] };
    const res = await call(members, 'GET', `/api/members/by-zip/${SEED_ZIP}`);
    expect(res.status).toBe(200);
    const body = res.body as ZipAnswer;
    expect(body).toMatchObject({
      state: 'CA',
      district: null,
      ambiguous: true,
      districts: [
        { state: 'CA', district: 16 },
        { state: 'CA', district: 17 },
      ],
    });
    expect(body.members.map((m) => m.id).sort()).toEqual(['K000389', 'L000607', 'P000145', 'S001150']);
    const picked = await call(members, 'GET', `/api/members/by-zip/${SEED_ZIP}`, { query: { address: SEED_ADDRESS } });
    expect(picked.body).toMatchObject({ state: 'CA', district: 17, ambiguous: false, districts: [{ state: 'CA', district: 17 }] });
    expect((picked.body as ZipAnswer).members.map((m) => m.id).sort()).toEqual(['K000389', 'P000145', 'S001150']);
    expect((await call(members, 'GET', '/api/members/by-zip/9501')).status).toBe(422);
    // Offline, a ZIP of the crosswalk answers with its districts (no member of New York is seeded).
    expect((await call(members, 'GET', '/api/members/by-zip/10001')).body).toMatchObject({ state: 'NY', district: null, ambiguous: true, members: [] });
    // A ZIP in no offline source (Guam, not in the crosswalk or the recording): 404 with a detail, never a 503 naming internals (issue 21).
    const unknown = await call(members, 'GET', '/api/members/by-zip/96910');
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).not.toMatch(/REPLAY_HAR|recording/i);
  });

  it('answers 404 for an unknown member and 422 for a malformed id', async () => {
    expect((await call(members, 'GET', '/api/members/Z999999')).status).toBe(404);
    expect((await call(members, 'GET', '/api/members/nope')).status).toBe(422);
  });
});
