/**
 * `npm run build`: bundles every function of the catalog with the stack's
 * esbuild options (infra/bundling.ts) into dist/<function>/ (index.mjs and
 * its lazily loaded chunks/), and checks that each bundle exports the
 * handler Lambda will call. The cold-start bench reuses it.
 *
 * `npm run build -- --sourcemap` also writes the source maps (index.mjs.map,
 * chunks/*.map) for reading stack traces locally; the code files are the
 * same either way, and the maps are never part of a deployed asset.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_FILE, esbuildOptions, writeBuild } from './bundling.ts';
import { PROJECT_ROOT, assertEntriesExist, functionSpecs, type FunctionSpec } from './function-catalog.ts';

export interface BuiltBundle {
  spec: FunctionSpec;
  /** dist-relative directory name: api-auth, api-fallback, job-system, worker-brief. */
  name: string;
  /** The entry file, `<dir>/index.mjs`. */
  file: string;
  /** esbuild's record of every output file, its inputs and its imports. */
  metafile: Metafile;
}

/** The directory name of a function's bundle. */
export const bundleName = (spec: FunctionSpec): string => spec.key.replace(':', '-').replace('$default', 'fallback');

/** Bundles the given functions (default: all) into `outdir`, replacing what was there. */
export async function buildFunctions(
  outdir = path.join(PROJECT_ROOT, 'dist'),
  specs = functionSpecs(),
  options: { sourceMaps?: boolean } = {},
): Promise<BuiltBundle[]> {
  assertEntriesExist(specs);
  rmSync(outdir, { recursive: true, force: true });
  return Promise.all(
    specs.map(async (spec) => {
      const name = bundleName(spec);
      const dir = path.join(outdir, name);
      const result = await build(esbuildOptions(path.join(PROJECT_ROOT, spec.entry), dir));
      writeBuild(result, dir, options);
      const file = path.join(dir, BUNDLE_FILE);
      const metafile = result.metafile as Metafile;
      const output = Object.entries(metafile.outputs).find(([out]) => path.resolve(out) === path.resolve(file));
      if (!output?.[1].exports.includes(spec.handler)) {
        throw new Error(`${spec.entry} does not export "${spec.handler}" (exports: ${output?.[1].exports.join(', ') || 'none'})`);
      }
      return { spec, name, file, metafile };
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const sourcemap = process.argv.includes('--sourcemap');
  const built = await buildFunctions(undefined, undefined, { sourceMaps: sourcemap });
  for (const b of built) console.log(`${b.name.padEnd(32)} ${path.relative(PROJECT_ROOT, b.file)}`);
  console.log(`Built ${built.length} functions in ${Date.now() - started} ms${sourcemap ? ' (with source maps, for local use only)' : ''}`);
}
