// A bill's odds in a real browser (issue 35): the ingest task scores a bill of the sitting Congress, its page shows
// the odds in words with what moved them, and its link opens the model card (held-out figures, calibration, the
// public track record), which reads on a 390 px phone with nothing past the screen; axe on every view.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { seedBill } from '../../support/notify-harness.ts';
import { newContext } from './support/browser.ts';
import { heading } from './support/journey.ts';
import { pastTheScreen, smallTargets } from './support/layout-checks.ts';
import { useWebStack } from './support/web-stack.ts';

const web = useWebStack({ pumps: true });
// The sitting Congress (the stack's clock is today's), so the forecast is a live one.
const BILL = '119-hr-9472';
const TITLE = 'Rural Hospital Staffing Act';
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const introduced = { status: 'REFERRED' as const, date: '2025-03-03', action_text: 'Referred to the Committee on Energy and Commerce.' };
  await seedBill(BILL, { title: TITLE, introduced_date: '2025-03-03', status: 'REFERRED', status_timeline: [introduced], latest_action_date: '2025-03-03' });
  await sendMessage('ingest-tasks', { v: 1, type: 'score_bill_forecast', bill_id: BILL });
  await vi.waitUntil(async () => (await web.client().request('GET', `/api/bills/${BILL}/forecast`)).body.forecast ?? false, { timeout: 60_000, interval: 200 });
  context = await newContext(web.browser(), web.origin());
  page = await context.newPage();
}, 120_000);
afterAll(async () => context?.close());

describe("a bill's odds", () => {
  it('shows the odds in words on the bill page and opens the model card from them', async () => {
    await page.goto(`/bills/${BILL}`);
    await heading(page, TITLE).waitFor();
    const odds = page.getByRole('region', { name: 'Odds' });
    await odds
      .getByRole('listitem')
      .filter({ hasText: /to become law/ })
      .first()
      .waitFor();
    expect(
      await odds
        .getByRole('listitem')
        .filter({ hasText: /to get out of committee/ })
        .count(),
    ).toBe(1);
    await web.checkA11y(page);

    await odds.getByRole('link', { name: 'How the odds are made, and how past odds have done' }).click();
    await heading(page, 'How the odds are made').waitFor();
    expect(new URL(page.url()).pathname).toBe('/forecast/model');
    await page.getByRole('heading', { level: 2, name: 'Tested on Congresses it never saw' }).waitFor();
    const figures = page.getByRole('table', { name: /^Figures per event, the 11\dth Congress$/ }).first();
    await figures.waitFor();
    expect(await figures.getByRole('row', { name: /Became law/ }).count()).toBeGreaterThanOrEqual(1);
    await page.getByRole('heading', { level: 2, name: 'Track record of published odds' }).waitFor();
    await web.checkA11y(page);
  });

  it('reads the model card on a phone: nothing past the screen, every control a full target', async () => {
    const phone = await newContext(web.browser(), web.origin(), 390);
    try {
      const p = await phone.newPage();
      await p.goto('/forecast/model');
      await heading(p, 'How the odds are made').waitFor();
      await p
        .getByRole('table', { name: /^Figures per event, the 11\dth Congress$/ })
        .first()
        .waitFor();
      expect(await pastTheScreen(p)).toEqual([]);
      expect(await smallTargets(p)).toEqual([]);
      await web.checkA11y(p);
    } finally {
      await phone.close();
    }
  });
});
