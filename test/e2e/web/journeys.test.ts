// The web app in a real browser (Debian's Chromium) against the local stack: the journeys people make, found by
// role and accessible name as assistive technology finds them, with axe's WCAG 2.2 AA checks on every page visited.
// The admin's journey is in ./admin-journey.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { WEB_DIST } from '#infra/web-build.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { seedBill, seedBrief, seedMember } from '#test/support/personal-seed.ts';
import { newContext, recordApiCalls } from './support/browser.ts';
import { pastTheScreen, smallTargets, weakFocusRings } from './support/layout-checks.ts';
import { heading, tick } from './support/journey.ts';
import { useWebStack } from './support/web-stack.ts';

const web = useWebStack();
let brief: Brief;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await seedMember('A000360', 'Alexander, Lamar', { state: 'TN', chamber: 'senate', district: null });
  await seedBill(119, 'hr', 1, { title: 'Farm Security Act', short_title: 'Farm Security Act' });
  await seedBill(119, 's', 5, { title: 'Clean Water Act' });
  await seedBill(119, 'hr', 2, {
    title: 'Rural Broadband Act',
    status: 'PASS_OVER:HOUSE',
    status_timeline: [
      { status: 'INTRODUCED', date: '2025-01-06', action_text: 'Introduced in House' },
      { status: 'PASS_OVER:HOUSE', date: '2025-03-04', action_text: 'Passed/agreed to in House: On passage Passed by voice vote.' },
    ],
  });
  brief = await seedBrief('119-hr-1', ['agriculture-and-food']);
});

afterAll(async () => {
  console.log(`[web journeys] axe (WCAG 2.2 AA) found no violation on ${web.checkedPages.length} page views: ${web.checkedPages.join(', ')}`);
});

/** What the browser refused under the app's Content-Security-Policy (issue 32.7), from its console and the violation events. */
const cspViolations: string[] = [];

describe('the build the stack serves', () => {
  it("is React's production build, though the test runner built it (Vite builds React's development one under NODE_ENV=test)", () => {
    const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const entry = readFileSync(join(WEB_DIST, manifest['index.html']?.file ?? 'missing'), 'utf8');
    // Production React throws coded errors pointing at react.dev/errors; only its development build warns about keys.
    expect(entry).toContain('react.dev/errors/');
    expect(entry).not.toContain('unique "key" prop');
  });
});

describe('a guest', () => {
  beforeAll(async () => {
    context = await newContext(web.browser(), web.origin());
    // A string, run in the page: the browser's own report of what its policy refused.
    await context.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
    );
    page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy|CSP violation/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
  });
  afterAll(async () => context.close());

  it("is served under the app's strict Content-Security-Policy, never framed", async () => {
    const res = await page.goto('/');
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self';.*frame-ancestors 'none'/);
    expect(res?.headers()['x-frame-options']).toBe('DENY');
  });

  it('browses the home page, the bills, a bill and a member, all without an account', async () => {
    await page.goto('/');
    await heading(page, 'Follow what Congress is doing').waitFor();
    await web.checkA11y(page);

    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Bills' }).click();
    await page
      .getByRole('link', { name: /Farm Security Act/ })
      .first()
      .waitFor();
    await web.checkA11y(page);

    await page
      .getByRole('link', { name: /Farm Security Act/ })
      .first()
      .click();
    await heading(page, /Farm Security Act/).waitFor();
    await page.getByRole('heading', { name: 'The brief' }).waitFor();
    await web.checkA11y(page);

    await page.goto('/members/A000360');
    await heading(page, /Lamar Alexander|Alexander/).waitFor();
    await web.checkA11y(page);
  });

  it('shows a full focus ring on every stop of the Tab key on a bill page, its status disclosure included', async () => {
    await page.goto('/bills/119-hr-2');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByText(/Every change of status/).waitFor();
    expect(await weakFocusRings(page)).toEqual([]);
  });

  it('reads on a phone (390 px): the search filters folded away (results first), nothing past the screen, every control a full target', async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    try {
      await page.goto('/search?q=farm');
      await page.getByText('Filters and sort').waitFor();
      // The filters wait behind a closed disclosure, which opens on request.
      expect(await page.getByRole('combobox', { name: 'Chamber' }).isVisible()).toBe(false);
      await web.checkA11y(page);
      for (const path of ['/', '/search?q=farm', '/bills/119-hr-1', '/members/A000360']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Measured once the page's reads have answered and drawn.
        await page.waitForLoadState('networkidle');
        expect(await pastTheScreen(page), path).toEqual([]);
        expect(await smallTargets(page), path).toEqual([]);
      }
      await page.goto('/search?q=farm');
      await page.getByText('Filters and sort').click();
      await page.getByRole('combobox', { name: 'Chamber' }).waitFor();
      expect(await smallTargets(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('gets a sign-in prompt, and no API call is made, when pressing Follow', async () => {
    await page.goto('/bills/119-hr-1');
    await heading(page, /Farm Security Act/).waitFor();
    const calls = recordApiCalls(page);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: 'Sign in to continue' });
    await prompt.waitFor();
    await web.checkA11y(page);
    expect(calls.filter((c) => c.includes('/api/follows'))).toEqual([]);
    await expect(prompt.getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
  });

  it('opens a shared brief from its link', async () => {
    await page.goto(`/share/brief/${brief.share_token}`);
    await heading(page, /Farm Security Act/).waitFor();
    await web.checkA11y(page);
  });

  it('ran every page above with nothing refused by the policy: no inline script or style, no foreign source', () => {
    expect(cspViolations).toEqual([]);
  });
});

describe('a new user', () => {
  beforeAll(async () => {
    context = await newContext(web.browser(), web.origin());
    page = await context.newPage();
  });
  afterAll(async () => context.close());

  /** The focused element's name: its label's text, aria-label or text (run in the page, which has the DOM). */
  const FOCUSED_NAME = `(() => {
    const el = document.activeElement;
    if (!el) return '';
    const label = el.id ? document.querySelector('label[for="' + el.id + '"]') : null;
    return ((label && label.textContent) || el.getAttribute('aria-label') || el.textContent || '').trim();
  })()`;

  /** Presses Tab until the focused element has this accessible name (keyboard only, as a person without a mouse). */
  async function tabTo(name: string, max = 40): Promise<void> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate<string>(FOCUSED_NAME);
      if (focused === name) return;
    }
    throw new Error(`Tab never reached "${name}"`);
  }

  it('signs up by keyboard alone and lands on the dashboard', async () => {
    await page.goto('/signup');
    await heading(page, /account/i).waitFor();
    await web.checkA11y(page);
    await tabTo('Email address');
    await page.keyboard.type('journey@example.org');
    await tabTo('Password');
    await page.keyboard.type('correct horse battery');
    await page.keyboard.press('Enter');
    await heading(page, 'My dashboard').waitFor();
    await web.checkA11y(page);
  });

  it('follows a bill with a stance, keeps a note, collects and shares it, and drafts a letter', async () => {
    await page.goto('/bills/119-hr-1');
    await heading(page, /Farm Security Act/).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    const follow = page.getByRole('dialog', { name: /Follow/ });
    await follow.waitFor();
    await tick(follow.getByRole('radio', { name: /Support/ }));
    await web.checkA11y(page);
    await follow.getByRole('button', { name: 'Follow this bill' }).click();
    await page.getByRole('button', { name: 'Following: Support' }).waitFor();

    await page.getByRole('textbox', { name: 'Only you can see this note' }).fill('Call the office on Monday.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Saved.').waitFor();

    await page.getByRole('button', { name: 'Add to a collection' }).click();
    const collect = page.getByRole('dialog', { name: /Add .* to a collection/ });
    await collect.getByRole('textbox', { name: 'New collection' }).fill('Farm watch');
    await collect.getByRole('button', { name: 'Create and add' }).click();
    await web.checkA11y(page);
    // A second collection with a long name and no space: its button wraps inside the dialog, and the first one's
    // count reads "1 bill".
    const longName = 'Appropriations'.repeat(7);
    await collect.getByRole('textbox', { name: 'New collection' }).fill(longName);
    await collect.getByRole('button', { name: 'Create and add' }).click();
    await collect.getByText('1 bill', { exact: true }).waitFor();
    const dialogBox = await collect.boundingBox();
    const longButton = await collect.getByRole('button', { name: `Add to ${longName}` }).boundingBox();
    expect(longButton!.x + longButton!.width).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
    expect(await collect.evaluate((d) => d.scrollWidth - d.clientWidth)).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/collections');
    await page.getByRole('link', { name: 'Farm watch' }).click();
    // The list page stays on screen while the collection's page loads, and it has a "Public" checkbox of its own
    // (for a new collection): act only once the collection's page is there, on its checkbox by its full name.
    await heading(page, 'Farm watch').waitFor();
    await tick(page.getByRole('checkbox', { name: 'Public: anyone with the link can see it' }));
    const shareUrl = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(shareUrl).toMatch(/\/share\/collection\/[0-9a-f-]{36}$/);
    await web.checkA11y(page);
    await page.goto(new URL(shareUrl).pathname);
    await heading(page, /Farm watch/).waitFor();
    await web.checkA11y(page);

    // The link a hold_boost push carries opens the letter, its stance pre-filled from the follow.
    await page.goto('/bills/119-hr-1?letter=1');
    const letter = page.getByRole('dialog', { name: /Write to your representative/ });
    await letter.waitFor();
    await expect.poll(() => letter.getByRole('radio', { name: 'Vote yes (support)' }).isChecked()).toBe(true);
    await tick(letter.getByRole('checkbox').first());
    await letter.getByRole('button', { name: 'Write the letter' }).click();
    await letter.getByRole('textbox', { name: /Your letter/ }).waitFor();
    expect(await letter.getByRole('textbox', { name: /Your letter/ }).inputValue()).toContain('Farm Security Act');
    await web.checkA11y(page);
  }, 90_000);
});
