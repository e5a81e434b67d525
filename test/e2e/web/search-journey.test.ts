// Search by bill number in a real browser (issue 32.1): "S. 2269", typed as people write it and without its Congress,
// lists the S. 2269 of every Congress held, newest first, and the one of the 115th opens its page from the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seedBill } from '#test/support/personal-seed.ts';
import { newContext } from './support/browser.ts';
import { heading } from './support/journey.ts';
import { useWebStack } from './support/web-stack.ts';

const web = useWebStack();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await seedBill(115, 's', 2269, {
    title: 'Global Food Security Reauthorization Act of 2017',
    short_title: 'Global Food Security Reauthorization Act of 2017',
  });
  await seedBill(119, 's', 2269, { title: 'Rural Broadband Towers Act' });
  await seedBill(115, 's', 2268, { title: 'A bill of a neighbouring number' });
  context = await newContext(web.browser(), web.origin());
  page = await context.newPage();
});
afterAll(async () => context?.close());

describe('searching a bill number', () => {
  it('finds S. 2269 of the 115th Congress without its Congress and opens its page', { timeout: 180_000 }, async () => {
    await page.goto('/search');
    await heading(page, 'Search').waitFor();
    await page.getByRole('searchbox', { name: 'Bills, members and topics' }).fill('S. 2269');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const results = page.getByRole('region', { name: /^Bills/ });
    await results.getByRole('heading', { name: 'Bills (2)' }).waitFor();
    // Newest Congress first; the neighbouring number is not listed.
    const links = results.getByRole('link', { name: /Act of 2017|Towers Act|neighbouring/ });
    await expect
      .poll(() => links.allTextContents())
      .toEqual([expect.stringContaining('Rural Broadband Towers Act'), expect.stringContaining('Global Food Security')]);
    await web.checkA11y(page);

    await results.getByRole('link', { name: /Global Food Security Reauthorization Act of 2017/ }).click();
    await heading(page, /Global Food Security Reauthorization Act of 2017/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bills/115-s-2269');
    await web.checkA11y(page);
  });
});
