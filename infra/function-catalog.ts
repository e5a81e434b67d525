/**
 * Every Lambda function of the service, derived from the three tables: one per
 * API function group of ROUTES, the $default fallback, one per job group of
 * JOBS and one worker per queue of QUEUES. The stack, `npm run build` and the
 * bundle-size bench all read this list, so none of them can miss a function.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '#shared/edges/http/route.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import type { JobDef } from '#shared/edges/jobs/job.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { QUEUES, type QueueDef } from '#shared/edges/queues/queue-table.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

/** API Gateway's integration timeout is 30 s, so API functions stop just short of it. */
export const API_TIMEOUT_SECONDS = 29;
/** Lambda's own ceiling. */
const LAMBDA_MAX_TIMEOUT_SECONDS = 900;

/** Memory per function key, where the default is not enough. */
const MEMORY_MB: Record<string, number> = {
  // scrypt with N=2^17, r=8 needs 128 MiB per hash; more memory also buys more CPU for it.
  'api:auth': 1024,
  // The search index's page cache (256 MiB) and the WebAssembly heap; more memory also buys more CPU for ranking.
  'api:search': 2048,
  // A rebuild compacts the word postings in memory (a peak of about 1.9 GB at 350,000 bills, bench/results/search.md) beside the page cache.
  'worker:search-index': 3008,
};
const DEFAULT_MEMORY_MB = { api: 512, fallback: 256, job: 1024, worker: 512 } as const;

/**
 * /tmp per function key, where Lambda's 512 MB is not enough: a search container holds the index
 * snapshot (793 MB at 350,000 bills, docs/search.md) and downloads the next one beside it
 * before dropping the old; a rebuild writes a fresh file and VACUUM copies it once more.
 */
const EPHEMERAL_MB: Record<string, number> = {
  'api:search': 3072,
  'worker:search-index': 3072,
};

interface SpecBase {
  /** Stable key: api:<group>, api:$default, job:<group>, worker:<queue>. */
  key: string;
  /** PascalCase construct id. */
  id: string;
  /** The entry file, relative to the project root. */
  entry: string;
  /** The exported function Lambda calls. */
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** /tmp in MB, when more than Lambda's default 512. */
  ephemeralMb?: number;
  description: string;
}
export type FunctionSpec =
  | (SpecBase & { kind: 'api'; group: RouteDef['fn']; routes: readonly RouteDef[] })
  | (SpecBase & { kind: 'fallback' })
  | (SpecBase & { kind: 'job'; group: JobDef['group']; jobs: readonly JobDef[] })
  | (SpecBase & { kind: 'worker'; queue: QueueDef });

const pascal = (s: string) => s.replace(/(^|[-_$])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];
const memory = (key: string, kind: FunctionSpec['kind']) => MEMORY_MB[key] ?? DEFAULT_MEMORY_MB[kind];
const ephemeral = (key: string) => (EPHEMERAL_MB[key] === undefined ? {} : { ephemeralMb: EPHEMERAL_MB[key] });

/** The function list for the given tables (defaults: the service's own). */
export function functionSpecs(
  tables: { routes: readonly RouteDef[]; jobs: readonly JobDef[]; queues: readonly QueueDef[] } = { routes: ROUTES, jobs: JOBS, queues: QUEUES },
): FunctionSpec[] {
  const api: FunctionSpec[] = distinct(tables.routes.map((r) => r.fn)).map((group) => ({
    kind: 'api',
    key: `api:${group}`,
    id: `Api${pascal(group)}`,
    group,
    routes: tables.routes.filter((r) => r.fn === group),
    entry: `functions/api/${group}.ts`,
    handler: 'handler',
    timeoutSeconds: API_TIMEOUT_SECONDS,
    memoryMb: memory(`api:${group}`, 'api'),
    ...ephemeral(`api:${group}`),
    description: `HTTP API: ${group} routes`,
  }));
  const fallback: FunctionSpec = {
    kind: 'fallback',
    key: 'api:$default',
    id: 'ApiFallback',
    entry: 'functions/api/system.ts',
    handler: 'fallback',
    timeoutSeconds: 10,
    memoryMb: memory('api:$default', 'fallback'),
    description: 'HTTP API $default route: 404, or 405 with Allow',
  };
  const jobs: FunctionSpec[] = distinct(tables.jobs.map((j) => j.group)).map((group) => {
    const rows = tables.jobs.filter((j) => j.group === group);
    return {
      kind: 'job',
      key: `job:${group}`,
      id: `Job${pascal(group)}`,
      group,
      jobs: rows,
      entry: `functions/jobs/${group}.ts`,
      handler: 'handler',
      timeoutSeconds: Math.min(LAMBDA_MAX_TIMEOUT_SECONDS, Math.max(...rows.map((j) => j.timeoutSeconds))),
      memoryMb: memory(`job:${group}`, 'job'),
      description: `Jobs: ${rows.map((j) => j.name).join(', ')}`.slice(0, 256),
    };
  });
  const workers: FunctionSpec[] = tables.queues.map((queue) => ({
    kind: 'worker',
    key: `worker:${queue.name}`,
    id: `Worker${pascal(queue.name)}`,
    queue,
    entry: `functions/workers/${queue.worker}.ts`,
    handler: 'handler',
    timeoutSeconds: queue.timeoutSeconds,
    memoryMb: memory(`worker:${queue.name}`, 'worker'),
    ...ephemeral(`worker:${queue.name}`),
    description: `Worker of the ${queue.name} queue: ${queue.description}`.slice(0, 256),
  }));
  return [...api, fallback, ...jobs, ...workers];
}

/** Where each kind of entry is declared, for error messages. */
const SOURCE_OF: Record<FunctionSpec['kind'], string> = {
  api: 'an API function group of the route table (shared/edges/http/routes/)',
  fallback: "the HTTP API's $default route",
  job: 'a job group of the job table (shared/edges/jobs/job-table.ts)',
  worker: 'a queue of the queue table (shared/edges/queues/queue-table.ts)',
};

/** Throws one error naming every entry file that does not exist yet, and what asks for it. */
export function assertEntriesExist(specs: readonly FunctionSpec[], root = PROJECT_ROOT): void {
  const missing = specs.filter((s) => !existsSync(path.join(root, s.entry)));
  if (missing.length === 0) return;
  const lines = missing.map((s) => `  - ${s.entry} (export "${s.handler}"), required by ${SOURCE_OF[s.kind]}: ${s.key}`);
  throw new Error(`Missing Lambda entry files:\n${lines.join('\n')}`);
}
