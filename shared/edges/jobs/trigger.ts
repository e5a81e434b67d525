/**
 * Asks for a job run now: an event on the jobs bus, which a rule routes to
 * the job's Lambda (in AWS) or the local stack's bus emulator runs.
 */
import { randomUUID } from 'node:crypto';
import { eventBridge, eventBridgeSdk } from '#shared/platform/eventbridge-client.ts';
import { config } from '#shared/platform/config.ts';
import { UnavailableError } from '#shared/errors/app-error.ts';
import { RUN_JOB_EVENT, type JobInvocation } from './job.ts';

/** Puts a RunJob event for `job`; returns the run id it will be recorded under. */
export async function requestJobRun(job: string, requestedBy: string, input?: Record<string, unknown>): Promise<{ job: string; run_id: string }> {
  const invocation: JobInvocation = { job, run_id: randomUUID(), trigger: 'admin', requested_by: requestedBy, input };
  const [client, { PutEventsCommand }] = await Promise.all([eventBridge(), eventBridgeSdk()]);
  const out = await client.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: config().EVENT_BUS_NAME,
          Source: RUN_JOB_EVENT.source,
          DetailType: RUN_JOB_EVENT.detailType,
          Detail: JSON.stringify(invocation),
        },
      ],
    }),
  );
  if ((out.FailedEntryCount ?? 0) > 0) {
    const entry = out.Entries?.[0];
    throw new UnavailableError(
      `The job bus refused the run of ${job}: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim(),
      'job.bus_refused',
    );
  }
  return { job, run_id: invocation.run_id as string };
}
