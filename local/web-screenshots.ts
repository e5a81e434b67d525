/**
 * `npm run web:screenshots`: pictures of the web app's main pages at desktop
 * (1280 px) and phone (390 px) widths, from a running local stack (`npm
 * start`; its URL from WEB_URL, else http://localhost:$PORT or 3000), into
 * docs/screenshots/. Pages are picked from the stack's own data: the first
 * bill with a brief, its sponsor; the signed-in pages use an account the
 * script registers. Viewport-sized, so the files stay small.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT } from './function-loader.ts';
import { launchChromium } from './chromium.ts';

const OUT = join(REPO_ROOT, 'docs', 'screenshots');
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const base = (process.env.WEB_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface Page$ {
  name: string;
  path: string;
  signedIn?: boolean;
  /** What to wait for before the picture: the page's main heading. */
  ready?: string;
}

async function pagesToShoot(): Promise<Page$[]> {
  const bills = await api<{ items: Array<{ id: string; document_status?: string; sponsor?: { id: string } | null }> }>('/api/bills?limit=50');
  const bill = bills.items.find((b) => b.document_status === 'brief') ?? bills.items[0];
  if (!bill) throw new Error('The stack has no bills: start it with `npm start`, which seeds the recorded dataset');
  const detail = await api<{ sponsor?: { id: string } | null }>(`/api/bills/${bill.id}`);
  const pages: Page$[] = [
    { name: 'home', path: '/' },
    { name: 'bills', path: '/bills' },
    { name: 'bill', path: `/bills/${bill.id}` },
    { name: 'search', path: '/search?q=act' },
    { name: 'representatives', path: '/representatives' },
    // The schedule: a recorded week of Senate hearings (the offline stack's own), a meeting of it and its committee.
    { name: 'week', path: '/schedule?week=2026-07-27' },
    { name: 'meeting', path: '/meetings/senate-338684' },
    { name: 'committee', path: '/committees/SSHR' },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
    { name: 'notification-settings', path: '/notifications/settings', signedIn: true },
  ];
  if (detail.sponsor?.id) pages.splice(3, 0, { name: 'member', path: `/members/${detail.sponsor.id}` });
  return pages;
}

async function shoot(browser: Browser, pages: Page$[], token: string): Promise<string[]> {
  const written: string[] = [];
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    context.setDefaultTimeout(20_000);
    for (const p of pages) {
      const page = await context.newPage();
      await page.goto(`${base}/`);
      // The app keeps its session in localStorage (clients/web/src/session/session-store.ts).
      await page.evaluate(p.signedIn ? `localStorage.setItem('billwatch.token', ${JSON.stringify(token)})` : `localStorage.removeItem('billwatch.token')`);
      await page.goto(`${base}${p.path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Loading placeholders give way to data: wait for the network to settle.
      await page.waitForLoadState('networkidle');
      // On a busy machine a read can still be on its way after the network paused: wait for the last placeholder to go.
      await page.locator('.bw-skeleton').first().waitFor({ state: 'detached', timeout: 60_000 });
      const file = join(OUT, `${p.name}-${label}.png`);
      await page.screenshot({ path: file });
      written.push(file);
      await page.close();
    }
    await context.close();
  }
  return written;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const pages = await pagesToShoot();
  const email = `screenshots-${Date.now()}@example.org`;
  const credentials = JSON.stringify({ email, password: 'screenshots-only-1' });
  await api('/api/auth/register', { method: 'POST', body: credentials });
  const { access_token: token } = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: credentials });
  const browser = await launchChromium();
  try {
    const written = await shoot(browser, pages, token);
    console.log(`wrote ${written.length} screenshots into ${OUT}`);
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error('web:screenshots failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
