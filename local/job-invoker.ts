/**
 * Invokes a job group's Lambda handler (functions/jobs/<group>.ts) locally,
 * for the scheduler and the event bus. It never throws: a failed run is
 * recorded by the job function itself and logged here.
 */
import { randomUUID } from 'node:crypto';
import type { JobDef } from '#shared/edges/jobs/job.ts';
import { lambdaContext, loadFunction } from './function-loader.ts';

export type JobOutcome = { status: 'succeeded'; result: unknown } | { status: 'failed'; error: string } | { status: 'missing'; error: string };

/** Runs one job through its group's handler with `event` (a scheduler input or a bus event). */
export async function runJobLocally(job: Pick<JobDef, 'name' | 'group' | 'timeoutSeconds'>, event: unknown, log: (line: string) => void): Promise<JobOutcome> {
  const loaded = await loadFunction('jobs', job.group);
  if (loaded.status === 'missing') {
    const error = `job ${job.name}: functions/jobs/${job.group}.ts does not exist yet`;
    log(error);
    return { status: 'missing', error };
  }
  if (loaded.status === 'failed') {
    const error = `job ${job.name}: functions/jobs/${job.group}.ts failed to initialise: ${loaded.error.message}`;
    log(error);
    return { status: 'failed', error };
  }
  const started = Date.now();
  try {
    const result = await loaded.handler(event, lambdaContext(`jobs-${job.group}`, randomUUID(), job.timeoutSeconds));
    // A run that found another run of the job holding its lease did nothing: say so instead of "succeeded".
    const skipped = result && typeof result === 'object' && 'status' in result && result.status === 'skipped';
    log(skipped ? `job ${job.name}: skipped: ${String('error' in result ? result.error : '')}` : `job ${job.name}: succeeded in ${Date.now() - started} ms`);
    return { status: 'succeeded', result };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log(`job ${job.name}: failed after ${Date.now() - started} ms: ${error}`);
    return { status: 'failed', error };
  }
}
