/**
 * The Tracer as a deployed bundle runs it: built with infra/bundling.ts (the
 * X-Ray SDK inside, `semver` aliased to its shim) and imported in a fresh
 * Node process with Lambda's environment, an invocation is still a `##`
 * subsegment with its annotations, an SDK client is still captured, and the
 * SDK v2 patcher still checks the version it needs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, esbuildOptions, writeBundle } from '#infra/bundling.ts';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';

const run = promisify(execFile);

describe('the Tracer in a bundle', () => {
  let outdir: string;
  let report: Record<string, unknown>;
  beforeAll(async () => {
    outdir = mkdtempSync(path.join(tmpdir(), 'billwatch-traced-'));
    const result = await build(esbuildOptions(path.join(PROJECT_ROOT, 'test/infra/support/bundled-tracer-probe.ts'), outdir));
    writeBundle(result.outputFiles);
    const script = `const { probe } = await import(${JSON.stringify(pathToFileURL(path.join(outdir, BUNDLE_FILE)).href)}); process.stdout.write(JSON.stringify(await probe()));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' },
    });
    report = JSON.parse(stdout) as Record<string, unknown>;
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('runs an invocation in a ## subsegment with its annotations', () => {
    expect(report.subsegment).toBe('## api-probe');
    expect(report.annotations).toMatchObject({ ColdStart: true, route: 'GET /probe' });
  });

  it('captures an AWS SDK client', () => {
    expect(report.middleware).toMatch(/XRay/i);
  });

  it('keeps the SDK v2 patcher version check, answered by the semver shim', () => {
    expect(report.v2Old).toBe('AWS SDK version 2.7.15 or greater required.');
    expect(report.v2New).toBe('accepted');
  });
});
