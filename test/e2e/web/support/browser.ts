/**
 * A real browser for the web journeys: Debian's Chromium driven by
 * playwright-core (Playwright's own browser download cannot run here), one
 * browser per test file, and axe-core's WCAG 2.2 AA checks for every page a
 * journey visits. Fails with the install command when Chromium is missing.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
export { launchChromium } from '#local/chromium.ts';

/** The axe rule tags of WCAG 2.2 level AA (and the levels under it). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A fresh context (no cookies, no storage) at a viewport width, with any other option of a context (a time zone). */
export async function newContext(browser: Browser, baseURL: string, width = 1280, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, reducedMotion: 'reduce', ...options });
  // Well under the test's own timeout, so a missing element fails naming its locator.
  context.setDefaultTimeout(10_000);
  // A page load waits for every asset: a cold Chromium's first one on a busy 2-core CI machine took over 10 s.
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/** The WCAG 2.2 AA violations axe finds on the page as it is now, one line each (empty when none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.map((v) => `${page.url()} ${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every request the page makes to the API, as `METHOD /path`, from the moment it is called. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}
