/**
 * `npm start` with no API keys, over HTTP: the local stack replays the
 * project's recorded dataset, seeds itself through the real jobs, and its
 * queue pumps bring actions, text and votes; the API then shows seeded
 * bills (with their status and status timeline), actions, text, members
 * (profile and bills), cosponsors and votes, and by-zip answers for the
 * seeded ZIP (both its districts, or the seeded address's one).
 */
import { describe, expect, it, vi } from 'vitest';
import { SEED_ADDRESS, SEED_ZIP } from '#local/fixtures/build-seed-har.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

delete process.env.CONGRESS_API_KEY;
delete process.env.REPLAY_HAR;
// The seeded start loads the whole offline demo (bills, texts, roll calls, amendments, committees, schedule, forecasts).
vi.setConfig({ hookTimeout: 300_000 });
const e2e = useLocalStack({ seed: true, pumps: true });

/** How the tests poll for what the pumps do in the background (a read that throws ends the wait at once). */
const POLL = { timeout: 30_000, interval: 100 };
// Roll calls come through the ingest-tasks queue behind the first start's own work (the demo's vote fetches are queued
// over 140 s, texts, amendments, forecasts): they may take minutes on a busy machine.
const VOTES_POLL = { timeout: 200_000, interval: 500 };

describe('npm start with no keys', () => {
  it('seeded itself from the recorded dataset through the real jobs', () => {
    expect(e2e.stack().seed).toMatchObject({ seeded: true });
    expect(e2e.stack().env.REPLAY_HAR).toMatch(/local\/fixtures\/seed\.har$/);
  });

  it('shows seeded bills with actions, text and votes once the pumps have run', async () => {
    const api = e2e.client();
    const text = await vi.waitUntil(async () => {
      const r = await api.request('GET', '/api/bills/116-hjres-37/text');
      return r.status === 200 && 'items' in r.body && r.body.items.length === 1 && r;
    }, POLL);
    // Without ?version the route answers the list of versions; with it, one version (a union in the document).
    // The later version (rfs) and the Senate referral's day are held back for the demo replay (test/e2e/ingest/demo-replay.test.ts).
    if (!('items' in text.body)) throw new Error('expected the list of text versions');
    expect(text.body.items.map((v) => v.version_code)).toEqual(['rh']);
    const bills = await api.request('GET', '/api/bills', { query: { limit: '100' } });
    expect(bills.body.items.map((b) => b.id)).toEqual(expect.arrayContaining(['116-hjres-37', '118-hr-21', '119-s-5']));
    const detail = await api.request('GET', '/api/bills/116-hjres-37');
    expect(detail.body).toMatchObject({ has_document: true, sponsor_id: 'K000389', introduced_date: '2019-01-30' });
    const actions = await api.request('GET', '/api/bills/116-hjres-37/actions');
    expect(actions.body.items).toHaveLength(5);
    const one = await api.request('GET', '/api/bills/116-hjres-37/text', { query: { version: 'rh' } });
    if (!('text' in one.body)) throw new Error('expected one text version');
    expect(one.body.text).toContain('SEC. 2.');
    expect(one.body).toMatchObject({ previous_version_code: null });
    const votes = await vi.waitUntil(async () => {
      const r = await api.request('GET', '/api/bills/119-s-5/votes');
      return r.status === 200 && r.body.items.length === 1 && r;
    }, VOTES_POLL);
    expect(votes.body.items[0]).toMatchObject({ yea: 64, nay: 35, result: 'Bill Passed' });
    const memberVotes = await api.request('GET', '/api/members/P000145/votes');
    expect(memberVotes.body.items[0]).toMatchObject({ position: 'Nay', bill_id: '119-s-5' });
  }, 240_000);

  it('shows where each seeded bill stands: S. 5 of the 119th enacted, H.J.Res. 37 of the 116th passed the House', async () => {
    const api = e2e.client();
    const s5 = await vi.waitUntil(async () => {
      const r = await api.request('GET', '/api/bills/119-s-5');
      return r.status === 200 && r.body.status === 'ENACTED:SIGNED' && r;
    }, POLL);
    expect(s5.body.status).toBe('ENACTED:SIGNED');
    expect(s5.body.status_timeline).toEqual([
      { status: 'INTRODUCED', date: '2025-01-07', action_text: 'Introduced in Senate' },
      // Placed on the calendar straight after introduction reads REPORTED, as unitedstates/congress reads it.
      {
        status: 'REPORTED',
        date: '2025-01-08',
        action_text: 'Read the second time. Placed on Senate Legislative Calendar under General Orders. Calendar No. 1.',
      },
      { status: 'PASS_OVER:SENATE', date: '2025-01-20', action_text: 'Passed Senate with an amendment by Yea-Nay Vote. 64 - 35. Record Vote Number: 7.' },
      { status: 'ENACTED:SIGNED', date: '2025-01-29', action_text: 'Signed by President.' },
    ]);
    const hjres = await vi.waitUntil(async () => {
      const r = await api.request('GET', '/api/bills/116-hjres-37');
      return r.status === 200 && r.body.status === 'PASS_OVER:HOUSE' && r;
    }, POLL);
    expect(hjres.body.status).toBe('PASS_OVER:HOUSE');
    expect(hjres.body.status_timeline.map((e) => [e.date, e.status])).toEqual([
      ['2019-01-30', 'INTRODUCED'],
      ['2019-01-30', 'REFERRED'],
      ['2019-02-11', 'REPORTED'],
      ['2019-02-13', 'PASS_OVER:HOUSE'],
    ]);
    // The demo's Bill Status bills are listed beside the recorded ones (six of them enacted, six passed by the House).
    const enacted = await api.request('GET', '/api/bills', { query: { status: 'ENACTED', limit: '100' } });
    expect(enacted.body.items.map((b) => [b.id, b.status]).sort()).toEqual([
      ['114-hr-1314', 'ENACTED:SIGNED'],
      ['115-hr-1362', 'ENACTED:SIGNED'],
      ['115-hr-255', 'ENACTED:SIGNED'],
      ['115-hr-321', 'ENACTED:SIGNED'],
      ['116-hr-2157', 'ENACTED:SIGNED'],
      ['117-hr-2471', 'ENACTED:SIGNED'],
      ['119-s-5', 'ENACTED:SIGNED'],
    ]);
    const passedHouse = await api.request('GET', '/api/bills', { query: { status: 'pass_over:house', limit: '100' } });
    expect(passedHouse.body.items.map((b) => b.id).sort()).toEqual([
      '114-hr-1155',
      '115-hr-4182',
      '115-hr-4606',
      '116-hjres-37',
      '116-hr-1037',
      '117-hr-1',
      '117-hr-4350',
      '118-hr-21',
    ]);
    const unknown = await api.request('GET', '/api/bills', { query: { status: 'PASSED_HOUSE' } });
    expect(unknown.status).toBe(422);
  }, 60_000);

  it("shows the related bill the recording lists for S. 5 (the House's identical H.R. 29)", async () => {
    const s5 = await vi.waitUntil(async () => {
      const r = await e2e.client().request('GET', '/api/bills/119-s-5');
      return r.status === 200 && r.body.related_bills.length > 0 && r;
    }, POLL);
    expect(s5.body.related_bills).toEqual([
      expect.objectContaining({ id: '119-hr-29', label: 'H.R. 29', relationships: [{ type: 'Identical bill', identified_by: 'CRS' }] }),
    ]);
  }, 60_000);

  it('shows members and answers by-zip for the seeded ZIP', async () => {
    const api = e2e.client();
    const list = await api.request('GET', '/api/members', { query: { q: 'Ro Khanna' } });
    expect(list.body.items.map((m) => m.id)).toEqual(['K000389']);
    const zip = await api.request('GET', `/api/members/by-zip/${SEED_ZIP}`);
    expect(zip.status).toBe(200);
    expect(zip.body).toMatchObject({ state: 'CA', district: null, ambiguous: true });
    expect(zip.body.members.map((m) => m.id).sort()).toEqual(['K000389', 'L000607', 'P000145', 'S001150']);
    const picked = await api.request('GET', `/api/members/by-zip/${SEED_ZIP}`, { query: { address: SEED_ADDRESS } });
    expect(picked.body).toMatchObject({ state: 'CA', district: 17, ambiguous: false });
    expect(picked.body.members.map((m) => m.id).sort()).toEqual(['K000389', 'P000145', 'S001150']);
  });

  it('shows the offline demo: every current member, ZIPs of every state, 29 bills in many statuses with CRS summaries (issue 21)', async () => {
    const api = e2e.client();
    let members = 0;
    let cursor: string | undefined;
    do {
      const page = await api.request('GET', '/api/members', { query: { limit: '100', ...(cursor ? { cursor } : {}) } });
      members += page.body.items.length;
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(members).toBeGreaterThanOrEqual(530);
    // 25 ZIPs of 25 states (issue 21's done-when), at-large states among them.
    const zips = Object.entries({
      NY: '10001',
      TX: '78701',
      WY: '82001',
      VT: '05602',
      GA: '30303',
      CA: '95814',
      FL: '32301',
      IL: '62701',
      PA: '17101',
      OH: '43215',
      MI: '48933',
      NC: '27601',
      WA: '98501',
      MA: '02108',
      CO: '80202',
      MN: '55101',
      WI: '53703',
      TN: '37219',
      MO: '65101',
      AL: '36104',
      LA: '70802',
      KY: '40601',
      OR: '97301',
      NV: '89701',
      UT: '84111',
    });
    expect(zips).toHaveLength(25);
    for (const [state, zip] of zips) {
      const res = await api.request('GET', `/api/members/by-zip/${zip}`);
      expect(res.status, zip).toBe(200);
      expect(
        res.body.members.filter((m) => m.chamber === 'senate' && m.state === state),
        zip,
      ).toHaveLength(2);
      expect(res.body.members.filter((m) => m.chamber === 'house').length, zip).toBeGreaterThanOrEqual(1);
    }
    const unknownZip = await api.request('GET', '/api/members/by-zip/00000');
    expect(unknownZip.status).toBe(404);
    const bills = await api.request('GET', '/api/bills', { query: { limit: '100' } });
    expect(bills.body.items.length).toBeGreaterThanOrEqual(29);
    expect(new Set(bills.body.items.map((b) => b.status)).size).toBeGreaterThanOrEqual(6);
    const law = await api.request('GET', '/api/bills/117-hr-2471');
    expect(law.body.crs_summaries.length).toBe(6);
    expect(law.body.crs_summaries[0]).toMatchObject({ version_code: '00', action_date: '2021-04-13', action_desc: 'Introduced in House' });
    expect(law.body.laws).toEqual([{ type: 'Public Law', number: '117-103' }]);
    const resolution = await api.request('GET', '/api/bills/114-hres-348');
    expect(resolution.body).toMatchObject({ status: 'PASSED:SIMPLERES' });
    expect(resolution.body.status_timeline.length).toBeGreaterThan(1);
  }, 60_000);

  it('shows enacted bills, bills passed by one chamber and passed resolutions, each with its timeline (issue 21)', async () => {
    const api = e2e.client();
    const last = async (id: string) => {
      const bill = await vi.waitUntil(async () => {
        const r = await api.request('GET', `/api/bills/${id}`);
        return r.status === 200 && r.body.status_timeline.length > 1 && r;
      }, POLL);
      expect(bill.body.status_timeline.length, id).toBeGreaterThan(1);
      return bill.body.status_timeline.at(-1)?.status;
    };
    for (const id of ['117-hr-2471', '114-hr-1314', '119-s-5']) expect(await last(id), id).toBe('ENACTED:SIGNED');
    for (const id of ['117-hr-1', '117-hr-4350', '114-hr-1155', '118-hr-21']) expect(await last(id), id).toBe('PASS_OVER:HOUSE');
    expect(await last('114-hres-348')).toBe('PASSED:SIMPLERES');
    for (const id of ['117-sconres-5', '114-sconres-11']) expect(await last(id), id).toBe('PASSED:CONCURRENTRES');
  }, 60_000);

  it('shows roll calls with member positions on the two bills whose roll calls are recorded, and a brief of the recorded text (issue 21)', async () => {
    const api = e2e.client();
    // Only these roll calls of ../shared/fixtures name a bill of the demo; the demo's Bill Status roll calls are not recorded.
    for (const [bill, member] of [
      ['119-s-5', 'P000145'],
      ['118-hr-21', 'A000370'],
    ] as const) {
      const votes = await vi.waitUntil(async () => {
        const r = await api.request('GET', `/api/bills/${bill}/votes`);
        return r.status === 200 && r.body.items.length >= 1 && r;
      }, VOTES_POLL);
      expect(votes.body.items.length, bill).toBeGreaterThanOrEqual(1);
      const positions = await api.request('GET', `/api/members/${member}/votes`);
      expect(
        positions.body.items.map((v) => v.bill_id),
        member,
      ).toContain(bill);
    }
    // The only real bill text offline is H.J.Res. 37's; the offline extractive briefer briefs it.
    const briefs = await vi.waitUntil(async () => {
      const r = await api.request('GET', '/api/bills/116-hjres-37/briefs');
      return r.status === 200 && 'items' in r.body && r.body.items.length >= 1 && r;
    }, POLL);
    expect(briefs.status).toBe(200);
    expect('items' in briefs.body && briefs.body.items.length).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it("shows a member's profile and bills, and a bill's cosponsors", async () => {
    const api = e2e.client();
    const member = await api.request('GET', '/api/members/K000389');
    expect(member.status).toBe(200);
    expect(member.body.id).toBe('K000389');
    const bills = await api.request('GET', '/api/members/K000389/bills', { query: { role: 'sponsored' } });
    expect(bills.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: '116-hjres-37', role: 'sponsor' })]));
    const cosponsors = await api.request('GET', '/api/bills/116-hjres-37/cosponsors');
    expect(cosponsors.status).toBe(200);
    // The report card: its per-Congress figures come from compute_member_records minutes after the roll calls, so
    // only its frame is read here (test/integration/shared/use-cases/members/member-record.test.ts checks the figures).
    const record = await api.request('GET', '/api/members/K000389/record');
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ member_id: 'K000389', votes_url: '/api/members/K000389/votes' });
    expect((await api.request('GET', '/api/members/Z999999/record')).status).toBe(404);
  });
});
