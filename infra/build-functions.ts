/**
 * `npm run build`: bundles every function of the catalog with the stack's
 * esbuild options into dist/<function>/index.mjs, and checks that each bundle
 * exports the handler Lambda will call. The bundle-size bench reuses it.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_FILE, esbuildOptions } from './bundling.ts';
import { PROJECT_ROOT, assertEntriesExist, functionSpecs, type FunctionSpec } from './function-catalog.ts';

export interface BuiltBundle {
  spec: FunctionSpec;
  /** dist-relative directory name: api-auth, api-fallback, job-system, worker-brief. */
  name: string;
  file: string;
}

/** The directory name of a function's bundle. */
export const bundleName = (spec: FunctionSpec): string => spec.key.replace(':', '-').replace('$default', 'fallback');

/** Bundles the given functions (default: all) into `outdir`, replacing what was there. */
export async function buildFunctions(outdir = path.join(PROJECT_ROOT, 'dist'), specs = functionSpecs()): Promise<BuiltBundle[]> {
  assertEntriesExist(specs);
  rmSync(outdir, { recursive: true, force: true });
  return Promise.all(
    specs.map(async (spec) => {
      const name = bundleName(spec);
      const dir = path.join(outdir, name);
      const result = await build(esbuildOptions(path.join(PROJECT_ROOT, spec.entry), dir));
      const file = path.join(dir, BUNDLE_FILE);
      const output = Object.entries(result.metafile?.outputs ?? {}).find(([out]) => path.resolve(out) === path.resolve(file));
      if (!output?.[1].exports.includes(spec.handler)) {
        throw new Error(`${spec.entry} does not export "${spec.handler}" (exports: ${output?.[1].exports.join(', ') || 'none'})`);
      }
      return { spec, name, file };
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const built = await buildFunctions();
  for (const b of built) console.log(`${b.name.padEnd(32)} ${path.relative(PROJECT_ROOT, b.file)}`);
  console.log(`Built ${built.length} functions in ${Date.now() - started} ms`);
}
