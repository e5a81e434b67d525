/**
 * Admin routes of the platform: jobs (list, run by name, and one POST route
 * per job that declares an adminPath in the job table), user management,
 * the external-API health check and bill backfills.
 */
import * as z from 'zod';
import { ProviderHealth } from '#shared/use-cases/admin/provider-health.schema.ts';
import { BackfillId, BackfillRequest, BackfillView } from '#shared/domain/bills/bill-backfill.ts';
import { PublicUser } from '#shared/domain/users/user.schema.ts';
import { DemoReplayRequest, DemoReplayResult } from '#shared/domain/demo/demo-replay.schema.ts';
import { JOBS } from '#shared/edges/jobs/job-table.ts';
import { JOB_FUNCTION_GROUPS, JobTrigger } from '#shared/edges/jobs/job.ts';
import { JobAccepted, listOf } from '#shared/edges/http/schemas.ts';
import { Paging } from '#shared/domain/paging.ts';
import { defineRoute, lazySchema, type RouteDef } from '#shared/edges/http/route.ts';

const JobNameParams = lazySchema(() =>
  z.object({
    name: z
      .string()
      .regex(/^[a-z0-9_]+$/, { error: 'must be a job name such as poll_bills' })
      .describe('The name of a job of the job table, such as poll_bills'),
  }),
);

/** skipped: another run of the job held its lease (error names it), so this run did nothing. */
const JobRunStatus = lazySchema(() => z.enum(['running', 'succeeded', 'failed', 'timed_out', 'skipped']));

/** One run of a job; `result` is the job's own summary, `error` why it failed or timed out. */
const JobRunView = lazySchema(() =>
  z
    .object({
      job: z.string().describe('The name of the job in the job table'),
      run_id: z.string().describe('The id of the job run'),
      trigger: z.string().describe('What started the run: schedule, admin, local or deploy'),
      status: JobRunStatus().describe('running, succeeded, failed or timed_out'),
      started_at: z.string().describe('When it started (ISO 8601, UTC)'),
      finished_at: z.string().nullable().describe('When it finished (ISO 8601, UTC); null while it runs'),
      duration_ms: z.number().nullable().describe('How long it took, in milliseconds; null while it runs'),
      result: z.record(z.string(), z.unknown()).nullable().describe("The job's own summary of the run; null while it runs or when it failed"),
      error: z.string().nullable().describe('What went wrong; null when nothing did'),
    })
    .meta({ id: 'JobRun', description: 'One run of a job: its state, times and result or error' }),
);

const JobView = lazySchema(() =>
  z
    .object({
      name: z.string().describe('The job name, such as poll_bills'),
      group: z.enum(JOB_FUNCTION_GROUPS).describe('The function group that runs it'),
      description: z.string().describe('What the job does'),
      schedule: z.string().nullable().describe('The UTC cron expression of its schedule; null when it only runs when triggered'),
      admin_path: z.string().nullable().describe('The admin path that triggers it; null when none'),
      last_run: z
        .object({
          run_id: z.string().describe('The id of the job run'),
          trigger: JobTrigger().describe('What started the run: schedule, admin, local or deploy'),
          status: JobRunStatus().describe('running, succeeded, failed or timed_out'),
          started_at: z.string().describe('When it started (ISO 8601, UTC)'),
          finished_at: z.string().nullable().describe('When it finished (ISO 8601, UTC); null while it runs'),
          duration_ms: z.number().nullable().describe('How long it took, in milliseconds; null while it runs'),
        })
        .nullable()
        .describe('The latest run; null before the first'),
      last_result: z.record(z.string(), z.unknown()).nullable().describe("The job's own summary of its last run, or {error} when it failed."),
    })
    .meta({ id: 'Job', description: 'A job of the job table with its schedule and last run' }),
);

export const listJobs = defineRoute({
  operationId: 'listJobs',
  description: 'Every job of the job table with its schedule (UTC cron), function group, last run and last result. Admin only.',
  method: 'GET',
  path: '/api/admin/jobs',
  fn: 'admin',
  auth: 'admin',
  summary: 'Every job with its schedule, last run and last result',
  tags: ['admin'],
  response: () => z.object({ items: z.array(JobView()).describe('Every job of the job table') }),
});

export const runJobByName = defineRoute({
  operationId: 'runJobByName',
  description:
    'Starts a run of a job of the job table now through the event bus and answers 202 with its run id; follow it at GET /api/admin/jobs/{name}/runs/{run_id}. Admin only; 404 for a job the table does not know.',
  method: 'POST',
  path: '/api/admin/jobs/{name}',
  fn: 'admin',
  auth: 'admin',
  summary:
    'Run a job of the job table now; answers 202 and runs asynchronously. When a run of the job is already in progress, this run is recorded as skipped (its run id reads `skipped`, naming the run in progress) and does nothing',
  tags: ['admin'],
  params: JobNameParams,
  response: () => JobAccepted(),
  successStatus: 202,
});

export const listJobRuns = defineRoute({
  operationId: 'listJobRuns',
  description:
    "The runs of one job over the last 30 days, newest first, a page at a time; a run still running past its function's timeout shows as timed_out. Admin only; 404 for an unknown job.",
  method: 'GET',
  path: '/api/admin/jobs/{name}/runs',
  fn: 'admin',
  auth: 'admin',
  summary:
    'A job\'s runs of the last 30 days, newest first; a run still "running" past its function\'s timeout shows as timed_out, and a run that found another run of the job in progress is skipped',
  tags: ['admin'],
  params: JobNameParams,
  query: () => Paging(),
  response: () => listOf(JobRunView()),
});

export const getJobRun = defineRoute({
  operationId: 'getJobRun',
  description: 'One run of a job: its state, start and end, result or error. Admin only; 404 for an unknown job or run.',
  method: 'GET',
  path: '/api/admin/jobs/{name}/runs/{run_id}',
  fn: 'admin',
  auth: 'admin',
  summary: 'One run of a job with its result or error',
  tags: ['admin'],
  params: () => JobNameParams().extend({ run_id: z.string().min(1).max(100).describe('The id of the job run') }),
  response: JobRunView,
});

const UserIdParams = lazySchema(() => z.object({ id: z.string().uuid({ error: 'must be a user id' }).describe('The user id (a UUID)') }));

export const listUsers = defineRoute({
  operationId: 'listUsers',
  description: 'Every account in signup order, a page at a time, with its admin flag. Admin only.',
  method: 'GET',
  path: '/api/admin/users',
  fn: 'admin',
  auth: 'admin',
  summary: 'Users in signup order',
  tags: ['admin'],
  query: () => Paging(),
  response: () => listOf(PublicUser()),
});

export const deleteUser = defineRoute({
  operationId: 'deleteUser',
  description:
    'Deletes a user and all their data (follows, notes, collections, notification settings and history). Admin only; 409 user.last_admin for the only admin, yourself included. Resumable: deleting again finishes a deletion that stopped.',
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
  description: 'Makes a user an admin and answers the user. Admin only; 404 for an unknown user.',
  method: 'POST',
  path: '/api/admin/users/{id}/promote',
  fn: 'admin',
  auth: 'admin',
  summary: 'Make a user an admin',
  tags: ['admin'],
  params: UserIdParams,
  response: () => PublicUser(),
});

export const demoteUser = defineRoute({
  operationId: 'demoteUser',
  description:
    'Takes admin rights from a user and answers the user. Admin only; 422 when demoting yourself, 409 user.last_admin when they are the only admin (race-safe).',
  method: 'POST',
  path: '/api/admin/users/{id}/demote',
  fn: 'admin',
  auth: 'admin',
  summary: 'Take admin rights from a user (not from yourself, 422); 409 user.last_admin when they are the only admin, race-safe',
  tags: ['admin'],
  params: UserIdParams,
  response: () => PublicUser(),
});

export const providerHealth = defineRoute({
  operationId: 'providerHealth',
  description:
    'Checks each external provider (Congress.gov, GovInfo, the LLM, news, trends, geocoders, email) within a deadline and reports each with its latency; failures are data in a 200, and the status is degraded when a configured provider fails. Admin only.',
  method: 'GET',
  path: '/api/admin/health',
  fn: 'admin',
  auth: 'admin',
  summary: 'Each external provider checked with its latency; answers 200 with failures as data, "degraded" when a configured provider fails',
  tags: ['admin'],
  response: () => ProviderHealth(),
});

const BackfillIdParams = lazySchema(() => z.object({ id: BackfillId().describe('The backfill id: congress-{n} or updated-{from}-{to}') }));

export const startBillBackfill = defineRoute({
  operationId: 'startBillBackfill',
  description:
    'Backfills the bills of a Congress ({congress}) or of a window of update dates ({from, to}, at most 366 days), a page of 250 at a time paced within the Congress.gov budget, and answers 202 with the backfill. Asking again resumes a failed or stalled backfill at its cursor and reruns a completed one, creating only what is missing. Admin only; 409 while it runs.',
  method: 'POST',
  path: '/api/admin/backfill-bills',
  fn: 'admin',
  auth: 'admin',
  summary:
    'Backfill the bills of a Congress (`{congress}`) or of a window of update dates (`{from, to}`, at most 366 days) a page of 250 at a time, paced within the Congress.gov budget; answers 202 with the backfill. Asking again resumes a failed or stalled backfill at its cursor and reruns a completed one (creating only what is missing); 409 while it runs',
  tags: ['admin'],
  body: () => BackfillRequest(),
  response: () =>
    BackfillView().extend({
      action: z
        .enum(['started', 'restarted', 'resumed'])
        .describe('started (new), restarted (a completed one run again) or resumed (a failed or stalled one continued at its cursor)'),
    }),
  successStatus: 202,
});

export const listBillBackfills = defineRoute({
  operationId: 'listBillBackfills',
  description: 'Every bill backfill with its state, cursor and counts, a page at a time. Admin only.',
  method: 'GET',
  path: '/api/admin/backfill-bills',
  fn: 'admin',
  auth: 'admin',
  summary: 'Every bill backfill with its state, cursor and counts',
  tags: ['admin'],
  query: () => Paging(),
  response: () => listOf(BackfillView()),
});

export const getBillBackfill = defineRoute({
  operationId: 'getBillBackfill',
  description:
    "One bill backfill's progress: state (running, completed, failed), cursor, pages done, bills seen, queued and refreshed. Admin only; 404 for an unknown backfill.",
  method: 'GET',
  path: '/api/admin/backfill-bills/{id}',
  fn: 'admin',
  auth: 'admin',
  summary: "A bill backfill's progress: state (running, completed, failed), cursor, pages done, bills seen, queued and refreshed",
  tags: ['admin'],
  params: BackfillIdParams,
  response: () => BackfillView(),
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
    summary: `Run ${j.name} now`,
    description: `Starts a run of the job ${j.name} now and answers 202 with its run id (follow it at GET /api/admin/jobs/${j.name}/runs/{run_id}): ${j.description}. Admin only.`,
    tags: ['admin'],
    response: () => JobAccepted(),
    successStatus: 202,
    job: j.name,
  }),
);

export const rebuildSearchIndex = defineRoute({
  operationId: 'rebuildSearchIndex',
  description:
    'Rebuilds the search index from the table: the indexer reads every bill, its latest brief and text into a new snapshot, and search containers load it at their next sync. Answers 202 at once; the rebuild runs on the search-index queue. Admin only.',
  method: 'POST',
  path: '/api/admin/search/rebuild',
  fn: 'admin',
  auth: 'admin',
  summary: 'Rebuild the search index from the table; answers 202 and runs on the search-index queue',
  tags: ['admin'],
  response: () => z.object({ status: z.literal('queued').describe('The rebuild is queued') }),
  successStatus: 202,
});

export const replayDemo = defineRoute({
  operationId: 'replayDemo',
  description:
    "Offline local stack only (404 elsewhere): plays the held-back last days of some demo bills' real action histories forward, one bill-day per step, each through the real poller (the stand-in Congress.gov lists the bill as updated with its new actions and, for H.J.Res. 37 of the 116th, its new text version, which is fetched, briefed and announced), so followers of those bills are notified on every channel; those events carry demo: true. Answers in time: plays steps (step_ms apart, each once its actions are stored) for about 15 s at most, then answers 200 with the steps played and remaining_steps; ask again until remaining_steps is 0. 409 once every held-back day is played, or while another replay runs. Admin only.",
  method: 'POST',
  path: '/api/admin/demo/replay',
  fn: 'admin',
  auth: 'admin',
  summary:
    "Offline local stack only: play the demo bills' real held-back actions forward through the poller (200 with what ~15 s played; 409 when nothing is left)",
  tags: ['admin'],
  body: () => DemoReplayRequest(),
  response: () => DemoReplayResult(),
});

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
  rebuildSearchIndex,
  replayDemo,
  ...JOB_TRIGGER_ROUTES,
];
