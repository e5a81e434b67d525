/**
 * The two slow checks the other infra tests skip: the full stack passes the
 * CDK's built-in CloudFormation template validation with errors made fatal,
 * and a function really bundles through the CDK with infra/bundling.ts: the
 * asset is byte for byte what `npm run build` (and so the cold-start bench)
 * produces, with the AWS SDK inside and no source map.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { buildFunctions } from '#infra/build-functions.ts';
import { BUNDLE_FILE, CREATE_REQUIRE_BANNER } from '#infra/bundling.ts';
import { functionSpecs } from '#infra/function-catalog.ts';
import { Data } from '#infra/constructs/data.ts';
import { Functions } from '#infra/constructs/functions.ts';
import { JobBus } from '#infra/constructs/job-triggers.ts';
import { Queues } from '#infra/constructs/queues.ts';
import { SecretBundle } from '#infra/constructs/secret-bundle.ts';
import { StackSettings } from '#infra/settings.ts';
import { BillWatchStack } from '#infra/stack.ts';
import { ROOT, featureFlags } from './synth-stack.ts';
import { testWebDist } from './support/web-dist.ts';

const outdirs: string[] = [];
const freshOutdir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'billwatch-cdk-'));
  outdirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

describe('synth', () => {
  it('passes CloudFormation template validation with errors made fatal', () => {
    const app = new App({
      outdir: freshOutdir(),
      context: { ...featureFlags(), 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:validateAgainstDefaultRules': true },
    });
    const settings = StackSettings.parse({
      stage: 'prod',
      account: '123456789012',
      region: 'us-east-1',
      alarmEmail: 'ops@example.org',
      sesIdentity: 'example.org',
    });
    new BillWatchStack(app, 'BillWatch-prod', { settings, projectRoot: ROOT, webDistDir: testWebDist() });
    const assembly = app.synth();
    const [stack] = assembly.stacks;
    const problems = (stack?.messages ?? []).filter((m) => m.level === 'error' || m.level === 'warning');
    expect(problems.map((m) => `${m.id}: ${String(m.entry.data)}`)).toEqual([]);
    // The CloudFormation schema check costs several CPU seconds; loaded CI machines need the slack.
  }, 120_000);

  it('bundles each function into the asset `npm run build` makes: SDK inside, chunks beside, no source map', async () => {
    const outdir = freshOutdir();
    // Asset metadata (as the CLI turns it on) names each function's asset folder, which is also what `sam local invoke` reads.
    const app = new App({ outdir, builtinCloudFormationValidation: false, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'BundleProbe', { env: { account: '123456789012', region: 'us-east-1' } });
    // Two entries (the $default fallback, and auth), each needing only the table and the secret.
    const specs = functionSpecs().filter((s) => s.kind === 'fallback' || s.key === 'api:auth');
    const queues = new Queues(stack, 'Queues', { queues: [] });
    const data = new Data(stack, 'Data', { stage: 'dev' });
    new Functions(stack, 'Functions', {
      specs,
      stage: 'dev',
      projectRoot: ROOT,
      environment: {},
      resources: {
        table: data.table,
        bucket: data.bucket,
        queues,
        bus: new JobBus(stack, 'Bus').bus,
        secret: new SecretBundle(stack, 'S', { stage: 'dev' }).secret,
      },
    });
    app.synth();

    const functions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as Array<{
      Properties: Record<string, unknown>;
      Metadata: Record<string, string>;
    }>;
    const assetOf = (handler: string) => path.join(outdir, functions.find((f) => f.Properties.Handler === handler)?.Metadata['aws:asset:path'] as string);
    const files = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.mjs') || f.endsWith('.map'))
        .sort();
    expect(new Set([assetOf('index.fallback'), assetOf('index.handler')]).size).toBe(2);

    // The same esbuild options as `npm run build` and the bench: the same files, byte for byte, and no source map.
    const built = await buildFunctions(freshOutdir(), specs);
    for (const b of built) {
      const asset = assetOf(`index.${b.spec.handler}`);
      const buildDir = path.dirname(b.file);
      expect(files(asset).filter((f) => f.endsWith('.map'))).toEqual([]);
      expect(files(asset), b.name).toEqual(files(buildDir));
      for (const f of files(asset)) expect(readFileSync(path.join(asset, f)).equals(readFileSync(path.join(buildDir, f))), `${b.name}: ${f}`).toBe(true);
      expect(readFileSync(path.join(asset, BUNDLE_FILE), 'utf8').startsWith(CREATE_REQUIRE_BANNER)).toBe(true);
      // The SDK is in the bundle: nothing outside it but Node's built-ins is imported.
      const external = Object.values(b.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && !isBuiltin(i.path)));
      expect(external).toEqual([]);
      expect(Object.keys(b.metafile.inputs).some((i) => i.includes('node_modules/@aws-sdk/client-secrets-manager/'))).toBe(true);
    }
    expect(readFileSync(path.join(assetOf('index.fallback'), BUNDLE_FILE), 'utf8')).toMatch(/export\s*\{[^}]*\bfallback\b[^}]*\}/);
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'] });
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain('enable-source-maps');
    }
  }, 120_000);
});
