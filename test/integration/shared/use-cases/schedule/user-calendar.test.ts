/**
 * The user's own calendar (issue 34.4): GET /api/calendar/{token}.ics through
 * the notifications function, read back with a second iCalendar library
 * (node-ical). The token comes from the settings read, like the RSS token;
 * the calendar holds the meetings of the followed bills and committees (a
 * subcommittee's under its full committee), each once, follows and changes
 * reflected at the next read, 304 while nothing changed, and a rotated token
 * answers 404 at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { handler as notifications } from '#functions/api/notifications.ts';
import { createFollow, deleteFollow } from '#shared/adapters/db/follows.repository.ts';
import { tokenKeys } from '#shared/adapters/db/keys/token.keys.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { userKey } from '#shared/adapters/db/users.repository.ts';
import type { MeetingFields } from '#shared/domain/schedule/meeting.schema.ts';
import { applyObservations } from '#shared/use-cases/schedule/apply-observations.ts';
import { gatewayPath } from '#shared/edges/http/route.ts';
import { getUserCalendar } from '#shared/edges/http/routes/notifications.routes.ts';
import { apiEvent, call, lambdaContext } from '#test/support/api.ts';
import { newAccount } from '#test/support/accounts.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const DAY = 24 * 3600 * 1000;
const FOLLOWED_BILL = '119-s-7101';
const LATER_BILL = '119-hr-7102';
/** Days ahead at 15:00 UTC. */
const ahead = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(15, 0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
};

const fields = (over: Partial<MeetingFields>): MeetingFields => ({
  chamber: 'senate',
  congress: 119,
  committees: [],
  type: 'hearing',
  status: 'scheduled',
  starts_at: ahead(2),
  ends_at: null,
  all_day: false,
  location: 'Dirksen Senate Office Building 419',
  title: 'A hearing',
  bill_ids: [],
  witnesses: [],
  documents: [],
  ...over,
});

/** The meetings: of the followed bill (before the followed committee's), of a subcommittee of the followed committee, and of neither. */
const MEETINGS: Record<string, Partial<MeetingFields>> = {
  'senate-usercal-bill': { committees: ['SSFR'], bill_ids: [FOLLOWED_BILL], starts_at: ahead(2), title: 'Hearings on the followed bill' },
  'house-usercal-sub': { chamber: 'house', committees: ['HSAG15'], starts_at: ahead(3), title: 'A subcommittee markup', type: 'markup' },
  'senate-usercal-other': { committees: ['SSJU'], bill_ids: [LATER_BILL], starts_at: ahead(4), title: 'Not followed (yet)' },
};

async function save(id: string, over: Partial<MeetingFields>, at: Date): Promise<void> {
  await applyObservations(id, { 'senate-gov': { ref: 'test', observed_at: at.toISOString(), fields: fields(over) } }, at);
}

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text))
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .map((e) => ({ uid: e.uid, sequence: Number(e.sequence), status: e.status, summary: String(e.summary) }));
const pathOf = (url: string) => new URL(url).pathname;
const read = (url: string, headers: Record<string, string> = {}) => call(notifications, 'GET', pathOf(url), { headers });

let ada = { id: '', token: '' };
let calendarUrl = '';

beforeAll(async () => {
  ada = await newAccount('ada-usercal@example.org');
  const at = new Date();
  for (const [id, over] of Object.entries(MEETINGS)) await save(id, over, at);
  // Following SSFR too: the bill's meeting is in both, and the calendar holds it once.
  await Promise.all([
    createFollow({ userId: ada.id, targetType: 'bill', targetId: FOLLOWED_BILL, followMode: 'neutral' }),
    createFollow({ userId: ada.id, targetType: 'committee', targetId: 'HSAG' }),
    createFollow({ userId: ada.id, targetType: 'committee', targetId: 'SSFR' }),
  ]);
  const settings = await call(notifications, 'GET', '/api/notifications/settings', { token: ada.token });
  expect(settings.status).toBe(200);
  calendarUrl = (settings.body as { calendar_url: string }).calendar_url;
}, 120_000);

describe("the user's calendar", () => {
  it('is made on the first settings read, kept, and listed on the profile so deleting the user removes it', async () => {
    expect(calendarUrl).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]{32}\.ics$/);
    const again = await call(notifications, 'GET', '/api/notifications/settings', { token: ada.token });
    expect((again.body as { calendar_url: string }).calendar_url).toBe(calendarUrl);
    const token =
      pathOf(calendarUrl)
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '';
    const profile = await table.getItem({ Key: userKey(ada.id) });
    expect(profile.Item?.calendar_token).toBe(token);
    expect(profile.Item?.external_keys).toContainEqual(tokenKeys.token('calendar', token));
  });

  it('holds the meetings of the followed bills and committees (subcommittees too), each once, privately cached', async () => {
    const res = await read(calendarUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['last-modified']).toBeUndefined();
    expect(eventsOf(res.text)).toEqual([
      { uid: 'senate-usercal-bill@billwatch', sequence: 1, status: 'CONFIRMED', summary: 'Hearing: Hearings on the followed bill' },
      { uid: 'house-usercal-sub@billwatch', sequence: 1, status: 'CONFIRMED', summary: 'Markup: A subcommittee markup' },
    ]);
  });

  it('answers 304 while nothing changed, and reflects a new follow and an unfollow at the next read', async () => {
    const before = await read(calendarUrl);
    const etag = before.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const unchanged = await read(calendarUrl, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    await createFollow({ userId: ada.id, targetType: 'bill', targetId: LATER_BILL, followMode: 'hold_veto' });
    const followed = await read(calendarUrl, { 'if-none-match': etag });
    expect(followed.status).toBe(200);
    expect(eventsOf(followed.text).map((e) => e.uid)).toEqual([
      'senate-usercal-bill@billwatch',
      'house-usercal-sub@billwatch',
      'senate-usercal-other@billwatch',
    ]);

    await deleteFollow(ada.id, 'bill', LATER_BILL);
    const unfollowed = await read(calendarUrl, { 'if-none-match': followed.headers.etag ?? '' });
    expect(unfollowed.status).toBe(200);
    expect(unfollowed.headers.etag).toBe(etag);
    expect(eventsOf(unfollowed.text).map((e) => e.uid)).toEqual(['senate-usercal-bill@billwatch', 'house-usercal-sub@billwatch']);
  });

  it('keeps the UID of a cancelled meeting, grows its SEQUENCE and marks it STATUS:CANCELLED', async () => {
    const before = await read(calendarUrl);
    await save('house-usercal-sub', { ...MEETINGS['house-usercal-sub'], status: 'cancelled' }, new Date(Date.now() + 60_000));
    const after = await read(calendarUrl, { 'if-none-match': before.headers.etag ?? '' });
    expect(after.status).toBe(200);
    expect(eventsOf(after.text)).toContainEqual({
      uid: 'house-usercal-sub@billwatch',
      sequence: 2,
      status: 'CANCELLED',
      summary: 'Cancelled: Markup: A subcommittee markup',
    });
  });

  it('gets a new URL by rotation: the old one answers 404 at once, the new one the same calendar', async () => {
    const before = await read(calendarUrl);
    const rotated = await call(notifications, 'POST', '/api/notifications/calendar-token', { token: ada.token });
    expect(rotated.status).toBe(200);
    const body = rotated.body as { calendar_token: string; calendar_url: string };
    expect(body.calendar_url).toBe(`http://localhost:3000/api/calendar/${body.calendar_token}.ics`);
    expect(body.calendar_url).not.toBe(calendarUrl);

    const old = await read(calendarUrl);
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ code: 'calendar.not_found' });
    const fresh = await read(body.calendar_url);
    expect(fresh.status).toBe(200);
    expect(fresh.text).toBe(before.text);

    const settings = await call(notifications, 'GET', '/api/notifications/settings', { token: ada.token });
    expect((settings.body as { calendar_url: string }).calendar_url).toBe(body.calendar_url);
    const keys = (await table.getItem({ Key: userKey(ada.id) })).Item?.external_keys as unknown[];
    const oldToken =
      pathOf(calendarUrl)
        .split('/')
        .pop()
        ?.replace(/\.ics$/, '') ?? '';
    expect(keys).toContainEqual(tokenKeys.token('calendar', body.calendar_token));
    expect(keys).not.toContainEqual(tokenKeys.token('calendar', oldToken));
  });

  it("is found as API Gateway routes it: its key's path variable is the whole segment, the token the route's own match", async () => {
    expect(gatewayPath(getUserCalendar.path)).toBe('/api/calendar/{token}');
    const path = pathOf(calendarUrl);
    const [direct, routed] = await Promise.all([
      read(calendarUrl),
      notifications(
        { ...apiEvent('GET', path, { routeKey: 'GET /api/calendar/{token}' }), pathParameters: { token: path.split('/').pop() ?? '' } },
        lambdaContext(),
      ),
    ]);
    expect(routed.statusCode).toBe(direct.status);
    expect(routed.body).toBe(direct.text);
  });

  it("answers 404 for an unknown token, needs a signed-in caller to rotate, and shows nobody else's follows", async () => {
    expect((await call(notifications, 'GET', '/api/calendar/not-a-token.ics')).status).toBe(404);
    expect((await call(notifications, 'POST', '/api/notifications/calendar-token')).status).toBe(401);
    const bob = await newAccount('bob-usercal@example.org');
    const url = ((await call(notifications, 'GET', '/api/notifications/settings', { token: bob.token })).body as { calendar_url: string }).calendar_url;
    const res = await read(url);
    expect(res.status).toBe(200);
    expect(eventsOf(res.text)).toEqual([]);
  });
});
