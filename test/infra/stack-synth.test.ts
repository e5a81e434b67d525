/**
 * The two slow checks the other infra tests skip: the full stack passes the
 * CDK's built-in CloudFormation template validation with errors made fatal,
 * and a function really bundles with the stack's esbuild options (ESM with
 * the createRequire banner, the AWS SDK left to the runtime).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
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
    new BillWatchStack(app, 'BillWatch-prod', { settings, projectRoot: ROOT });
    const assembly = app.synth();
    const [stack] = assembly.stacks;
    const problems = (stack?.messages ?? []).filter((m) => m.level === 'error' || m.level === 'warning');
    expect(problems.map((m) => `${m.id}: ${String(m.entry.data)}`)).toEqual([]);
    // The CloudFormation schema check costs several CPU seconds; loaded CI machines need the slack.
  }, 120_000);

  it('bundles a function with local esbuild into an ESM file that keeps the AWS SDK external', () => {
    const outdir = freshOutdir();
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'BundleProbe', { env: { account: '123456789012', region: 'us-east-1' } });
    const fallback = functionSpecs().filter((s) => s.kind === 'fallback');
    const queues = new Queues(stack, 'Queues', { queues: [] });
    const data = new Data(stack, 'Data', { stage: 'dev' });
    new Functions(stack, 'Functions', {
      specs: fallback,
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

    const assets = readdirSync(outdir).filter((d) => d.startsWith('asset.') && existsSync(path.join(outdir, d, BUNDLE_FILE)));
    expect(assets).toHaveLength(1);
    const code = readFileSync(path.join(outdir, assets[0] as string, BUNDLE_FILE), 'utf8');
    expect(code.startsWith(CREATE_REQUIRE_BANNER)).toBe(true);
    expect(code).toMatch(/export\s*\{[^}]*\bas fallback\b[^}]*\}|export\s*\{[^}]*\bfallback\b[^}]*\}/);
    expect(code).toMatch(/from\s*"@aws-sdk\/client-secrets-manager"/);
    expect(existsSync(path.join(outdir, assets[0] as string, `${BUNDLE_FILE}.map`))).toBe(true);
  }, 60_000);
});
