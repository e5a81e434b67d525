/**
 * The first answer of a new search container (issue 36.5), for
 * `npm run bench:search`: the engine bundled as it is deployed
 * (./cold-search-entry.ts through infra/bundling.ts, the range-fetch worker
 * beside it), run in a fresh process per query, its snapshot served by a
 * local S3 stand-in (./s3-range-server.ts) twice: at this machine's raw
 * speed, and playing Lambda's S3 as modelled below (docs/search.md). Each answer is checked against a warm index's.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions, writeBuild } from '#infra/bundling.ts';
import { hotPages } from '#shared/adapters/search/hot-pages.ts';
import type { SearchManifest } from '#shared/adapters/search/index-store.ts';
import { packPages } from '#shared/adapters/search/page-pack.ts';
import { readIndexFile } from '#shared/adapters/search/read-index-file.ts';
import type { SearchHits, SearchRequest } from '#shared/adapters/search/search-filters.ts';
import { startRangeServer, RAW, type S3Model } from './s3-range-server.ts';
import { pct } from './timing.ts';

/**
 * Lambda's S3 as modelled (no network here to measure it): 30 ms to the first byte of a GET
 * (S3's published first-byte latency is "100-200 ms" for the tail, tens of ms typical within a
 * region), 90 MB/s per stream (one connection's throughput from a Lambda), 300 MB/s for the
 * container (parallel ranged GETs on a 2 GB function; Lambda's network is not published).
 */
export const LAMBDA_S3: S3Model = { firstByteMs: 30, streamBytesPerSec: 90e6, totalBytesPerSec: 300e6 };
/** The target for a new container's first answer (issue 36.5). */
export const TARGET_COLD_P95_MS = 1500;

const BUCKET = 'bench-search';
const SNAPSHOT_KEY = 'search/snapshots/bench.db';

interface ColdRun {
  ms: number;
  imported: number;
  opened: number;
  waits: { reads: number; ms: number; log?: { offset: number; length: number; ms: number }[] };
  downloadedMs?: number;
  total: number;
  ids: string[];
}

/** The engine bundled as deployed, into `dir`; the path of its index.mjs. */
async function bundle(dir: string): Promise<string> {
  const result = await build(esbuildOptions(join(import.meta.dirname, 'cold-search-entry.ts'), dir));
  writeBuild(result, dir);
  return join(dir, 'index.mjs');
}

function runOnce(entry: string, endpoint: string, request: SearchRequest, waitDownload: boolean): Promise<ColdRun> {
  const env = {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    BUCKET_NAME: BUCKET,
    JWT_SECRET_KEY: 'bench-cold-search-not-a-secret-0123456789abcdef',
    LOG_LEVEL: 'ERROR',
    COLD_SEARCH_REQUEST: JSON.stringify(request),
    COLD_SEARCH_WAIT_DOWNLOAD: waitDownload ? '1' : '0',
  };
  return new Promise((ok, fail) =>
    execFile(process.execPath, [entry], { env, maxBuffer: 1 << 22 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`cold search failed: ${stderr || err.message}`));
      else ok(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ColdRun);
    }),
  );
}

/** Each page's b-tree in the index file and its kind ("word_postings leaf"), to say what a waited read was for. */
function pageOwners(path: string): { pageSize: number; owner: Map<number, string> } {
  return readIndexFile(path, (db) => {
    const pageSize = Number((db.get('PRAGMA page_size') as { page_size: number }).page_size);
    const rows = db.all('SELECT pageno, name, pagetype FROM dbstat') as { pageno: number; name: string; pagetype: string }[];
    return {
      pageSize,
      owner: new Map(rows.map((r) => [Number(r.pageno), `${r.name.replace('sqlite_autoindex_', 'index of ').replace(/_1$/u, '')} ${r.pagetype}`])),
    };
  });
}

/** The waited reads of many runs by what they read, most waited first: "word_postings leaf 310 ms (12 reads)", per run. */
function waitsByPage(runs: ColdRun[], pages: ReturnType<typeof pageOwners>): string {
  const by = new Map<string, { ms: number; reads: number }>();
  for (const run of runs)
    for (const w of run.waits.log ?? []) {
      const what = pages.owner.get(Math.floor(w.offset / pages.pageSize) + 1) ?? (w.offset === 0 ? 'header' : 'unknown');
      const e = by.get(what) ?? { ms: 0, reads: 0 };
      e.ms += w.ms;
      e.reads += 1;
      by.set(what, e);
    }
  const n = Math.max(1, runs.length);
  return [...by]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 8)
    .map(([what, e]) => `${what} ${(e.ms / n).toFixed(0)} ms (${(e.reads / n).toFixed(1)} reads)`)
    .join(', ');
}

/**
 * The objects a rebuild uploads for the index file at `indexPath` (./index-store.ts, uploadSnapshot and the
 * manifest), written into `dir`: S3 keys to local files. BENCH_SEARCH_PAGE_PACK=0 leaves the page pack out and
 * BENCH_SEARCH_MANIFEST_HOT=0 the manifest's size and hot ranges (a snapshot written before them).
 */
export function snapshotFiles(indexPath: string, dir: string, snapshotKey = SNAPSHOT_KEY): Record<string, string> {
  const hot = hotPages(indexPath);
  const manifest: SearchManifest = { snapshot_key: snapshotKey, as_of: '2026-06-01T00:00:00.000Z' };
  if (process.env.BENCH_SEARCH_MANIFEST_HOT !== '0') Object.assign(manifest, { snapshot_size: statSync(indexPath).size, hot });
  const files: Record<string, string> = {
    'search/manifest.json': join(dir, 'manifest.json'),
    [snapshotKey]: indexPath,
    [`${snapshotKey}.hot.json`]: join(dir, 'hot.json'),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'hot.json'), JSON.stringify(hot));
  if (process.env.BENCH_SEARCH_PAGE_PACK !== '0') {
    files[`${snapshotKey}.pages`] = join(dir, 'pages.bin');
    writeFileSync(join(dir, 'pages.bin'), packPages(indexPath));
  }
  return files;
}

export interface ColdFigures {
  lines: string[];
  modelledP95: number;
}

/**
 * `rounds` fresh processes per S3 (raw, modelled), cycling through `requests`; `warm` gives a
 * warm index's answer to compare with.
 */
export async function coldFirstAnswers(
  indexPath: string,
  requests: SearchRequest[],
  rounds: number,
  warm: (r: SearchRequest) => SearchHits,
): Promise<ColdFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cold-search-'));
  try {
    const entry = await bundle(join(dir, 'bundle'));
    mkdirSync(join(dir, 'files'));
    const files = snapshotFiles(indexPath, join(dir, 'files'));
    const size = statSync(indexPath).size;
    const pages = pageOwners(indexPath);
    const lines: string[] = [];
    let modelledP95 = Infinity;
    for (const [name, model] of [
      ['raw (this machine, no delay)', RAW],
      [
        `modelled Lambda S3 (${LAMBDA_S3.firstByteMs} ms to first byte, ${LAMBDA_S3.streamBytesPerSec / 1e6} MB/s a stream, ${LAMBDA_S3.totalBytesPerSec / 1e6} MB/s a container)`,
        LAMBDA_S3,
      ],
    ] as const) {
      const server = await startRangeServer(files, model);
      try {
        const times: number[] = [];
        const imports: number[] = [];
        const opens: number[] = [];
        const queries: number[] = [];
        const waited: number[] = [];
        const waits: number[] = [];
        const runs: ColdRun[] = [];
        let same = 0;
        for (let i = 0; i < rounds; i++) {
          const request = requests[i % requests.length] as SearchRequest;
          const run = await runOnce(entry, server.endpoint, request, false);
          times.push(run.ms);
          imports.push(run.imported);
          opens.push(run.opened - run.imported);
          queries.push(run.ms - run.opened);
          waited.push(run.waits.ms);
          waits.push(run.waits.reads);
          runs.push(run);
          const expected = warm(request);
          if (run.total === expected.total && JSON.stringify(run.ids) === JSON.stringify(expected.hits.map((h) => h.bill_id))) same++;
        }
        const whole = await runOnce(entry, server.endpoint, requests[0] as SearchRequest, true);
        const p95 = pct(times, 95);
        if (model === LAMBDA_S3) modelledP95 = p95;
        lines.push(
          `cold first answer, ${name}, ${rounds} fresh processes: p50 ${pct(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms ` +
            `(p50s: import ${pct(imports, 50).toFixed(0)} ms, manifest + open + change sets ${pct(opens, 50).toFixed(0)} ms, first query ${pct(queries, 50).toFixed(0)} ms ` +
            `of which blocked on fetches ${pct(waited, 50).toFixed(0)} ms over ${pct(waits, 50)} reads); ` +
            `answers identical to a warm index's: ${same}/${rounds}; ` +
            `the whole ${(size / 1e6).toFixed(0)} MB local after ${((whole.downloadedMs ?? 0) / 1000).toFixed(1)} s; load average ${loadavg()[0]?.toFixed(1)}`,
        );
        lines.push(`  where a first answer waited (mean per answer, by the b-tree page read): ${waitsByPage(runs, pages)}`);
      } finally {
        await server.stop();
      }
    }
    const wholeModelled = LAMBDA_S3.firstByteMs + (size / LAMBDA_S3.totalBytesPerSec) * 1000;
    lines.push(
      `whole download before the first answer (the design this replaces), modelled: ${(wholeModelled / 1000).toFixed(1)} s at best (${(size / 1e6).toFixed(0)} MB at ${LAMBDA_S3.totalBytesPerSec / 1e6} MB/s)`,
    );
    lines.push(
      `cold first answer p95 <= ${TARGET_COLD_P95_MS} ms (modelled Lambda S3): ${modelledP95 <= TARGET_COLD_P95_MS ? 'met' : 'MISSED'} (${modelledP95.toFixed(0)} ms)`,
    );
    return { lines, modelledP95 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
