// "Show in the text" in a real browser on the offline demo (issue 32.2): on H.J.Res. 37 of the 116th, every point of
// its brief, and after the demo replay every point of its amendment brief too, opens the text with exactly the
// passage the API located marked, focused and in view; no point says its quote was not found. axe checks each state.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signUp } from '../support/accounts.ts';
import { newContext } from './support/browser.ts';
import { heading } from './support/journey.ts';
import { useWebStack } from './support/web-stack.ts';

delete process.env.CONGRESS_API_KEY;
delete process.env.REPLAY_HAR;
// The seeded start loads the whole offline demo: minutes on a busy machine, past the default hook timeout.
vi.setConfig({ hookTimeout: 300_000 });
const web = useWebStack({ seed: true, pumps: true });
const BILL = '116-hjres-37';
let context: BrowserContext;
let page: Page;

interface Located {
  id: string;
  section: string;
  start: number;
  end: number;
}

/** The brief's points with their located passages, and the text of its version, as the API serves them. */
async function located(version: string): Promise<{ points: Located[]; text: string }> {
  const api = web.client();
  const briefs = await api.request('GET', `/api/bills/${BILL}/briefs`);
  if (!('items' in briefs.body)) throw new Error('expected the briefs');
  const brief = briefs.body.items.find((b) => b.text_version_code === version);
  if (!brief) throw new Error(`no brief of ${version}`);
  const text = await api.request('GET', `/api/bills/${BILL}/text`, { query: { version } });
  if (!('text' in text.body)) throw new Error('expected one text version');
  const points = brief.points.flatMap((p) => (p.citation ? [{ id: p.id, section: p.citation.section, start: p.citation.start, end: p.citation.end }] : []));
  return { points, text: text.body.text };
}

/** Presses "Show in the text" of every point in `scope` and checks the marked passage against the API's offsets. */
async function showEvery(scope: ReturnType<Page['locator']>, version: string): Promise<number> {
  const { points, text } = await located(version);
  const buttons = scope.getByRole('button', { name: /^Show in the text/ });
  expect(await buttons.count()).toBe(points.length);
  for (const [i, p] of points.entries()) {
    await buttons.nth(i).click();
    const mark = page.getByRole('region', { name: /^Text of / }).locator('mark');
    await expect.poll(() => mark.textContent()).toBe(text.slice(p.start, p.end));
    // The focused element's accessible name, read in the page (which has the DOM).
    await expect.poll(() => page.evaluate<string>(`document.activeElement?.getAttribute('aria-label') ?? ''`)).toBe(`Quoted passage, ${p.section}`);
    expect(await mark.isVisible()).toBe(true);
    expect(await mark.getAttribute('aria-label')).toBe(`Quoted passage, ${p.section}`);
    expect(await page.getByText(/not found word for word|cannot be shown/).count()).toBe(0);
  }
  return points.length;
}

beforeAll(async () => {
  // The offline seed briefs H.J.Res. 37's first text version (rh) once the pumps have run.
  await vi.waitUntil(
    async () => {
      const r = await web.client().request('GET', `/api/bills/${BILL}`);
      return r.status === 200 && r.body.latest_brief !== null;
    },
    { timeout: 90_000, interval: 250 },
  );
  context = await newContext(web.browser(), web.origin());
  page = await context.newPage();
}, 120_000);
afterAll(async () => context?.close());

describe('"Show in the text" on H.J.Res. 37', () => {
  it('marks the passage of every point of its brief, labelled by the unit of the text that holds it', async () => {
    await page.goto(`/bills/${BILL}`);
    await heading(page, /Directing the removal of United States Armed Forces/).waitFor();
    const brief = page.locator('section', { has: page.getByRole('heading', { name: 'The brief', exact: true }) });
    const shown = await showEvery(brief, 'rh');
    expect(shown).toBeGreaterThanOrEqual(5);
    // Finding (1) of Sec. 1 is labelled as such: no "Sec. 1013", no running head.
    await expect.poll(() => brief.getByText('Sec. 1(1):').count()).toBe(1);
    expect(await brief.getByText(/Sec\. 1013|HJ 37 RH/).count()).toBe(0);
    await web.checkA11y(page);
  }, 120_000);

  it('after the demo replay, marks the passage of every point of the amendment brief too', async () => {
    const admin = await signUp(web.client(), 'citation-admin');
    const replay = await web.client().request('POST', '/api/admin/demo/replay', { token: admin, body: { step_ms: 0 } });
    expect(replay.status).toBe(200);
    await vi.waitUntil(
      async () => {
        const r = await web.client().request('GET', `/api/bills/${BILL}`);
        return r.status === 200 && r.body.latest_brief?.text_version_code === 'rfs';
      },
      { timeout: 90_000, interval: 250 },
    );
    // A fresh browser context: the first visit's cached bill (public, revalidated in the background) would show the rh brief first.
    await context.close();
    context = await newContext(web.browser(), web.origin());
    page = await context.newPage();
    await page.goto(`/bills/${BILL}`);
    await heading(page, /Directing the removal of United States Armed Forces/).waitFor();
    const brief = page.locator('section', { has: page.getByRole('heading', { name: 'The brief', exact: true }) });
    await expect.poll(() => brief.getByText(/compared with “rh”/).count()).toBe(1);
    expect(await showEvery(brief, 'rfs')).toBeGreaterThanOrEqual(3);
    expect(await brief.getByText(/RFS|IIB|1st Session/).count()).toBe(0);
    await web.checkA11y(page);
  }, 180_000);
});
