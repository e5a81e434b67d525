/**
 * `npm run bench:bundles`: builds every function of the catalog with the
 * deploy options (infra/bundling.ts, the same definition the CDK stack uses)
 * plus a floor bundle (a DocumentClient and a handler, bench/support/floor-handler.ts),
 * then measures each one's cold import: fresh Node processes, each timing
 * `await import(bundle)`, interleaved round by round so a busy machine slows
 * every bundle alike. It prints per function the code a cold start reads
 * (index.mjs and the chunks it imports statically) and the whole asset (with
 * the chunks loaded on first use), the median cold import, its ratio to the
 * floor measured in the same run and the verdict against the targets (API
 * functions at most 2.0x the floor, jobs, workers, the search and MCP functions at most 3.0x), and exits
 * 1 when a target is missed.
 *
 * Each import of a function is paired with an import of the floor right
 * before it, and the ratio is the median of the pairs' ratios. This machine's
 * speed drifts over seconds (other tenants of the host, which no process here
 * can see): a round of every bundle takes a few seconds, so a floor measured
 * once per round could land in a fast moment and a function in a slow one.
 * Two imports a fraction of a second apart see the same machine. (The same
 * bundle, measured twice in one run with the floor once per round, came out
 * at 1.62x and 2.13x.)
 *
 * On a shared machine another process can take the CPU in the middle of an
 * import, and that inflates a long import more than a short one. So each
 * import's CPU time is measured too, and the wall-clock median is taken over
 * the undisturbed imports: those whose wall time is within 15% (+2 ms) of
 * their CPU time (an import does no I/O beyond reading the bundle from the
 * page cache). Rounds continue until every bundle has BENCH_ROUNDS of them,
 * up to eight times as many rounds; a bundle that never gets enough is
 * reported over all its imports, marked "busy". The table shows how many
 * imports were kept.
 *
 * The bundles are written inside the project (dist/bench-bundles), so anything
 * a bundle leaves external would resolve from node_modules, as it would from
 * the function's own directory in Lambda; the table names what is external.
 *
 * BENCH_ROUNDS sets the undisturbed imports per bundle (default 9, at least 7);
 * BENCH_ONLY=api-bills,worker-brief measures only the named bundles (and the floor).
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { buildFunctions, bundleName } from '#infra/build-functions.ts';
import { BUNDLE_FILE, esbuildOptions, writeBundle } from '#infra/bundling.ts';
import { PROJECT_ROOT, functionSpecs, type FunctionSpec } from '#infra/function-catalog.ts';

const run = promisify(execFile);

const ROUNDS = Math.max(7, Number(process.env.BENCH_ROUNDS ?? 9));
const MAX_ROUNDS = ROUNDS * 8;
/** An import whose wall time exceeds its CPU time by more than this waited for another process. */
const undisturbed = (wall: number, cpu: number) => wall <= cpu * 1.15 + 2;
/** Cold import over the floor's, per kind of function. */
const TARGET: Record<FunctionSpec['kind'], number> = { api: 2.0, fallback: 2.0, job: 3.0, worker: 3.0 };
/** Functions held to another target than their kind's: the search function opens its engine at cold start (issue 23: as for jobs); the MCP function is agents' alone and carries the MCP SDK (issue 36: as for workers). */
const TARGET_OF: Readonly<Record<string, number>> = { 'api-search': 3.0, 'api-mcp': 3.0 };

/** What one fresh process runs: time the import of the bundle named by argv[1]; print wall and CPU milliseconds. */
const PROBE = [
  'const cpu = process.cpuUsage(); const t = performance.now();',
  'await import(process.argv[1]);',
  'const wall = performance.now() - t; const used = process.cpuUsage(cpu);',
  'process.stdout.write(JSON.stringify([wall, (used.user + used.system) / 1000]));',
].join(' ');

/** A Lambda-like environment with no secret ARN (nothing is fetched) and a config that validates. */
const PROBE_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  // Set by Lambda; the X-Ray SDK (under the Powertools Tracer) does its Lambda set-up at import when it is present.
  LAMBDA_TASK_ROOT: '/var/task',
  STAGE: 'dev',
  TABLE_NAME: 'bench',
  JWT_SECRET_KEY: 'bench-only-secret-of-at-least-thirty-two-bytes',
  // Lambda runs Node 22; the SDK's warning about older Node versions would only add noise here.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

interface Sample {
  wall: number;
  cpu: number;
}

interface Subject {
  name: string;
  kind: FunctionSpec['kind'] | 'floor';
  file: string;
  sizes: Sizes;
  /** Wall-clock and CPU milliseconds of every cold import, each with the floor's import taken right before it (the floor's own: itself). */
  samples: Array<Sample & { floor: Sample }>;
}

interface Sizes {
  /** index.mjs and the chunks it imports statically: what a cold start reads. */
  initBytes: number;
  /** Every file of the asset, the lazily imported chunks included. */
  assetBytes: number;
  /** Bare imports left external (Node's built-ins excluded), which would resolve from node_modules. */
  external: string[];
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Sizes of one bundle from esbuild's metafile (output paths are relative to the project root). */
function sizesOf(metafile: Metafile, file: string): Sizes {
  // The source maps esbuild makes are never written to an asset (infra/bundling.ts).
  const code = Object.entries(metafile.outputs).filter(([out]) => !out.endsWith('.map'));
  const outputs = new Map(code.map(([out, meta]) => [path.resolve(PROJECT_ROOT, out), meta]));
  const init = new Set<string>();
  const visit = (f: string) => {
    if (init.has(f)) return;
    init.add(f);
    for (const i of outputs.get(f)?.imports ?? []) if (!i.external && i.kind === 'import-statement') visit(path.resolve(PROJECT_ROOT, i.path));
  };
  visit(path.resolve(file));
  const initCode = Buffer.concat([...init].map((f) => readFileSync(f)));
  const external = [...outputs.values()].flatMap((o) => o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path));
  return {
    initBytes: initCode.length,
    assetBytes: [...outputs.values()].reduce((t, o) => t + o.bytes, 0),
    external: [...new Set(external)].sort(),
  };
}

async function coldImport(file: string): Promise<[wall: number, cpu: number]> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE, pathToFileURL(file).href], {
    cwd: path.dirname(file),
    env: PROBE_ENV,
  });
  const measured = JSON.parse(stdout) as unknown;
  if (!Array.isArray(measured) || measured.length !== 2 || !measured.every(Number.isFinite)) throw new Error(`${file}: the probe printed ${stdout}`);
  return measured as [number, number];
}

const outdir = path.join(PROJECT_ROOT, 'dist', 'bench-bundles');
let failed = false;
try {
  const started = Date.now();
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  const specs = functionSpecs().filter((s) => only.length === 0 || only.includes(bundleName(s)));
  const built = await buildFunctions(outdir, specs);
  const floorFile = path.join(outdir, 'floor', BUNDLE_FILE);
  const floorBuild = await build(esbuildOptions(path.join(PROJECT_ROOT, 'bench/support/floor-handler.ts'), path.dirname(floorFile)));
  writeBundle(floorBuild.outputFiles);
  const subjects: Subject[] = [
    {
      name: 'floor (DocumentClient + handler)',
      kind: 'floor',
      file: floorFile,
      sizes: sizesOf(floorBuild.metafile as Metafile, floorFile),
      samples: [],
    },
    ...built.map((b) => ({ name: b.name, kind: b.spec.kind, file: b.file, sizes: sizesOf(b.metafile, b.file), samples: [] })),
  ];
  console.log(`Built ${subjects.length} bundles in ${Date.now() - started} ms; measuring ${ROUNDS} undisturbed cold imports of each…`);

  const floorSubject = subjects[0] as Subject;
  /** A pair is kept when neither import waited for another process. */
  const kept = (s: Subject) => s.samples.filter((x) => undisturbed(x.wall, x.cpu) && undisturbed(x.floor.wall, x.floor.cpu));
  const importOnce = async (file: string): Promise<Sample> => {
    const [wall, cpu] = await coldImport(file);
    return { wall, cpu };
  };
  // Round 0 warms the page cache and is discarded.
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const pending = round === 0 ? subjects : subjects.filter((s) => kept(s).length < ROUNDS);
    if (pending.length === 0) break;
    // A rotating start spreads any drift in machine load over every bundle.
    for (let i = 0; i < pending.length; i++) {
      const subject = pending[(i + round) % pending.length] as Subject;
      const floor = await importOnce(floorSubject.file);
      const own = subject === floorSubject ? floor : await importOnce(subject.file);
      if (round > 0) subject.samples.push({ ...own, floor });
    }
  }

  /** The median wall time and the median of the pairs' ratios, over the kept pairs, or over all of them when too few were. */
  const measure = (s: Subject) => {
    const quiet = kept(s);
    const busy = quiet.length < ROUNDS;
    const used = busy ? s.samples : quiet;
    return {
      ms: median(used.map((x) => x.wall)),
      ratio: median(used.map((x) => x.wall / x.floor.wall)),
      busy,
      used,
      cpu: median(s.samples.map((x) => x.cpu)),
      cpuRatio: median(s.samples.map((x) => x.cpu / x.floor.cpu)),
    };
  };
  const header = ['function', 'kind', 'init KB', 'asset KB', 'cold import ms', 'min-max ms', 'kept', 'x floor', 'target', 'verdict', 'cpu ms', 'cpu x floor'];
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  // The floor is one of the subjects: a busy floor is counted in the loop below.
  let busy = false;
  const rows = subjects.map((s) => {
    const m = measure(s);
    busy ||= m.busy;
    const ratio = m.ratio;
    const target = s.kind === 'floor' ? undefined : (TARGET_OF[s.name] ?? TARGET[s.kind]);
    const ok = target === undefined || ratio <= target;
    if (!ok) failed = true;
    return [
      s.name,
      s.kind,
      kb(s.sizes.initBytes),
      kb(s.sizes.assetBytes),
      m.ms.toFixed(1),
      `${Math.min(...m.used.map((x) => x.wall)).toFixed(0)}-${Math.max(...m.used.map((x) => x.wall)).toFixed(0)}`,
      `${kept(s).length}/${s.samples.length}${m.busy ? ' busy' : ''}`,
      ratio.toFixed(2),
      target === undefined ? '' : `<= ${target.toFixed(1)}`,
      target === undefined ? 'baseline' : ok ? 'ok' : 'MISSED',
      m.cpu.toFixed(1),
      m.cpuRatio.toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const right = (i: number) => i >= 2 && i !== 6 && i !== 9;
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (right(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log();
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (right(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const r of rows) console.log(fmt(r));

  const external = [...new Set(subjects.flatMap((s) => s.sizes.external))];
  console.log(
    `\nLeft external (resolved from node_modules): ${external.length ? external.join(', ') : 'nothing; the AWS SDK and every dependency are in the bundles'}`,
  );
  console.log(
    `Node ${process.version}; medians of ${ROUNDS}+ undisturbed imports per bundle (kept/taken above), one fresh process each; x floor: the median ratio of each import to the floor's import taken just before it; total ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (busy) console.log('The machine was too busy for some bundles ("busy"): their wall times include waits for other processes.');
  console.log(failed ? 'Overall: MISSED (see the rows marked MISSED)' : 'Overall: ok, every function within its target');
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
