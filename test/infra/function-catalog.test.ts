/**
 * The pure parts of the infrastructure: the function catalog derived from the
 * tables, the missing-entry error, the access table and the context settings.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '#shared/edges/http/route.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { needsOf } from '#infra/access-table.ts';
import { assertEntriesExist, functionSpecs } from '#infra/function-catalog.ts';
import { readSettings } from '#infra/settings.ts';

const route = (fn: RouteDef['fn'], path: string): RouteDef => ({ operationId: path, method: 'GET', path, fn, auth: 'none', summary: path, description: path });
const sample = {
  routes: [route('bills', '/api/bills'), route('bills', '/api/bills/{id}'), route('auth', '/api/auth/me')],
  jobs: [
    { name: 'poll_bills', group: 'ingest' as const, schedule: '*/15 * * * *', description: 'poll', timeoutSeconds: 300 },
    { name: 'sync_members', group: 'ingest' as const, description: 'sync', timeoutSeconds: 840 },
  ],
  queues: [QUEUES[0]],
};

describe('function catalog', () => {
  it('derives one function per API group, the fallback, one per job group and one per queue', () => {
    const specs = functionSpecs(sample);
    expect(specs.map((s) => s.key)).toEqual(['api:bills', 'api:auth', 'api:$default', 'job:ingest', `worker:${QUEUES[0].name}`]);
    expect(specs.map((s) => s.entry)).toEqual([
      'functions/api/bills.ts',
      'functions/api/auth.ts',
      'functions/api/system.ts',
      'functions/jobs/ingest.ts',
      `functions/workers/${QUEUES[0].worker}.ts`,
    ]);
    const job = specs.find((s) => s.kind === 'job');
    expect(job?.timeoutSeconds).toBe(840);
    expect(specs.find((s) => s.kind === 'fallback')?.handler).toBe('fallback');
    expect(specs.find((s) => s.key === 'api:auth')?.memoryMb).toBe(1024);
    expect(specs.find((s) => s.kind === 'worker')?.timeoutSeconds).toBe(QUEUES[0].timeoutSeconds);
  });

  it('names every missing entry file and what asks for it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'billwatch-entries-'));
    try {
      mkdirSync(path.join(root, 'functions/api'), { recursive: true });
      writeFileSync(path.join(root, 'functions/api/bills.ts'), 'export const handler = () => 1;\n');
      const specs = functionSpecs(sample);
      expect(() => assertEntriesExist(specs, root)).toThrow(/functions\/api\/auth\.ts \(export "handler"\), required by an API function group/);
      expect(() => assertEntriesExist(specs, root)).toThrow(/functions\/jobs\/ingest\.ts .*job table/);
      expect(() => assertEntriesExist(specs, root)).toThrow(/functions\/workers\/document-fetch\.ts .*queue table/);
      expect(() => assertEntriesExist(specs, root)).not.toThrow(/functions\/api\/bills\.ts/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('has an access row for every function of the service, and every function reads the secret', () => {
    for (const spec of functionSpecs()) {
      const needs = needsOf(spec);
      expect(needs, spec.key).toContainEqual({ kind: 'secret-read' });
    }
  });
});

describe('settings from context', () => {
  const from = (ctx: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) => readSettings((k) => ctx[k], env);

  it('defaults to dev without the edge, and turns the edge on for prod', () => {
    expect(from({})).toMatchObject({ stage: 'dev', edge: false, corsOrigins: [], region: 'us-east-1' });
    expect(from({ stage: 'prod' }).edge).toBe(true);
    expect(from({ stage: 'prod', edge: 'false' }).edge).toBe(false);
    expect(from({ stage: 'dev', edge: 'true' }).edge).toBe(true);
  });

  it('splits CORS origins and reads account and region from the CLI environment', () => {
    const s = from({ corsOrigins: 'https://a.example, https://b.example' }, { CDK_DEFAULT_ACCOUNT: '111122223333', CDK_DEFAULT_REGION: 'eu-west-1' });
    expect(s.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(s).toMatchObject({ account: '111122223333', region: 'eu-west-1' });
  });

  it('fails with a message naming the bad context key', () => {
    expect(() => from({ stage: 'staging' })).toThrow(/context stage/);
    expect(() => from({ alarmEmail: 'not-an-email' })).toThrow(/context alarmEmail: alarmEmail must be an email address/);
  });
});
