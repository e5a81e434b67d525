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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../local/chromium.ts';
import { REPO_ROOT } from '../local/function-loader.ts';
import { freePort } from '../local/net.ts';
import { ensureWebBuild, WEB_DIST } from '../local/web-build.ts';

const HOME_JS_BUDGET_KB = 170;
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95 } as const;

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
    for (const [name, path] of pages) {
      const result = await lighthouse(`${url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
      const categories = result?.lhr.categories ?? {};
      const line = Object.entries(TARGETS).map(([key, target]) => {
        const score = Math.round((categories[key]?.score ?? 0) * 100);
        return `${key} ${score}/${target}${score >= target ? '' : ' (below)'}`;
      });
      console.log(`  ${name.padEnd(7)} ${path.padEnd(28)} ${line.join('   ')}`);
    }
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
