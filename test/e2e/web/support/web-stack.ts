/**
 * The local stack of a browser test file, serving the real build of the web
 * app (made first when missing or stale) on its origin, with one Chromium
 * for the file. Pages are checked with axe as the journeys visit them.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureWebBuild, WEB_DIST } from '#infra/web-build.ts';
import { useLocalStack, type E2eStack } from '../../support/e2e-stack.ts';
import { axeViolations, launchChromium } from './browser.ts';

export interface WebStack extends E2eStack {
  browser(): Browser;
  origin(): string;
  /** Runs axe on the page as it is and fails the test on any WCAG 2.2 AA violation; counts the pages checked. */
  checkA11y(page: Page): Promise<void>;
  checkedPages: string[];
}

/** Builds the app (when stale) before the stack starts, so the stack serves the build. */
export function useWebStack(options: Parameters<typeof useLocalStack>[0] = {}): WebStack {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const state = await ensureWebBuild(() => undefined);
    if (state === 'absent') throw new Error('clients/web has no app to test');
  }, 300_000);
  const e2e = useLocalStack({ webDistDir: WEB_DIST, ...options });
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  const checkedPages: string[] = [];
  return {
    ...e2e,
    checkedPages,
    browser: () => {
      if (!browser) throw new Error('Chromium is not started');
      return browser;
    },
    origin: () => e2e.stack().apiUrl,
    async checkA11y(page) {
      checkedPages.push(new URL(page.url()).pathname + new URL(page.url()).search);
      expect(await axeViolations(page)).toEqual([]);
    },
  };
}
