/**
 * The one definition of how a function is bundled. `esbuildOptions()` is
 * called by the CDK stack (`lambdaCode()`, the code of every NodejsFunction),
 * by `npm run build` and by the cold-start bench, so the bundle that is
 * measured is the bundle that is deployed (test/infra/stack-synth.test.ts
 * compares the two byte for byte).
 *
 * Why these settings (figures: README, "Tests and benchmarks"):
 * - The AWS SDK is bundled, not left to the runtime's copy: importing the
 *   runtime's SDK from node_modules resolves and evaluates hundreds of small
 *   files, where a minified, tree-shaken bundle of the few clients a function
 *   calls loads in a fraction of the time.
 * - Code splitting: what the code imports with `import()` (LLM SDKs, nodemailer,
 *   the SES, EventBridge and S3 clients, YAML and XML parsers) goes to
 *   chunks/ beside index.mjs and is read only when first called. In one file
 *   it would still be parsed at every cold start. NodejsFunction's own
 *   bundling always writes a single --outfile, so the stack hands it this
 *   build as its `code` instead of bundling options.
 * - Files a function reads at run time ride along: a bundle that includes
 *   shared/edges/http/docs-page.ts (the system function's /api/docs) gets Swagger
 *   UI's script and stylesheet in swagger-ui/ beside index.mjs, read only
 *   when the page asks for them (`writeBuild()`).
 * - No source map ships: a map was larger than the code it describes, and
 *   `--enable-source-maps` makes Node read and parse it on the first error
 *   and map every stack captured afterwards. esbuild still makes the maps (in
 *   memory, `sourcemap: 'external'`, so the code has no sourceMappingURL) and
 *   only the code files are written to an asset; since builds are
 *   deterministic, `npm run stack-trace` rebuilds a commit's maps locally and
 *   maps a CloudWatch stack trace back to the sources.
 * - A bundle holding the search index's lazy file (shared/adapters/search/lazy-file.ts)
 *   gets its worker thread's code beside index.mjs, bundled on its own
 *   (range-fetch-worker.mjs): a worker is started from a file, which esbuild's
 *   splitting of the function's own code does not make (`writeBuild()`).
 * - `semver` is aliased to a shim of the one function the X-Ray SDK calls
 *   (infra/shims/semver.ts): the package costs 2-3 ms of every cold start.
 * - `ajv` and `ajv-formats` are aliased to shims that refuse to be built
 *   (infra/shims/ajv.ts): only the MCP SDK's default validator imports them,
 *   and the MCP server plugs in its own; they were 250 KB of its cold start.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions, type Metafile, type OutputFile } from 'esbuild';
import { SWAGGER_UI_BUNDLE_DIR, SWAGGER_UI_FILES } from '#shared/edges/http/docs-page.ts';
import { RANGE_WORKER_BUNDLE_FILE } from '#shared/adapters/search/lazy-file.ts';

/** CommonJS dependencies call require(); an ESM bundle has none unless we make one. */
export const CREATE_REQUIRE_BANNER = "import { createRequire as __bwCreateRequire } from 'node:module'; const require = __bwCreateRequire(import.meta.url);";
/** ESM output needs the .mjs extension for Lambda to load it as a module. */
export const BUNDLE_FILE = 'index.mjs';
/** Where the lazily imported code goes, beside the entry. */
export const CHUNK_DIR = 'chunks';
/** Lambda's nodejs22.x runtime; esbuild targets node20 syntax, which it runs unchanged. */
export const BUNDLE_TARGET = 'node20';
/**
 * Packages left out of the bundle and shipped as files in node_modules/ beside it:
 * node-sqlite3-wasm (the search engine) loads its .wasm from beside its own script
 * (__dirname), which a bundled ESM chunk does not have.
 */
export const SHIPPED_PACKAGES: readonly string[] = ['node-sqlite3-wasm'];
/** Packages replaced in every bundle by a smaller module doing what the bundles use of them (see above). */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  semver: path.join(import.meta.dirname, 'shims', 'semver.ts'),
  ajv: path.join(import.meta.dirname, 'shims', 'ajv.ts'),
  'ajv-formats': path.join(import.meta.dirname, 'shims', 'ajv-formats.ts'),
};

/** esbuild options for one entry: `<outdir>/index.mjs` and its chunks, built in memory (write them with writeBundle()). */
export function esbuildOptions(entryAbsolute: string, outdir: string): BuildOptions & { write: false } {
  return {
    entryPoints: { index: entryAbsolute },
    outdir,
    entryNames: '[name]',
    chunkNames: `${CHUNK_DIR}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    // Prefer packages' ESM builds so tree shaking can drop what a function never calls.
    mainFields: ['module', 'main'],
    // Nothing is left to node_modules or to the runtime's SDK (see above), but the shipped packages.
    external: [...SHIPPED_PACKAGES],
    alias: { ...BUNDLE_ALIASES },
    banner: { js: CREATE_REQUIRE_BANNER },
    minify: true,
    // Made, never shipped (see above): writeBundle() leaves the .map files out unless asked.
    sourcemap: 'external',
    sourcesContent: false,
    write: false,
    // Returned to the caller, never written beside the bundle.
    metafile: true,
    logLevel: 'warning',
  };
}

/** Writes a build's code files, and its source maps only when asked (a local build for reading stack traces). */
export function writeBundle(outputFiles: readonly OutputFile[], options: { sourceMaps?: boolean } = {}): void {
  for (const file of outputFiles) {
    if (file.path.endsWith('.map') && !options.sourceMaps) continue;
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
}

const DOCS_PAGE_MODULE = 'shared/edges/http/docs-page.ts';

/** The files beside the code a build's function reads at run time: Swagger UI's, when its code includes the docs page. */
export function runtimeFiles(metafile: Metafile | undefined, outdir: string): { file: string; from: string }[] {
  return [...swaggerFiles(metafile, outdir), ...shippedPackageFiles(metafile, outdir)];
}

function swaggerFiles(metafile: Metafile | undefined, outdir: string): { file: string; from: string }[] {
  const inputs = Object.keys(metafile?.inputs ?? {}).map((i) => i.replaceAll('\\', '/'));
  if (!inputs.some((i) => i.endsWith(DOCS_PAGE_MODULE))) return [];
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return SWAGGER_UI_FILES.map((name) => ({ file: path.join(outdir, SWAGGER_UI_BUNDLE_DIR, name), from: path.join(dist, name) }));
}

/** The files of each shipped package the build imports: its package.json and its dist/ folder. */
function shippedPackageFiles(metafile: Metafile | undefined, outdir: string): { file: string; from: string }[] {
  const imported = new Set(Object.values(metafile?.outputs ?? {}).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
  return SHIPPED_PACKAGES.filter((p) => imported.has(p)).flatMap((pkg) => {
    const root = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
    const dist = readdirSync(path.join(root, 'dist'));
    return ['package.json', ...dist.map((f) => `dist/${f}`)].map((f) => ({ file: path.join(outdir, 'node_modules', pkg, f), from: path.join(root, f) }));
  });
}

const LAZY_FILE_MODULE = 'shared/adapters/search/lazy-file.ts';
const RANGE_WORKER_SOURCE = path.join(import.meta.dirname, '..', 'shared', 'adapters', 'search', 'range-fetch-worker.ts');

/** The worker threads a build starts, each bundled on its own into one file beside index.mjs (see above). */
export function workerBuilds(metafile: Metafile | undefined, outdir: string): OutputFile[] {
  const inputs = Object.keys(metafile?.inputs ?? {}).map((i) => i.replaceAll('\\', '/'));
  if (!inputs.some((i) => i.endsWith(LAZY_FILE_MODULE))) return [];
  const worker = buildSync({
    ...esbuildOptions(RANGE_WORKER_SOURCE, outdir),
    entryPoints: { [path.basename(RANGE_WORKER_BUNDLE_FILE, '.mjs')]: RANGE_WORKER_SOURCE },
    splitting: false,
    metafile: false,
  });
  return worker.outputFiles;
}

/** Writes a build made with esbuildOptions(entry, outdir): its code (writeBundle()), its workers' and the files it reads at run time. */
export function writeBuild(result: { outputFiles: readonly OutputFile[]; metafile?: Metafile }, outdir: string, options: { sourceMaps?: boolean } = {}): void {
  writeBundle(result.outputFiles, options);
  writeBundle(workerBuilds(result.metafile, outdir), options);
  for (const { file, from } of runtimeFiles(result.metafile, outdir)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, readFileSync(from));
  }
}

/**
 * Bundles one entry in-process with esbuildOptions(). Its `entry` field also
 * tells the CDK's asset cache (keyed on the JSON of the bundling options) one
 * entry from another; a bundler without data would share the first asset.
 */
class LocalEsbuild implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    writeBuild(buildSync(esbuildOptions(this.entry, outputDir)), outputDir);
    return true;
  }
}

/**
 * The code of one function for the CDK: bundled locally by esbuild with
 * `esbuildOptions()` (never in Docker), hashed by its output. Skipped, like
 * any bundling, for stacks outside `aws:cdk:bundling-stacks`.
 */
export function lambdaCode(entryAbsolute: string, projectRoot: string): Code {
  return Code.fromAsset(projectRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type, never pulled: local bundling either succeeds or throws.
      image: DockerImage.fromRegistry('dummy'),
      local: new LocalEsbuild(path.resolve(entryAbsolute)),
    },
  });
}

/** The handler setting for an export of the bundle's entry. */
export const lambdaHandler = (exportName: string): string => `index.${exportName}`;
