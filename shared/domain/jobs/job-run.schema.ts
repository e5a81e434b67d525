/**
 * A job run as recorded (docs/data-model.md A9): its trigger, status, timing, result or error.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** skipped: another run of the job held its lease, so this one did nothing (its `error` says which run). */
export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'timed_out', 'skipped'] as const;

export const JobRun = lazySchema(() =>
  z.object({
    job: z.string(),
    run_id: z.string(),
    trigger: z.string(),
    status: z.enum(JOB_RUN_STATUSES),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    duration_ms: z.number().nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable(),
  }),
);
export type JobRun = z.infer<ReturnType<typeof JobRun>>;
