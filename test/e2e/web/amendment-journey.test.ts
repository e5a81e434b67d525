// An amendment in a real browser (issue 33.2): from H.R. 4182 of the 115th (the demo's amendment chain, imported with
// the clerk's roll calls) the bill page lists its three amendments; the link opens H.Amdt. 491 with its purpose,
// status, sponsor, the bill it amends, its actions and roll call 647 with every member's position. axe checks both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { importDemoAmendmentVotes } from '#local/demo/demo-amendment-votes.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { newContext } from './support/browser.ts';
import { heading } from './support/journey.ts';
import { useWebStack } from './support/web-stack.ts';

const web = useWebStack();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const parsed = parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, 'legacy-BILLSTATUS-115hr4182.xml'), 'utf8'), now.toISOString());
  await importBillStatus(parsed, { now, fetchLinked: false });
  await importDemoAmendmentVotes(now);
  context = await newContext(web.browser(), web.origin());
  page = await context.newPage();
  // The bill page reads its sections after its own data: generous waits for a loaded machine.
  page.setDefaultTimeout(60_000);
}, 600_000);
afterAll(async () => context?.close());

describe('an amendment from its bill', () => {
  it('lists the amendments on the bill page and opens one with its roll call and every position', async () => {
    await page.goto('/bills/115-hr-4182');
    await heading(page, /EQUALS Act/).waitFor();
    const amendments = page.getByRole('region', { name: 'Amendments' });
    await amendments.getByRole('link', { name: 'H.Amdt. 491' }).waitFor();
    expect(await amendments.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      expect.stringMatching(/^H\.Amdt\. 489: Failed/),
      expect.stringMatching(/^H\.Amdt\. 490: Agreed to/),
      expect.stringMatching(/^H\.Amdt\. 491: Failed/),
    ]);
    await web.checkA11y(page);

    await amendments.getByRole('link', { name: 'H.Amdt. 491' }).click();
    await heading(page, 'H.Amdt. 491').waitFor();
    expect(page.url()).toMatch(/\/amendments\/115-hamdt-491$/);
    await expect.poll(() => page.getByText(/^Amendment sought to strike the provisions of the b/).count()).toBe(1);
    expect(await page.getByRole('link', { name: /^H\.R\. 4182/ }).getAttribute('href')).toBe('/bills/115-hr-4182');
    const votes = page.getByRole('region', { name: 'Roll-call votes' });
    await votes.getByText(/Every member's position/).click();
    const table = votes.getByRole('table', { name: /How each member voted in House roll call 647/ });
    expect(await table.getByRole('row').count()).toBeGreaterThan(400);
    expect(
      await table
        .getByRole('row', { name: /\bConnolly\b/ })
        .getByRole('cell', { name: 'Yea' })
        .count(),
    ).toBe(1);
    expect(await page.getByRole('region', { name: 'Actions' }).getByRole('listitem').count()).toBe(7);
    await web.checkA11y(page);
  }, 300_000);
});
