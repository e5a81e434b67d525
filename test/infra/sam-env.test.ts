/**
 * events/env.json (the `sam local invoke --env-vars` file) cannot drift from
 * the stack: it is what `npm run sam:env` generates from the function catalog,
 * it sets every variable a function's access-table row needs, and it overrides
 * exactly what SAM must be told (every variable the template sets from another
 * resource) and nothing the template does not declare (SAM would drop it).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { needsOf } from '#infra/access-table.ts';
import { functionSpecs } from '#infra/function-catalog.ts';
import { SAM_ENV_FILE, sampleEventOf, samEnvFile, samFunctions, samSynthCommand, synthSamStack } from '#local/sam-env.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import type { BillWatchStack } from '#infra/stack.ts';
import { ROOT } from './synth-stack.ts';

type Variables = Record<string, unknown>;

let stack: BillWatchStack;
let file: Record<string, Record<string, string>>;
beforeAll(() => {
  stack = synthSamStack();
  file = JSON.parse(readFileSync(SAM_ENV_FILE, 'utf8')) as typeof file;
});

describe('events/env.json', () => {
  it('is what `npm run sam:env` generates from the current catalog and stack', () => {
    expect(readFileSync(SAM_ENV_FILE, 'utf8'), 'events/env.json is stale: run `npm run sam:env`').toBe(samEnvFile(stack));
  });

  it('has one entry per function of the catalog, each with a sample event', () => {
    const functions = samFunctions(stack);
    expect(functions.map((f) => f.spec.key).sort()).toEqual(
      functionSpecs()
        .map((s) => s.key)
        .sort(),
    );
    expect(Object.keys(file).sort()).toEqual(functions.map((f) => f.logicalId).sort());
    for (const { spec } of functions) expect(existsSync(path.join(ROOT, sampleEventOf(spec))), sampleEventOf(spec)).toBe(true);
  });

  it('sets the variable of every need in the access table, pointing at local resources', () => {
    const missing: string[] = [];
    for (const { logicalId, spec } of samFunctions(stack)) {
      const env = file[logicalId] ?? {};
      const expected = needsOf(spec).flatMap((n) => {
        if (n.kind === 'table') return ['TABLE_NAME'];
        if (n.kind === 'bucket') return ['BUCKET_NAME'];
        if (n.kind === 'send') return [queueUrlEnv(n.queue)];
        if (n.kind === 'bus-put') return ['EVENT_BUS_NAME'];
        return [];
      });
      for (const name of ['AWS_ENDPOINT_URL', 'JWT_SECRET_KEY', ...expected]) if (!env[name]) missing.push(`${spec.key}: ${name}`);
      // The secret bundle is AWS-only; an empty ARN makes the function read JWT_SECRET_KEY instead.
      if (needsOf(spec).some((n) => n.kind === 'secret-read') && env.SECRET_ARN !== '') missing.push(`${spec.key}: SECRET_ARN=""`);
      for (const [name, value] of Object.entries(env)) if (name.startsWith('QUEUE_URL_') && !value.includes('host.docker.internal')) missing.push(name);
    }
    expect(missing).toEqual([]);
    expect(Buffer.byteLength(Object.values(file)[0]?.JWT_SECRET_KEY ?? '')).toBeGreaterThanOrEqual(32);
  });

  it('overrides every variable the template sets from another resource, and only declared ones', () => {
    const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Properties: { Environment?: { Variables?: Variables } } }>;
    const problems: string[] = [];
    for (const { logicalId, spec } of samFunctions(stack)) {
      const declared = resources[logicalId]?.Properties.Environment?.Variables ?? {};
      const env = file[logicalId] ?? {};
      for (const [name, value] of Object.entries(declared)) {
        // A Ref or Fn::Join has no value outside CloudFormation: SAM would pass it on blank.
        if (typeof value !== 'string' && !(name in env)) problems.push(`${spec.key}: ${name} comes from the stack and is not overridden`);
      }
      for (const name of Object.keys(env)) if (!(name in declared)) problems.push(`${spec.key}: ${name} is not declared in the template, so SAM ignores it`);
    }
    expect(problems).toEqual([]);
  });

  it('is used by docs/local-stack.md with the synth command that declares the local-only variables', () => {
    const readme = readFileSync(path.join(ROOT, 'docs/local-stack.md'), 'utf8');
    expect(readme).toContain(samSynthCommand());
    expect(readme).toMatch(/sam local invoke -t cdk\.out\/BillWatch-dev\.template\.json \S+ -e events\/\S+\.json --env-vars events\/env\.json/);
  });
});
