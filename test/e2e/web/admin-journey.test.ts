// The admin's journey in a real browser (Debian's Chromium) against the local stack: the console from the
// navigation, a maintenance action confirmed and answered, a bill backfill over a window of dates, and a bill
// reprocessed from its page, with axe's WCAG 2.2 AA checks on every page and dialog visited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seedBill } from '#test/support/personal-seed.ts';
import { newContext } from './support/browser.ts';
import { heading, signUp } from './support/journey.ts';
import { useWebStack } from './support/web-stack.ts';

const web = useWebStack();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await seedBill(119, 'hr', 1, { title: 'Farm Security Act', short_title: 'Farm Security Act' });
  context = await newContext(web.browser(), web.origin());
  page = await context.newPage();
  // This file's stack starts empty, and the first account registered is the admin (the service's rule).
  await signUp(page, 'admin@example.org');
}, 60_000);

afterAll(async () => {
  await context?.close();
  console.log(`[admin journey] axe (WCAG 2.2 AA) found no violation on ${web.checkedPages.length} page views: ${web.checkedPages.join(', ')}`);
});

describe('the admin', () => {
  it('opens the console from the navigation and clears the news feed cache', async () => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Admin' }).click();
    await heading(page, 'Admin').waitFor();
    await page.getByRole('rowheader', { name: 'Bills stored' }).waitFor();
    await page.getByRole('button', { name: /^Run / }).first().waitFor();
    await web.checkA11y(page);
    await page.getByRole('button', { name: 'Clear the news feed cache' }).click();
    await page.getByText('The news feed cache is cleared.').waitFor();
    expect(await page.getByRole('button', { name: 'Demote admin@example.org' }).isDisabled()).toBe(true);
  });

  it('reads the console on a phone without scrolling the page sideways (wide tables scroll in their own region)', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    try {
      await page.getByRole('table', { name: 'Maintenance actions with what each does' }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await web.checkA11y(page);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('runs a maintenance action after confirming it, and sees the job run it started', async () => {
    const row = page.getByRole('row', { name: /Resume stalled briefs/ });
    await row.getByRole('button', { name: 'Run Resume stalled briefs' }).click();
    const confirm = page.getByRole('dialog', { name: 'Resume stalled briefs?' });
    await confirm.waitFor();
    await web.checkA11y(page);
    await confirm.getByRole('button', { name: 'Yes, run it' }).click();
    await row
      .getByRole('status')
      .filter({ hasText: /^Started: run .+ of resume_analysis\./ })
      .waitFor();
    // The run shows in the job's history, as the answer says.
    await page.getByRole('button', { name: 'Runs of resume_analysis' }).click();
    await page
      .getByRole('table', { name: 'Recent runs of resume_analysis' })
      .getByRole('row', { name: /by admin/ })
      .first()
      .waitFor();
    await web.checkA11y(page);
    // The runs open in a modal dialog: closed, as a person would, before the page's other forms (it holds the focus).
    const runs = page.getByRole('dialog', { name: 'Recent runs of resume_analysis' });
    await runs.getByRole('button', { name: 'Close this window' }).click();
    await runs.waitFor({ state: 'hidden' });
  });

  it('starts a bill backfill over a window of update dates and sees it listed', async () => {
    const form = page.getByRole('form', { name: 'Start a bill backfill' });
    await form.getByRole('radio', { name: /Bills updated between two dates/ }).focus();
    await page.keyboard.press('Space');
    await form.getByLabel('Updated from').fill('2025-01-01');
    await form.getByLabel('Updated to').fill('2025-01-31');
    await web.checkA11y(page);
    await form.getByRole('button', { name: 'Start the backfill' }).click();
    await page.getByText('The backfill of bills updated 2025-01-01 to 2025-01-31 has started.').waitFor();
    await page.getByText(/^Backfill of bills updated 2025-01-01 to 2025-01-31 \(API\)/).waitFor();
  });

  it("reprocesses a bill from the bill's page", async () => {
    await page.goto('/bills/119-hr-1');
    await heading(page, /Farm Security Act/).waitFor();
    await page.getByRole('button', { name: 'Reprocess this bill' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /queued/ })
      .waitFor();
    await web.checkA11y(page);
  });
});
