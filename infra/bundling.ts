/**
 * The one set of esbuild options every function is bundled with, used by the
 * CDK stack (NodejsFunction, local esbuild) and by `npm run build`, so the
 * bundles measured by the bench are the bundles that get deployed.
 */
import type { BuildOptions } from 'esbuild';

/** Lambda's nodejs22.x runtime; esbuild targets node20 syntax, which it runs unchanged. */
export const BUNDLE_TARGET = 'node20';
/** Prefer packages' ESM builds so tree shaking works. */
export const MAIN_FIELDS = ['module', 'main'];
/** The runtime ships the AWS SDK v3, so bundling it would only add cold-start weight. */
export const EXTERNAL_MODULES = ['@aws-sdk/*'];
/** CommonJS dependencies call require(); an ESM bundle has none unless we make one. */
export const CREATE_REQUIRE_BANNER = "import { createRequire as __bwCreateRequire } from 'node:module'; const require = __bwCreateRequire(import.meta.url);";
/** ESM output needs the .mjs extension for Lambda to load it as a module. */
export const BUNDLE_FILE = 'index.mjs';

/** esbuild options for one entry, writing `<outdir>/index.mjs` and its source map. */
export function esbuildOptions(entryAbsolute: string, outdir: string): BuildOptions {
  return {
    entryPoints: [entryAbsolute],
    outfile: `${outdir}/${BUNDLE_FILE}`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    mainFields: MAIN_FIELDS,
    external: EXTERNAL_MODULES,
    banner: { js: CREATE_REQUIRE_BANNER },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  };
}
