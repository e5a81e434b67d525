/**
 * Run leases of jobs (docs/data-model.md A9a): one item per job naming the
 * run that holds it and until when. Taking the lease is one conditional Put
 * (absent, expired, or already this run's), so of two overlapping runs of a
 * job exactly one acts; the other is recorded as skipped. A holder that died
 * without releasing it stops blocking once `expires_at` passes.
 */
import { conditional, isConditionFailed } from './dynamo.ts';
import { leaseKeys } from './keys/lease.keys.ts';
import { JobLease } from '#shared/domain/jobs/job-lease.schema.ts';
import { cond, expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type LeaseOutcome = { acquired: true; lease: JobLease } | { acquired: false; holder: JobLease | null };

/**
 * Takes the lease of `job` for `runId` until `now + seconds`. When another
 * live run holds it, answers that holder (null if it was released between
 * the failed write and the read; the caller still does not act).
 */
export async function acquireJobLease(job: string, runId: string, now: Date, seconds: number): Promise<LeaseOutcome> {
  const lease: JobLease = {
    job,
    run_id: runId,
    acquired_at: now.toISOString(),
    expires_at: new Date(now.getTime() + seconds * 1000).toISOString(),
  };
  try {
    await table.putItem({
      // ttl a day past expiry: only tidies items of jobs no longer run; expiry is judged on expires_at, never on TTL deletion (which lags).
      Item: entityItem('job_lease', leaseKeys.job(job), { ...lease, ttl: Math.floor(now.getTime() / 1000) + seconds + 86400 }),
      ...expressions({ condition: cond.or(cond.itemAbsent(), cond.lte('expires_at', lease.acquired_at), cond.eq('run_id', runId)) }),
    });
    return { acquired: true, lease };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    return { acquired: false, holder: await getJobLease(job) };
  }
}

/** Releases the lease if `runId` still holds it (a run that outlived its lease must not free a newer holder's). */
export async function releaseJobLease(job: string, runId: string): Promise<boolean> {
  return conditional(() =>
    table.deleteItem({
      Key: leaseKeys.job(job),
      ...expressions({ condition: cond.eq('run_id', runId) }),
    }),
  );
}

/** The lease of `job` as stored (expired or not), or null. */
export async function getJobLease(job: string): Promise<JobLease | null> {
  const out = await table.getItem({ Key: leaseKeys.job(job), ConsistentRead: true });
  const parsed = JobLease().safeParse(out.Item);
  return parsed.success ? parsed.data : null;
}
