// Committees and the schedule over HTTP against the local stack, through the typed client (every reply
// contract-checked): the offline committees and recorded schedule loaded, then the four routes with their
// filters, windows, change feeds, a signed-in follower's is_following, the MCP tools, and their errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOfflineCommittees, loadOfflineSchedule } from '#local/demo/offline-schedule.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
const JULY = { from: '2026-07-27', to: '2026-08-09' };

beforeAll(async () => {
  await loadOfflineCommittees(new Date('2026-11-01T00:00:00Z'));
  await loadOfflineSchedule(new Date('2026-11-01T00:00:00Z'));
  // The schedule names this bill (its floor week); the bill itself is not part of the offline schedule.
  await seedBill(119, 'hr', 9576);
}, 240_000);

describe('GET /api/committees', () => {
  it('lists committees a page at a time, each full committee before its subcommittees, filtered by chamber', async () => {
    const first = await api().request('GET', '/api/committees', { query: { chamber: 'senate', limit: '6' } });
    expect(first.status).toBe(200);
    expect(first.body.items.map((c) => c.id)).toEqual(['SCNC', 'SLET', 'SLIA', 'SLIN', 'SPAG', 'SSAF']);
    expect(first.body.items.every((c) => c.chamber === 'senate')).toBe(true);
    const next = await api().request('GET', '/api/committees', { query: { chamber: 'senate', limit: '3', cursor: first.body.next_cursor ?? '' } });
    expect(next.body.items.map((c) => c.parent_id)).toEqual(['SSAF', 'SSAF', 'SSAF']);
    expect((await api().request('GET', '/api/committees', { query: { chamber: 'moon' } })).status).toBe(422);
  });

  it('answers the change feed of committees, and refuses a filter with it', async () => {
    const feed = await api().request('GET', '/api/committees', { query: { sort: 'updated_asc', limit: '100' } });
    expect(feed.status).toBe(200);
    expect(feed.body.items).toHaveLength(100);
    expect(feed.body.next_cursor).not.toBeNull();
    const refused = await api().request('GET', '/api/committees', { query: { sort: 'updated_asc', chamber: 'house' } });
    expect(refused).toMatchObject({ status: 422, body: { code: 'list.change_feed_filter' } });
  });
});

describe('GET /api/committees/{id}', () => {
  it('answers a committee with its members, subcommittees and meetings, and is_following for a signed-in caller', async () => {
    const guest = await api().request('GET', '/api/committees/SSHR');
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ id: 'SSHR', chamber: 'senate', parent_id: null, current: true, member_count: 23 });
    expect(guest.body.members[0]).toMatchObject({ id: 'C001075', side: 'majority', rank: 1, title: 'Chairman' });
    expect(guest.body.subcommittees.map((s) => s.id)).toContain('SSHR11');
    expect(guest.body).not.toHaveProperty('is_following');
    const token = await signUp(api(), 'committee-follower');
    expect((await api().request('GET', '/api/committees/SSHR', { token })).body.is_following).toBe(false);
    expect((await api().request('POST', '/api/follows', { token, body: { target_type: 'committee', target_id: 'SSHR' } })).status).toBe(201);
    expect((await api().request('GET', '/api/committees/sshr', { token })).body.is_following).toBe(true);
    const sub = await api().request('GET', '/api/committees/SSHR11');
    expect(sub.body).toMatchObject({ parent_id: 'SSHR', parent_name: 'Senate Committee on Health, Education, Labor, and Pensions' });
  });

  it("serves the committee's calendar as iCalendar with an ETag, and a 304 for the same ETag", async () => {
    const ics = await api().raw('GET', '/api/committees/SSHR/calendar.ics');
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.text.trimEnd()).toMatch(/END:VCALENDAR$/);
    const etag = ics.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await api().raw('GET', '/api/committees/SSHR/calendar.ics', { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304);
  });

  it('answers 404 for an unknown committee and 422 for a malformed code', async () => {
    expect(await api().request('GET', '/api/committees/QQQQ')).toMatchObject({ status: 404, body: { code: 'committee.not_found' } });
    expect((await api().request('GET', '/api/committees/H1')).status).toBe(422);
  });
});

describe('GET /api/meetings', () => {
  it('lists the meetings of a window earliest first, with chamber, type and status filters', async () => {
    const senate = await api().request('GET', '/api/meetings', { query: { ...JULY, chamber: 'senate', limit: '100' } });
    expect(senate.status).toBe(200);
    const starts = senate.body.items.map((m) => Date.parse(m.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(senate.body.items).toHaveLength(23);
    expect(senate.body.items[0]).toMatchObject({ id: 'senate-338683', starts_at: '2026-07-29T08:30:00-04:00', source: 'senate-gov', version: 1 });
    const markups = await api().request('GET', '/api/meetings', { query: { from: '2000-01-01', to: '2030-12-31', type: 'markup', limit: '100' } });
    expect(markups.body.items.map((m) => m.id).sort()).toEqual(['house-100056', 'house-106292', 'house-115635', 'house-118618']);
    const held = await api().request('GET', '/api/meetings', { query: { from: '2026-01-01', to: '2026-12-31', status: 'held' } });
    expect(held.body.items.map((m) => m.id)).toEqual(['house-floor-2026-03-27', 'house-floor-2026-09-17']);
  });

  it("lists a committee's meetings (its subcommittees' too) and a bill's meetings", async () => {
    const help = await api().request('GET', '/api/meetings', { query: { ...JULY, committee: 'SSHR' } });
    expect(help.body.items.map((m) => m.id)).toEqual(['senate-338686', 'senate-338684']);
    const bill = await api().request('GET', '/api/meetings', { query: { from: '2026-01-01', to: '2026-12-31', bill: '119-hr-9576' } });
    expect(bill.body.items.map((m) => m.id)).toEqual(['house-floor-week-2026-09-14']);
    expect(bill.body.items[0]).toMatchObject({ type: 'floor', all_day: true });
  });

  it('defaults to this week in Washington, and refuses a window that ends before it starts', async () => {
    const thisWeek = await api().request('GET', '/api/meetings');
    expect(thisWeek.status).toBe(200);
    expect(thisWeek.body.items).toEqual([]);
    expect(await api().request('GET', '/api/meetings', { query: { from: '2026-08-09', to: '2026-07-27' } })).toMatchObject({
      status: 422,
      body: { code: 'meetings.window' },
    });
    expect((await api().request('GET', '/api/meetings', { query: { from: 'July 27' } })).status).toBe(422);
    expect((await api().request('GET', '/api/meetings', { query: { bill: 'hr-1' } })).status).toBe(422);
  });

  it('answers the change feed of meetings, oldest content change first', async () => {
    const feed = await api().request('GET', '/api/meetings', { query: { sort: 'updated_asc', limit: '100' } });
    // Every recorded meeting but house-103428, which the offline start holds back for the demo replay.
    expect(feed.body.items).toHaveLength(48);
    const updated = feed.body.items.map((m) => m.updated_at);
    expect(updated).toEqual([...updated].sort());
    const since = await api().request('GET', '/api/meetings', { query: { changed_since: '2026-07-29T00:00:00Z' } });
    expect(since.body.items.map((m) => m.id)).toEqual(expect.arrayContaining(['senate-338684', 'senate-338688']));
    expect((await api().request('GET', '/api/meetings', { query: { changed_since: '2026-07-29T00:00:00Z', type: 'hearing' } })).status).toBe(422);
  });
});

describe('GET /api/meetings/{id}', () => {
  it('answers a meeting with its change history', async () => {
    const res = await api().request('GET', '/api/meetings/senate-338684');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'senate-338684', version: 2, committees: ['SSHR'], status: 'scheduled' });
    expect(res.body.history.map((h) => [h.kind, h.version])).toEqual([
      ['first_seen', 1],
      ['changed', 2],
    ]);
    const rescheduled = await api().request('GET', '/api/meetings/house-115955');
    expect(rescheduled.body).toMatchObject({ status: 'rescheduled', starts_at: '2023-05-23T14:00:00-04:00', type: 'hearing' });
  });

  it('answers 404 for an unknown meeting and 422 for a malformed id', async () => {
    expect(await api().request('GET', '/api/meetings/house-1')).toMatchObject({ status: 404, body: { code: 'meeting.not_found' } });
    expect((await api().request('GET', '/api/meetings/tuesday')).status).toBe(422);
  });
});

describe("a bill's schedule and calendar", () => {
  // The recorded meetings are all in the past, and these routes read from today on (the calendar keeps 90 days back),
  // so what they list moves with the date: the replies' contract and links are what is checked here.
  it('answers the schedule of a bill with its calendar links, and 404 for an unknown bill', async () => {
    const res = await api().request('GET', '/api/bills/119-hr-9576/schedule');
    expect(res.status).toBe(200);
    expect(res.body.bill_id).toBe('119-hr-9576');
    expect(res.body.calendar_url).toMatch(/\/api\/bills\/119-hr-9576\/calendar\.ics$/);
    expect(res.body.webcal_url).toMatch(/^webcal:\/\/.*\/api\/bills\/119-hr-9576\/calendar\.ics$/);
    expect(Array.isArray(res.body.meetings)).toBe(true);
    expect(await api().request('GET', '/api/bills/119-hr-9575/schedule')).toMatchObject({ status: 404, body: { code: 'bill.not_found' } });
  });

  it("serves the bill's calendar as iCalendar named for the bill, with an ETag and its 304", async () => {
    const ics = await api().raw('GET', '/api/bills/119-hr-9576/calendar.ics');
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // Long lines are folded at 75 octets (RFC 5545 3.1): unfolded before reading the calendar's name.
    expect(ics.text.replace(/\r\n[ \t]/g, '')).toContain('X-WR-CALNAME:H.R. 9576: hearings, markups and floor (BillWatch)');
    const etag = ics.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await api().raw('GET', '/api/bills/119-hr-9576/calendar.ics', { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304);
  });
});

describe('the MCP tools of committees and meetings', () => {
  it("answers a bill's meetings through list_bill_meetings", async () => {
    const res = await api().request('POST', '/api/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_bill_meetings', arguments: { bill: '118-hr-1450', from: '2023-01-01', to: '2023-12-31' } },
      },
    });
    expect(res.status).toBe(200);
    const result = (res.body as unknown as { result: { structuredContent: { items: { id: string }[] } } }).result;
    expect(result.structuredContent.items.map((m) => m.id)).toEqual(['house-115955']);
  });
});
