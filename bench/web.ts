/**
 * `npm run bench:web`: the web app's weight and Lighthouse scores. Builds the
 * app (when its build is stale), adds up the gzip-compressed JavaScript the
 * home page loads (the entry, its static imports, the home route's chunk and
 * its static imports, from Vite's manifest) against the 170 KB budget, then
 * starts the local stack on a fresh data folder (seeded from the recorded
 * dataset), and runs Lighthouse (mobile preset: its default emulation and
 * throttling) with Debian's Chromium on the home page, a bill page and a
 * member page, printing performance / accessibility / best practices
 * against 90 / 100 / 95. Prints figures; not a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../local/chromium.ts';
import { REPO_ROOT } from '../local/function-loader.ts';
import { freePort } from '../local/net.ts';
import { ensureWebBuild, WEB_DIST } from '#infra/web-build.ts';

const HOME_JS_BUDGET_KB = 170;
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 } as const;
/** Lighthouse runs per page (BENCH_WEB_RUNS); the medians are the figures, as one run on a loaded host is noisy. */
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3) || 3);
/** Where to keep each run's Lighthouse report as JSON (BENCH_WEB_REPORTS), to read what it blames. */
const REPORT_DIR = process.env.BENCH_WEB_REPORTS;
/** The lab metrics behind the performance score, printed beside it (ms, CLS unitless). */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const;

type Run = Record<keyof typeof TARGETS | keyof typeof METRICS, number>;

function runOf(lhr: Result): Run {
  const scores = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([k, audit]) => [k, lhr.audits[audit]?.numericValue ?? Number.NaN]));
  return { ...scores, ...metrics } as Run;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Each figure's median over the runs, taken figure by figure. */
function medianRun(runs: Run[]): Run {
  return Object.fromEntries(Object.keys(runs[0]!).map((k) => [k, median(runs.map((r) => r[k as keyof Run]))])) as Run;
}

function describe(run: Run): string {
  const scores = Object.entries(TARGETS).map(([key, target]) => {
    const score = run[key as keyof typeof TARGETS];
    return `${key} ${Math.round(score)}/${target}${score >= target ? '' : ' (below)'}`;
  });
  const metrics = Object.keys(METRICS).map((k) => {
    const v = run[k as keyof typeof METRICS];
    return k === 'CLS' ? `CLS ${v.toFixed(3)}` : `${k} ${(v / 1000).toFixed(2)} s`;
  });
  return `${scores.join('   ')}   (${metrics.join(', ')})`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The files the home page loads before it shows: the entry's static graph and the home route's. */
function homeScripts(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const home = Object.keys(manifest).find((k) => k.endsWith('pages/HomePage.tsx'));
  if (!entry || !home) throw new Error('The Vite manifest names no entry or no pages/HomePage.tsx chunk');
  visit(entry);
  visit(home);
  return [...files].filter((f) => f.endsWith('.js'));
}

function measureHomeJs(): { files: number; rawKb: number; gzipKb: number } {
  const manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  let raw = 0;
  let gzip = 0;
  const files = homeScripts(manifest);
  for (const f of files) {
    const body = readFileSync(join(WEB_DIST, f));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: files.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

/** Starts `npm start`'s stack on a fresh folder and resolves its URL once it reports ready. */
async function startStack(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['local/start.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCAL_DATA_DIR: dataDir, PORT: String(port), SMTP_SINK_PORT: '0', LOCAL_SCHEDULER: '0', JWT_SECRET_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('ready in')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the local stack exited (${code}) before it was ready:\n${output.slice(-2000)}`)));
  });
  return { url: `http://localhost:${port}`, child };
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const build = await ensureWebBuild((line) => console.log(line));
  if (build === 'absent') throw new Error('clients/web has no app');
  const js = measureHomeJs();
  console.log(
    `home page JavaScript: ${js.gzipKb.toFixed(1)} KB gzip (${js.rawKb.toFixed(1)} KB raw, ${js.files} files); budget ${HOME_JS_BUDGET_KB} KB: ${js.gzipKb <= HOME_JS_BUDGET_KB ? 'within' : 'OVER'}`,
  );

  if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'billwatch-bench-web-'));
  const { url, child } = await startStack(dataDir);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const bills = await json<{ items: Array<{ id: string }> }>(`${url}/api/bills?limit=20`);
    const bill = bills.items[0];
    if (!bill) throw new Error('the seeded stack has no bills');
    const detail = await json<{ sponsor?: { id: string } | null }>(`${url}/api/bills/${bill.id}`);
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['bill', `/bills/${bill.id}`],
    ];
    if (detail.sponsor?.id) pages.push(['member', `/members/${detail.sponsor.id}`]);
    console.log(
      `Lighthouse ${'(mobile preset)'} against ${url}; targets: ${Object.entries(TARGETS)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    // Pages are taken in turn within a run, so a burst of the host's load spreads over pages rather than landing on one.
    const runs: Record<string, Run[]> = Object.fromEntries(pages.map(([name]) => [name, []]));
    for (let r = 1; r <= RUNS; r++) {
      for (const [name, path] of pages) {
        const result = await lighthouse(`${url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (REPORT_DIR) writeFileSync(join(REPORT_DIR, `${name}-${r}.json`), JSON.stringify(result.lhr));
        const run = runOf(result.lhr);
        runs[name]!.push(run);
        if (RUNS > 1) console.log(`  run ${r} ${name.padEnd(7)} ${describe(run)}`);
      }
    }
    if (RUNS > 1) console.log(`Median of ${RUNS} runs:`);
    for (const [name, path] of pages) console.log(`  ${name.padEnd(7)} ${path.padEnd(28)} ${describe(medianRun(runs[name]!))}`);
  } finally {
    await chrome.kill();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('bench:web failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
