/**
 * `npm run bench:bundles`: builds every function with the deploy options
 * (infra/bundling.ts) into a scratch directory and prints each bundle's size,
 * raw and gzipped, and the totals. Lambda cold starts grow with bundle size,
 * so this is the number to watch when a dependency is added.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFunctions } from '#infra/build-functions.ts';
import { PROJECT_ROOT, functionSpecs } from '#infra/function-catalog.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const outdir = mkdtempSync(path.join(tmpdir(), 'billwatch-bundles-'));
try {
  const started = Date.now();
  // Measure what exists; entries other engineers have not written yet are listed, not guessed.
  const specs = functionSpecs();
  const present = specs.filter((s) => existsSync(path.join(PROJECT_ROOT, s.entry)));
  const missing = specs.filter((s) => !present.includes(s));
  const built = await buildFunctions(outdir, present);
  const rows = built
    .map((b) => {
      const code = readFileSync(b.file);
      return { name: b.name, entry: b.spec.entry, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    })
    .sort((a, b) => b.raw - a.raw);
  const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });

  const header = ['function', 'entry', 'raw', 'gzip', 'gzip/raw'];
  const lines = rows.map((r) => [r.name, r.entry, kb(r.raw), kb(r.gzip), (r.gzip / r.raw).toFixed(2)]);
  lines.push(['TOTAL', `${rows.length} functions`, kb(total.raw), kb(total.gzip), (total.gzip / total.raw).toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
  if (missing.length) console.log(`\nNot measured (entry file missing): ${missing.map((m) => m.entry).join(', ')}`);
  console.log(`\nesbuild: ESM, minified, @aws-sdk/* external, source maps beside (not counted); built in ${Date.now() - started} ms`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
