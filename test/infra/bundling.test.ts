/**
 * The deployed bundles (infra/bundling.ts): the AWS SDK and every dependency
 * inside, nothing resolved from node_modules at run time, no source map
 * shipped, and the packages only some invocations need (LLM SDKs, nodemailer,
 * the SQS, S3, SES and EventBridge clients, the YAML reader, ical-generator; the XML parser in
 * API functions) kept out of the code a cold start reads, and `semver`
 * replaced by its shim, which only the X-Ray SDK's SDK v2 patcher imports;
 * `ajv` and `ajv-formats` replaced by refusing shims, which only the MCP SDK's
 * default validator imports (the MCP server plugs in zod's). The search
 * index's range-fetch worker ships beside the code that starts it, whole.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFunctions, type BuiltBundle } from '#infra/build-functions.ts';
import { BUNDLE_TARGET, esbuildOptions, SHIPPED_PACKAGES } from '#infra/bundling.ts';
import { PROJECT_ROOT, functionSpecs } from '#infra/function-catalog.ts';
import { RANGE_WORKER_BUNDLE_FILE } from '#shared/adapters/search/lazy-file.ts';

/** Loaded on first use by every function that has them (dynamic import), never at cold start. */
const LAZY_EVERYWHERE = [
  'yaml',
  'openai',
  '@anthropic-ai/sdk',
  'nodemailer',
  '@aws-sdk/client-sqs',
  '@aws-sdk/client-s3',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/client-eventbridge',
  // The calendars' writer: only the calendar.ics routes of the committees and notifications functions need it.
  'ical-generator',
];
/** Among the API functions only the admin health route parses XML. */
const LAZY_IN_API = ['fast-xml-parser'];

const packageOf = (input: string) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];
const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));

/** The inputs (project-relative paths) of the files a cold start reads: index.mjs and the chunks it imports statically. */
function initInputs(bundle: BuiltBundle): string[] {
  const outputs = bundle.metafile.outputs;
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of outputs[out]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(path.relative(PROJECT_ROOT, bundle.file));
  return [...seen].flatMap((out) => Object.keys(outputs[out]?.inputs ?? {}));
}

/** The packages of initInputs(). */
const initPackages = (bundle: BuiltBundle): Set<string> => new Set(initInputs(bundle).flatMap((i) => packageOf(i) ?? []));

/** Every input of the asset, the lazily imported chunks included. */
const assetInputs = (bundle: BuiltBundle): string[] => Object.values(bundle.metafile.outputs).flatMap((o) => Object.keys(o.inputs));

describe('bundling options', () => {
  it('bundle the AWS SDK (nothing external but the shipped packages), ship no source map, and split lazily imported code into chunks', () => {
    const options = esbuildOptions('/src/functions/api/bills.ts', '/out');
    expect(options.external).toEqual([...SHIPPED_PACKAGES]);
    // Maps are made in memory for local stack traces, never inline or linked from the code; writeBundle() leaves them out.
    expect(['external', false]).toContain(options.sourcemap);
    expect(options.write).toBe(false);
    expect(options).toMatchObject({ bundle: true, format: 'esm', platform: 'node', target: BUNDLE_TARGET, minify: true, splitting: true });
  });
});

describe('the bundles', () => {
  let outdir: string;
  let built: BuiltBundle[];
  beforeAll(async () => {
    outdir = mkdtempSync(path.join(tmpdir(), 'billwatch-bundles-'));
    // The $default fallback is another export of functions/api/system.ts: the same bundle.
    built = await buildFunctions(
      outdir,
      functionSpecs().filter((s) => s.kind !== 'fallback'),
    );
  }, 180_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('hold the AWS SDK and every dependency: nothing is left to node_modules or the runtime but the shipped packages, which ride along', () => {
    const outside = built.flatMap((b) =>
      Object.entries(b.metafile.outputs).flatMap(([out, meta]) =>
        meta.imports
          .filter((i) => i.external && !isBuiltin(i.path) && !SHIPPED_PACKAGES.includes(i.path))
          .map((i) => `${b.name} (${path.basename(out)}) imports ${i.path}`),
      ),
    );
    expect(outside).toEqual([]);
    const search = built.find((b) => b.name === 'api-search');
    expect(search && filesUnder(path.dirname(search.file)).some((f) => f.endsWith('node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.wasm'))).toBe(true);
    for (const b of built) expect(initPackages(b), b.name).toContain('@aws-sdk/client-dynamodb');
  });

  it('write no source map files', () => {
    const maps = built.flatMap((b) => filesUnder(path.dirname(b.file)).filter((f) => f.endsWith('.map')));
    expect(maps).toEqual([]);
    for (const b of built) expect(readFileSync(b.file, 'utf8'), b.name).not.toContain('sourceMappingURL');
  });

  it('keep the rarely needed packages out of the code a cold start reads', () => {
    const eager = built.flatMap((b) => {
      const init = initPackages(b);
      const lazy = [...LAZY_EVERYWHERE, ...(b.spec.kind === 'api' || b.spec.kind === 'fallback' ? LAZY_IN_API : [])];
      return lazy.filter((p) => init.has(p)).map((p) => `${b.name} loads ${p} at cold start`);
    });
    expect(eager).toEqual([]);
    // They are still in the asset, as chunks loaded on first use.
    const llm = built.find((b) => b.spec.key === 'api:llm');
    const assetPackages = new Set(Object.values(llm?.metafile.outputs ?? {}).flatMap((o) => Object.keys(o.inputs).flatMap((i) => packageOf(i) ?? [])));
    expect([...assetPackages]).toEqual(expect.arrayContaining(['openai', '@anthropic-ai/sdk', '@aws-sdk/client-s3']));
  });

  it('load the ZIP crosswalk and the geocoder client of the members function on the first ZIP lookup only', () => {
    const members = built.find((b) => b.spec.key === 'api:members') as BuiltBundle;
    const ZIP_LOOKUP = ['shared/adapters/providers/zip-districts/zip-districts.data.ts', 'shared/adapters/providers/geocoder.client.ts'];
    expect(initInputs(members).filter((i) => ZIP_LOOKUP.includes(i))).toEqual([]);
    expect(assetInputs(members)).toEqual(expect.arrayContaining(ZIP_LOOKUP));
  });

  it('hold no semver package: its shim stands in, imported by the X-Ray SDK v2 patcher alone', () => {
    const importers = new Set<string>();
    for (const b of built) {
      const inputs = Object.entries(b.metafile.inputs);
      expect(
        inputs.map(([i]) => packageOf(i)).filter((p) => p === 'semver'),
        b.name,
      ).toEqual([]);
      for (const [input, meta] of inputs)
        if (meta.imports.some((i) => i.path.endsWith('infra/shims/semver.ts'))) importers.add(input.replace(/.*node_modules\//, ''));
    }
    // Every function has the Tracer, so every bundle has the patcher; nothing else may rely on the shim's one function.
    expect([...importers]).toEqual(['aws-xray-sdk-core/dist/lib/patchers/aws_p.js']);
  });

  it("hold no ajv: its refusing shims stand in, imported by the MCP SDK's default validator alone, in the MCP function alone", () => {
    const importers = new Set<string>();
    for (const b of built) {
      const inputs = Object.entries(b.metafile.inputs);
      expect(
        inputs.map(([i]) => packageOf(i)).filter((p) => p === 'ajv' || p === 'ajv-formats' || p === 'fast-uri'),
        b.name,
      ).toEqual([]);
      for (const [input, meta] of inputs)
        if (meta.imports.some((i) => /infra\/shims\/ajv(-formats)?\.ts$/.test(i.path))) importers.add(`${b.name}: ${input.replace(/.*node_modules\//, '')}`);
    }
    expect([...importers]).toEqual(['api-mcp: @modelcontextprotocol/sdk/dist/esm/validation/ajv-provider.js']);
  });

  it("ship the search index's range-fetch worker beside the code of every function that opens the index, bundled whole", () => {
    const opening = built.filter((b) => Object.keys(b.metafile.inputs).some((i) => i.endsWith('shared/adapters/search/lazy-file.ts')));
    expect(opening.map((b) => b.name)).toContain('api-search');
    for (const b of opening) {
      const worker = readFileSync(path.join(path.dirname(b.file), RANGE_WORKER_BUNDLE_FILE), 'utf8');
      // Its S3 client is inside; it imports nothing but Node's own modules.
      const imported = [...worker.matchAll(/(?:from|import\()\s*"([^"]+)"/g)].map((m) => m[1] as string);
      expect(
        imported.filter((i) => !isBuiltin(i)),
        b.name,
      ).toEqual([]);
      expect(worker, b.name).toContain('GetObjectCommand');
    }
    // The functions that never open the index carry no worker.
    const other = built.find((b) => b.spec.key === 'api:bills') as BuiltBundle;
    expect(filesUnder(path.dirname(other.file)).some((f) => f.endsWith(RANGE_WORKER_BUNDLE_FILE))).toBe(false);
  });
});
