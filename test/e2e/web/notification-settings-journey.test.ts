// The notification settings journey in a real browser against the local stack and local sinks: each channel is
// tested with the values on screen BEFORE it is saved (push to a local ntfy-like server, email to the stack's SMTP
// sink, a webhook to a local receiver, the RSS feed URL shown and copied), and each sink is checked to have received
// its test; then quiet hours in this device's time zone, the alert filter grid and a digest are saved and kept; the
// webhook signing secret is shown once and rotated; the personal calendar's URL serves it and a new one revokes it.
// axe runs on every page the journey visits.
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { newContext } from './support/browser.ts';
import { heading, signUp, tick } from './support/journey.ts';
import { pastTheScreen, smallTargets } from './support/layout-checks.ts';
import { useWebStack } from './support/web-stack.ts';

const web = useWebStack();
// Not the machine's own zone (UTC on CI), so the zone offered is shown to come from the browser.
const ZONE = 'America/Chicago';
const EMAIL = 'settings-journey@example.org';
let push: PushServer;
let receiver: PushServer;
let context: BrowserContext;
let feedUrl = '';
let page: Page;

beforeAll(async () => {
  [push, receiver] = await Promise.all([startPushServer(), startPushServer()]);
  context = await newContext(web.browser(), web.origin(), 1280, { timezoneId: ZONE, permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await Promise.all([push?.close(), receiver?.close()]);
  console.log(`[notification settings journey] axe (WCAG 2.2 AA) found no violation on ${web.checkedPages.length} page views`);
});

/** Polls (without sleeping longer than a tick) until the probe finds what a sink received. */
async function received<T>(probe: () => T | undefined): Promise<T> {
  let found: T | undefined;
  await expect.poll(() => (found = probe()) !== undefined, { timeout: 10_000, interval: 50 }).toBe(true);
  return found as T;
}

const group = (name: string) => page.getByRole('group', { name, exact: true });
const save = () => page.getByRole('button', { name: 'Save settings' });

describe('a signed-in person setting up notifications', () => {
  it('signs up and opens the notification settings from the navigation', async () => {
    await signUp(page, EMAIL);
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Notifications' }).click();
    await heading(page, 'Notifications').waitFor();
    await page
      .getByText(/No notification|nothing/i)
      .first()
      .waitFor();
    await web.checkA11y(page);
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await heading(page, 'Notification settings').waitFor();
    await group('Push').waitFor();
    await web.checkA11y(page);
  });

  it('starts the email address from the account, and fits a phone: nothing past the screen, every control a full target', async () => {
    expect(await group('Email').getByRole('textbox', { name: 'Email address' }).inputValue()).toBe(EMAIL);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('table', { name: 'Alert filters: kinds of events by stance' }).waitFor();
      expect(await pastTheScreen(page), `at ${width} px`).toEqual([]);
      expect(await smallTargets(page), `at ${width} px`).toEqual([]);
      await web.checkA11y(page);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('tests push with the values on screen before saving, and the local push server receives it', async () => {
    const push_ = group('Push');
    await tick(push_.getByRole('checkbox', { name: 'Send notifications by push' }));
    await push_.getByRole('textbox', { name: 'Push topic URL' }).fill(`${push.url}/journey-topic`);
    await page.getByText('Test Push before saving: its settings changed.').waitFor();
    expect(await save().isDisabled()).toBe(true);

    await push_.getByRole('button', { name: 'Test push' }).click();
    await push_.getByText(/✓ Push test passed/).waitFor();
    const delivered = await received(() => push.requests.find((r) => r.path === '/journey-topic'));
    expect(delivered.method).toBe('POST');
    expect(await save().isEnabled()).toBe(true);
    await web.checkA11y(page);
  });

  it('tests email before saving, and the SMTP sink receives the test message', async () => {
    const email = group('Email');
    const before = web.stack().smtp.files.length;
    await tick(email.getByRole('checkbox', { name: 'Send notifications by email' }));
    await email.getByRole('textbox', { name: 'Email address' }).fill(EMAIL);
    expect(await save().isDisabled()).toBe(true);
    await email.getByRole('button', { name: 'Test email' }).click();
    await email.getByText(/✓ Email test passed/).waitFor();
    const file = await received(() => web.stack().smtp.files[before]);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toContain(EMAIL);
    expect(await save().isEnabled()).toBe(true);
  });

  it('shows the RSS feed URL, copies it, and tests the feed before saving', async () => {
    const rss = group('RSS feed');
    const url = await rss.getByRole('textbox', { name: /Your feed URL/ }).inputValue();
    expect(url).toMatch(/\/api\/notifications\/feed\/\S+$/);
    await rss.getByRole('button', { name: 'Copy the feed URL' }).click();
    await rss.getByText('Copied.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(url);

    await tick(rss.getByRole('checkbox', { name: 'Add notifications to my RSS feed' }));
    expect(await save().isDisabled()).toBe(true);
    await rss.getByRole('button', { name: 'Test rss feed' }).click();
    // Ticked but not saved yet: the test passes with what is on screen, and says the feed answers once saved.
    await rss.getByText('✓ RSS feed test passed: Your feed holds 0 events and answers once you save with RSS on.').waitFor();
    feedUrl = url;
  });

  it('tests the webhook before saving, and the local receiver gets the signed test message the page names', async () => {
    const webhook = group('Webhook');
    await tick(webhook.getByRole('checkbox', { name: 'Send notifications to the webhook' }));
    await webhook.getByRole('textbox', { name: 'Webhook URL' }).fill(`${receiver.url}/hooks/journey`);
    await page.getByText('Test Webhook before saving: its settings changed.').waitFor();
    await webhook.getByRole('button', { name: 'Test webhook' }).click();
    const result = await webhook.getByText(/✓ Webhook test passed/).textContent();
    const id = /\(message ([^)]+)\)/.exec(result ?? '')?.[1];
    expect(id).toBeTruthy();
    const delivered = await received(() => receiver.requests.find((r) => r.headers['webhook-id'] === id));
    expect(delivered.path).toBe('/hooks/journey');
    expect(JSON.parse(delivered.body)).toMatchObject({ type: 'notification.test' });
    await web.checkA11y(page);
  });

  it("sets quiet hours in this device's time zone, the alert filter grid and a daily digest, then saves", async () => {
    await page.getByRole('button', { name: `Use this device's time zone (${ZONE})` }).click();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe(ZONE);
    expect(await zone.locator('option:checked').textContent()).toBe(`${ZONE} (this device)`);
    await page.getByRole('combobox', { name: 'From' }).selectOption('22:00');
    await page.getByRole('combobox', { name: 'Until' }).selectOption('07:30');

    // The grid: one checkbox per kind of event and stance, all on until the person says otherwise.
    const votesWhenOpposing = page.getByRole('checkbox', { name: 'Votes when Oppose' });
    expect(await votesWhenOpposing.isChecked()).toBe(true);
    await tick(votesWhenOpposing, false);
    await tick(page.getByRole('radio', { name: 'Collect events into one daily digest' }));

    // Every channel passed its test with these values, so Save is open; the first webhook URL saved makes the secret.
    await save().click();
    const secretAlert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your webhook signing secret' }) });
    await secretAlert.waitFor();
    const secret = (await secretAlert.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('Saved.').waitFor();
    await web.checkA11y(page);
    await secretAlert.getByRole('button', { name: 'I have stored it' }).click();
    await secretAlert.waitFor({ state: 'detached' });

    // Kept: a reload reads them back from the service, and the secret is not shown again.
    await page.reload();
    await heading(page, 'Notification settings').waitFor();
    await group('Webhook').waitFor();
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe(ZONE);
    expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('22:00');
    expect(await page.getByRole('combobox', { name: 'Until' }).inputValue()).toBe('07:30');
    expect(await page.getByRole('checkbox', { name: 'Votes when Oppose' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Votes when Support' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Collect events into one daily digest' }).isChecked()).toBe(true);
    expect(await group('Push').getByRole('textbox', { name: 'Push topic URL' }).inputValue()).toBe(`${push.url}/journey-topic`);
    expect(await group('Email').getByRole('checkbox', { name: 'Send notifications by email' }).isChecked()).toBe(true);
    expect(await page.getByText(secret).count()).toBe(0);
    // Saved values need no new test: Save is open without one.
    expect(await save().isEnabled()).toBe(true);
    // The feed URL shown answers a reader now that the feed is on.
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<rss');
  }, 60_000);

  it('rotates the webhook signing secret and shows the new one once', async () => {
    const webhook = group('Webhook');
    await webhook.getByRole('button', { name: 'Rotate the signing secret' }).click();
    const secretAlert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your webhook signing secret' }) });
    await secretAlert.waitFor();
    expect((await secretAlert.locator('code').textContent()) ?? '').toMatch(/^whsec_/);
    await webhook.getByText(/The previous secret signs until/).waitFor();
    await web.checkA11y(page);
    await secretAlert.getByRole('button', { name: 'I have stored it' }).click();
    await secretAlert.waitFor({ state: 'detached' });
  });

  it('shows the calendar URL, which serves the calendar, and a new URL revokes the old one at once', async () => {
    const calendar = page.getByRole('region', { name: 'Your calendar' });
    const field = calendar.getByRole('textbox', { name: /Your calendar URL/ });
    const before = await field.inputValue();
    const subscribe = calendar.getByRole('link', { name: 'Subscribe in your calendar app' });
    expect(await subscribe.getAttribute('href')).toBe(before.replace(/^https?:/, 'webcal:'));
    const served = await fetch(before);
    expect(served.status).toBe(200);
    expect(await served.text()).toMatch(/^BEGIN:VCALENDAR/);
    await calendar.getByRole('button', { name: 'Make a new calendar URL (the old one stops working)' }).click();
    await expect.poll(() => field.inputValue()).not.toBe(before);
    expect((await fetch(before)).status).toBe(404);
    expect((await fetch(await field.inputValue())).status).toBe(200);
    await web.checkA11y(page);
  });
});
