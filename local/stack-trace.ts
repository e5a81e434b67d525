/**
 * `npm run stack-trace -- <function> [file]`: maps a stack trace logged by a
 * deployed function (frames in /var/task/index.mjs or /var/task/chunks/*.mjs,
 * minified) back to the TypeScript sources. No source map ships with a
 * function (infra/bundling.ts says why); builds are deterministic, so this
 * rebuilds the function's bundle with its maps from the checked-out sources
 * and reads the positions from them. Check out the commit that was deployed.
 *
 * <function> is a bundle name (api-bills, job-ingest, worker-brief) or a
 * catalog key (api:bills); the trace is read from [file] or stdin.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFunctions, bundleName } from '#infra/build-functions.ts';
import { PROJECT_ROOT, functionSpecs } from '#infra/function-catalog.ts';

/** A frame's location in a deployed bundle: /var/task/<file>.mjs:<line>:<column> (file: URLs too). */
const FRAME = /(?:file:\/\/)?\/var\/task\/((?:chunks\/)?[\w.-]+\.mjs):(\d+):(\d+)/g;

/** Rewrites every bundle location in `trace` to source:line:column (function name) using the maps in `bundleDir`. */
export function symbolicate(trace: string, bundleDir: string): string {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(path.join(bundleDir, `${file}.map`), 'utf8')) as SourceMapPayload));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file) ?? null;
  };
  return trace.replace(FRAME, (whole, file: string, line: string, column: string) => {
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1) as
      { originalSource?: string; originalLine?: number; originalColumn?: number; name?: string } | undefined;
    if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return whole;
    const source = path.relative(PROJECT_ROOT, path.resolve(bundleDir, path.dirname(file), entry.originalSource));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${entry.name ? ` (${entry.name})` : ''}`;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [name, file] = process.argv.slice(2);
  const spec = functionSpecs().find((s) => s.key === name || bundleName(s) === name);
  if (!spec) {
    console.error(`usage: npm run stack-trace -- <${functionSpecs().map(bundleName).join('|')}> [file]`);
    process.exit(2);
  }
  const outdir = mkdtempSync(path.join(tmpdir(), 'billwatch-stack-trace-'));
  try {
    const [built] = await buildFunctions(outdir, [spec], { sourceMaps: true });
    const trace = readFileSync(file ?? 0, 'utf8');
    process.stdout.write(symbolicate(trace, path.dirname(built?.file as string)));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
