/**
 * Admin routes of the platform: jobs (list, run by name, and one POST route
 * per job that declares an adminPath in the job table), user management,
 * the external-API health check and bill backfills.
 */
import * as z from 'zod';
import { ProviderHealth } from '#shared/admin/provider-health.schema.ts';
import { BackfillId, BackfillRequest, BackfillView } from '#shared/domain/bills/bill-backfill.ts';
import { PublicUser } from '#shared/domain/users/user.schema.ts';
import { JOBS } from '#shared/jobs/job-table.ts';
import { JOB_FUNCTION_GROUPS, JobTrigger } from '#shared/jobs/job.ts';
import { JobAccepted, listOf } from '#shared/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, type RouteDef } from '#shared/http/route.ts';

const JobNameParams = z.object({ name: z.string().regex(/^[a-z0-9_]+$/, { error: 'must be a job name such as poll_bills' }) });

/** skipped: another run of the job held its lease (error names it), so this run did nothing. */
const JobRunStatus = z.enum(['running', 'succeeded', 'failed', 'timed_out', 'skipped']);

/** One run of a job; `result` is the job's own summary, `error` why it failed or timed out. */
const JobRunView = z.object({
  job: z.string(),
  run_id: z.string(),
  trigger: z.string(),
  status: JobRunStatus,
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});

const JobView = z.object({
  name: z.string(),
  group: z.enum(JOB_FUNCTION_GROUPS),
  description: z.string(),
  schedule: z.string().nullable(),
  admin_path: z.string().nullable(),
  last_run: z
    .object({
      run_id: z.string(),
      trigger: JobTrigger,
      status: JobRunStatus,
      started_at: z.string(),
      finished_at: z.string().nullable(),
      duration_ms: z.number().nullable(),
    })
    .nullable(),
  /** The job's own summary of its last run, or {error} when it failed. */
  last_result: z.record(z.string(), z.unknown()).nullable(),
});

export const listJobs = defineRoute({
  operationId: 'listJobs',
  method: 'GET',
  path: '/api/admin/jobs',
  fn: 'admin',
  auth: 'admin',
  summary: 'Every job with its schedule, last run and last result',
  tags: ['admin'],
  response: z.object({ items: z.array(JobView) }),
});

export const runJobByName = defineRoute({
  operationId: 'runJobByName',
  method: 'POST',
  path: '/api/admin/jobs/{name}',
  fn: 'admin',
  auth: 'admin',
  summary:
    'Run a job of the job table now; answers 202 and runs asynchronously. When a run of the job is already in progress, this run is recorded as skipped (its run id reads `skipped`, naming the run in progress) and does nothing',
  tags: ['admin'],
  params: JobNameParams,
  response: JobAccepted,
  successStatus: 202,
});

export const listJobRuns = defineRoute({
  operationId: 'listJobRuns',
  method: 'GET',
  path: '/api/admin/jobs/{name}/runs',
  fn: 'admin',
  auth: 'admin',
  summary:
    'A job\'s runs of the last 30 days, newest first; a run still "running" past its function\'s timeout shows as timed_out, and a run that found another run of the job in progress is skipped',
  tags: ['admin'],
  params: JobNameParams,
  query: Paging,
  response: listOf(JobRunView),
});

export const getJobRun = defineRoute({
  operationId: 'getJobRun',
  method: 'GET',
  path: '/api/admin/jobs/{name}/runs/{run_id}',
  fn: 'admin',
  auth: 'admin',
  summary: 'One run of a job with its result or error',
  tags: ['admin'],
  params: JobNameParams.extend({ run_id: z.string().min(1).max(100) }),
  response: JobRunView,
});

const UserIdParams = z.object({ id: z.string().uuid({ error: 'must be a user id' }) });

export const listUsers = defineRoute({
  operationId: 'listUsers',
  method: 'GET',
  path: '/api/admin/users',
  fn: 'admin',
  auth: 'admin',
  summary: 'Users in signup order',
  tags: ['admin'],
  query: Paging,
  response: listOf(PublicUser),
});

export const deleteUser = defineRoute({
  operationId: 'deleteUser',
  method: 'DELETE',
  path: '/api/admin/users/{id}',
  fn: 'admin',
  auth: 'admin',
  summary:
    'Delete a user and all their data; 409 user.last_admin for the only admin (yourself included); resumable: deleting again finishes a deletion that stopped',
  tags: ['admin'],
  params: UserIdParams,
  successStatus: 204,
});

export const promoteUser = defineRoute({
  operationId: 'promoteUser',
  method: 'POST',
  path: '/api/admin/users/{id}/promote',
  fn: 'admin',
  auth: 'admin',
  summary: 'Make a user an admin',
  tags: ['admin'],
  params: UserIdParams,
  response: PublicUser,
});

export const demoteUser = defineRoute({
  operationId: 'demoteUser',
  method: 'POST',
  path: '/api/admin/users/{id}/demote',
  fn: 'admin',
  auth: 'admin',
  summary: 'Take admin rights from a user (not from yourself, 422); 409 user.last_admin when they are the only admin, race-safe',
  tags: ['admin'],
  params: UserIdParams,
  response: PublicUser,
});

export const providerHealth = defineRoute({
  operationId: 'providerHealth',
  method: 'GET',
  path: '/api/admin/health',
  fn: 'admin',
  auth: 'admin',
  summary: 'Each external provider checked with its latency; answers 200 with failures as data, "degraded" when a configured provider fails',
  tags: ['admin'],
  response: ProviderHealth,
});

const BackfillIdParams = z.object({ id: BackfillId });

export const startBillBackfill = defineRoute({
  operationId: 'startBillBackfill',
  method: 'POST',
  path: '/api/admin/backfill-bills',
  fn: 'admin',
  auth: 'admin',
  summary:
    'Backfill the bills of a Congress (`{congress}`) or of a window of update dates (`{from, to}`, at most 366 days) a page of 250 at a time, paced within the Congress.gov budget; answers 202 with the backfill. Asking again resumes a failed or stalled backfill at its cursor and reruns a completed one (creating only what is missing); 409 while it runs',
  tags: ['admin'],
  body: BackfillRequest,
  response: BackfillView.extend({ action: z.enum(['started', 'restarted', 'resumed']) }),
  successStatus: 202,
});

export const listBillBackfills = defineRoute({
  operationId: 'listBillBackfills',
  method: 'GET',
  path: '/api/admin/backfill-bills',
  fn: 'admin',
  auth: 'admin',
  summary: 'Every bill backfill with its state, cursor and counts',
  tags: ['admin'],
  query: Paging,
  response: listOf(BackfillView),
});

export const getBillBackfill = defineRoute({
  operationId: 'getBillBackfill',
  method: 'GET',
  path: '/api/admin/backfill-bills/{id}',
  fn: 'admin',
  auth: 'admin',
  summary: "A bill backfill's progress: state (running, completed, failed), cursor, pages done, bills seen, queued and refreshed",
  tags: ['admin'],
  params: BackfillIdParams,
  response: BackfillView,
});

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** The named admin paths that each run one job (trigger-fetch-actions, backfill-*, …), from the job table. */
export const JOB_TRIGGER_ROUTES: RouteDef<undefined, undefined, undefined, 'admin'>[] = JOBS.filter((j) => j.adminPath).map((j) =>
  defineRoute({
    operationId: `trigger${camel(`_${j.name}`)}`,
    method: 'POST',
    path: j.adminPath as string,
    fn: 'admin',
    auth: 'admin',
    summary: `Run ${j.name} now: ${j.description}`,
    tags: ['admin'],
    response: JobAccepted,
    successStatus: 202,
    job: j.name,
  }),
);

export const ADMIN_ROUTES: RouteDef[] = [
  listJobs,
  runJobByName,
  listJobRuns,
  getJobRun,
  listUsers,
  deleteUser,
  promoteUser,
  demoteUser,
  providerHealth,
  startBillBackfill,
  listBillBackfills,
  getBillBackfill,
  ...JOB_TRIGGER_ROUTES,
];
