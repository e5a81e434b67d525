/**
 * The shape of one row of the job table and of a job's implementation. A job
 * runs on its schedule (EventBridge Scheduler in AWS, croner locally) or when
 * an admin asks (an event on the bus, or POST /api/admin/jobs/{name}).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** One job Lambda per group: functions/jobs/<group>.ts. */
export const JOB_FUNCTION_GROUPS = ['system', 'ingest', 'llm', 'notify', 'news', 'trends', 'schedule'] as const;
export type JobFunctionGroup = (typeof JOB_FUNCTION_GROUPS)[number];

export interface JobDef {
  /** snake_case, unique; also the `job` of the trigger payload. */
  name: string;
  group: JobFunctionGroup;
  /** Five-field cron in UTC (minute hour day-of-month month day-of-week), or none for admin-only jobs. */
  schedule?: string;
  description: string;
  timeoutSeconds: number;
  /** A named admin path of the HTTP API that also runs this job (POST, answers 202). */
  adminPath?: string;
}

export const JobTrigger = lazySchema(() => z.enum(['schedule', 'admin', 'local', 'deploy']));
export type JobTrigger = z.infer<ReturnType<typeof JobTrigger>>;

/** What a job Lambda receives: from the scheduler's input, or the bus event's detail. */
export const JobInvocation = lazySchema(() =>
  z.object({
    job: z.string().min(1),
    run_id: z.string().optional(),
    trigger: JobTrigger().default('schedule'),
    requested_by: z.string().optional(),
    input: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type JobInvocation = z.infer<ReturnType<typeof JobInvocation>>;

export interface JobContext {
  runId: string;
  trigger: JobTrigger;
  /** When the run started; jobs use it instead of reading the clock themselves. */
  now: Date;
  input: Record<string, unknown>;
}

/** A job's implementation: does its work and returns a small summary recorded as the run's result. */
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;

/** The bus event that asks for a job run (source and detail-type the CDK rule matches). */
export const RUN_JOB_EVENT = { source: 'billwatch.admin', detailType: 'RunJob' } as const;
