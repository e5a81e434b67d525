// The schedule in a real browser on the offline demo (issue 34.5): "This week in Congress" on a week of the recorded
// senate.gov hearings (the browser's clock set in that week, its zone Chicago), filtered by chamber into the URL; a
// meeting's page; its committee's page, followed with the committee follow kind; the committee list; a member's seats;
// and on S.Con.Res. 11 of the 114th (taken up by the Rules Committee on 2015-04-29, with the clock that week), the
// Coming up box with "Add to calendar"; then, as the demo replay does, that meeting released into the coming week and
// subscribed to from the bill page: the feed (downloaded by a click, and read at its webcal: address) read back by a
// second iCalendar library with the meeting in it, and after its reschedule the same UID with a greater SEQUENCE.
// axe on every view, and no page wider than a 390 px phone.
import { readFile } from 'node:fs/promises';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { movedDays, playMeetingStep, REPLAY_MEETING_BILL, REPLAY_MEETING_ID } from '#local/demo/demo-replay-meeting.ts';
import { SCHEDULE_RECORDINGS_DIR } from '#local/demo/offline-schedule.ts';
import { recordedFeed } from '#shared/adapters/providers/schedule/recorded-feed.ts';
import { getStoredMeeting } from '#shared/adapters/db/meetings.repository.ts';
import type { Observations } from '#shared/domain/schedule/meeting-merge.ts';
import { applyObservations } from '#shared/use-cases/schedule/apply-observations.ts';
import { pollMeetings } from '#shared/use-cases/schedule/poll-meetings.ts';
import { signUp } from '../support/accounts.ts';
import { newContext } from './support/browser.ts';
import { heading } from './support/journey.ts';
import { useWebStack } from './support/web-stack.ts';

// The seed (bills, members, committees and the recorded schedule) on a busy shared machine outlasts the default minute.
vi.setConfig({ hookTimeout: 300_000 });
delete process.env.CONGRESS_API_KEY;
delete process.env.REPLAY_HAR;
const web = useWebStack({ seed: true });
const SHOTS = process.env.SCHEDULE_SHOTS_DIR;
let context: BrowserContext;
let page: Page;

/** Fails when the page scrolls sideways at its viewport width (a phone's 390 px). */
async function fitsWidth(p: Page): Promise<void> {
  expect(await p.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(p.viewportSize()!.width);
}

async function shot(p: Page, name: string): Promise<void> {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png` });
}

beforeAll(async () => {
  // The seed saves the committees and polls the recorded schedule.
  await vi.waitUntil(
    async () => {
      const r = await web.client().request('GET', '/api/meetings/senate-338684');
      return r.status === 200;
    },
    { timeout: 90_000, interval: 500 },
  );
  const token = await signUp(web.client(), 'schedule-journey');
  // A phone's width from the start: the journey is the phone's, and desktop pages are shot apart.
  context = await newContext(web.browser(), web.origin(), 390, { timezoneId: 'America/Chicago' });
  page = await context.newPage();
  await page.clock.setFixedTime(new Date('2026-07-28T15:00:00Z'));
  await page.goto('/');
  await page.evaluate(`localStorage.setItem('billwatch.token', ${JSON.stringify(token)})`);
}, 150_000);
afterAll(async () => context?.close());

describe('the schedule in the browser', () => {
  it('shows this week in Congress, filters it by chamber into the URL, and opens a meeting', async () => {
    await page.goto('/schedule');
    await heading(page, 'This week in Congress').waitFor();
    await page.getByText(/\d+ meetings this week\./).waitFor();
    await expect.poll(() => page.getByText(/Times are in America\/Chicago/).count()).toBe(1);
    // Tuesday the 28th is today; the Senate's hearings fill Wednesday and Thursday, in Chicago's time (CDT).
    const wednesday = page.getByRole('region', { name: 'Wednesday, July 29, 2026' });
    expect(await wednesday.getByRole('link').count()).toBeGreaterThan(0);
    expect(await wednesday.getByText(/^\d{1,2}:\d{2} [AP]M CDT$/).count()).toBeGreaterThan(0);
    await web.checkA11y(page);
    await fitsWidth(page);
    await shot(page, 'week-phone');

    await page.getByRole('combobox', { name: 'Chamber' }).selectOption('house');
    await page.getByText(/this week in the House\./).waitFor();
    expect(new URL(page.url()).search).toBe('?chamber=house');
    await page.getByRole('combobox', { name: 'Chamber' }).selectOption('senate');
    await page.getByText(/meetings? this week in the Senate\./).waitFor();
    expect(new URL(page.url()).search).toBe('?chamber=senate');
    // A deep link to the same view shows the same view.
    await page.goto('/schedule?chamber=senate');
    await page.getByText(/meetings? this week in the Senate\./).waitFor();
    expect(await page.getByRole('combobox', { name: 'Chamber' }).inputValue()).toBe('senate');

    const thursday = page.getByRole('region', { name: 'Thursday, July 30, 2026' });
    const meeting = (await web.client().request('GET', '/api/meetings/senate-338684')).body;
    await thursday.getByRole('link', { name: meeting.title }).click();
    await heading(page, meeting.title).waitFor();
    expect(new URL(page.url()).pathname).toBe('/meetings/senate-338684');
    await page.getByRole('region', { name: 'Bills taken up' }).getByRole('link', { name: 'S. 2511' }).waitFor();
    await page.getByRole('region', { name: 'Change history' }).waitFor();
    await web.checkA11y(page);
    await fitsWidth(page);
    await shot(page, 'meeting-phone');
  }, 120_000);

  it('opens the committee from the meeting and follows it', async () => {
    const committee = page.getByRole('link', { name: /Health, Education, Labor/ }).first();
    await committee.click();
    await heading(page, /Health, Education, Labor/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/committees/SSHR');
    expect(await page.getByRole('table', { name: 'Majority members by rank' }).getByRole('row').count()).toBeGreaterThan(5);
    expect(await page.getByRole('table', { name: 'Minority members by rank' }).getByText('Ranking Member').count()).toBe(1);
    const follow = page.getByRole('button', { name: /^Follow .*Health, Education, Labor/ });
    await follow.click();
    const following = page.getByRole('button', { name: /^Following .*Health, Education, Labor/ });
    await following.waitFor();
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    const follows = await web.client().request('GET', '/api/follows', {
      token: await page.evaluate<string>(`localStorage.getItem('billwatch.token')`),
      query: { target_type: 'committee', target_id: 'SSHR' },
    });
    expect(follows.body.items.map((f) => f.target_id)).toEqual(['SSHR']);
    await web.checkA11y(page);
    await fitsWidth(page);
    await shot(page, 'committee-phone');

    // On a phone the site links sit behind the Menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Committees' }).click();
    await heading(page, 'Committees').waitFor();
    await page
      .getByRole('region', { name: 'Senate committees' })
      .getByRole('link', { name: /Health, Education, Labor/ })
      .waitFor();
    await web.checkA11y(page);
    await fitsWidth(page);
  }, 120_000);

  it("lists a member's committee seats on the member page", async () => {
    const detail = (await web.client().request('GET', '/api/committees/SSHR')).body;
    const chair = detail.members.find((m) => m.title && /^Chair/.test(m.title))!;
    await page.goto(`/members/${chair.id}`);
    const seats = page.getByRole('region', { name: 'Committees' });
    await seats.getByRole('link', { name: /Health, Education, Labor/ }).waitFor();
    expect(await seats.getByText(new RegExp(`\\(${chair.title}, majority\\)`)).count()).toBeGreaterThan(0);
    await web.checkA11y(page);
    await fitsWidth(page);
  }, 60_000);

  it('on a bill taken up that week, offers "Add to calendar" beside its coming meeting', async () => {
    // The offline start holds this meeting back for the demo replay (local/demo/demo-replay-meeting.ts): polled here as recorded.
    await pollMeetings(new Date(), [recordedFeed(SCHEDULE_RECORDINGS_DIR, { heldBack: 'only' })]);
    await page.clock.setFixedTime(new Date('2015-04-27T15:00:00Z'));
    const bill = (await web.client().request('GET', '/api/bills/114-sconres-11')).body;
    await page.goto('/bills/114-sconres-11');
    await heading(page, bill.short_title ?? bill.title).waitFor();
    const box = page.getByRole('region', { name: 'Coming up' });
    await box
      .getByRole('link', { name: /Rules Committee|H\.R\. 1732/ })
      .first()
      .waitFor();
    expect(await box.getByText(/Wednesday, April 29, 2015/).count()).toBeGreaterThan(0);
    const add = box.getByRole('link', { name: /^Add to calendar/ });
    expect(await add.getAttribute('href')).toBe(`webcal://${new URL(web.origin()).host}/api/bills/114-sconres-11/calendar.ics`);
    expect(await box.getByRole('link', { name: /^Download \.ics/ }).getAttribute('href')).toBe('/api/bills/114-sconres-11/calendar.ics');

    await web.checkA11y(page);
    await fitsWidth(page);
    await shot(page, 'bill-coming-up-phone');
  }, 60_000);

  it('subscribes from the bill page to a calendar that holds the coming meeting, and shows its reschedule', async () => {
    // The demo replay's first step: the recorded meeting moved into the coming week (the server's clock), the browser's clock now.
    const released = await playMeetingStep(SCHEDULE_RECORDINGS_DIR, 1, new Date());
    await page.clock.setFixedTime(new Date());
    await page.goto(`/bills/${REPLAY_MEETING_BILL}`);
    const box = page.getByRole('region', { name: 'Coming up' });
    await box
      .getByRole('link', { name: /Rules Committee|H\.R\. 1732/ })
      .first()
      .waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), box.getByRole('link', { name: /^Download \.ics/ }).click()]);
    const downloaded = await readFile((await download.path())!, 'utf8');
    // The Add to calendar link is webcal: (what calendar apps subscribe to): the same feed over the page's own scheme.
    const feed = (await box.getByRole('link', { name: /^Add to calendar/ }).getAttribute('href'))!.replace(/^webcal:/, new URL(web.origin()).protocol);
    expect(await (await fetch(feed)).text()).toBe(downloaded);
    const eventOf = (text: string) =>
      Object.values(ical.sync.parseICS(text)).find((c): c is VEvent => c?.type === 'VEVENT' && c.uid === `${REPLAY_MEETING_ID}@billwatch`);
    const first = eventOf(downloaded);
    expect(first?.start.toISOString()).toBe(new Date(released.starts_at).toISOString());
    expect(Number(first?.sequence)).toBe(released.version);
    expect(JSON.stringify(first?.url)).toContain(`/meetings/${REPLAY_MEETING_ID}`);

    // Its sources then move it a day later (the replay's own second step keeps the day of a meeting already rescheduled,
    // as this one is since the recording was polled above): the subscribed feed keeps the UID and raises the SEQUENCE.
    const now = new Date();
    const stored = (await getStoredMeeting(REPLAY_MEETING_ID))!.meeting;
    const later: Observations = Object.fromEntries(
      Object.entries(stored.observations).map(([source, o]) => [
        source,
        {
          ...o,
          observed_at: now.toISOString(),
          fields: {
            ...o.fields,
            ...(o.fields.starts_at ? { starts_at: movedDays(o.fields.starts_at, 1) } : {}),
            ...(o.fields.ends_at ? { ends_at: movedDays(o.fields.ends_at, 1) } : {}),
          },
        },
      ]),
    );
    const { version } = await applyObservations(REPLAY_MEETING_ID, later, now);
    const again = eventOf(await (await fetch(feed)).text());
    expect(again?.start.toISOString()).toBe(new Date(movedDays(released.starts_at, 1)).toISOString());
    expect(Number(again?.sequence)).toBe(version);
    expect(Number(again?.sequence)).toBeGreaterThan(Number(first?.sequence));
    await web.checkA11y(page);
    await fitsWidth(page);
  }, 90_000);
});
