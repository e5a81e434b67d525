/**
 * CloudWatch metrics (Powertools, embedded metric format) for jobs and queue
 * workers. Outside Lambda (tests, the local stack) nothing is emitted, so
 * stdout stays readable. The names and dimensions here are what the stack's
 * alarms and dashboard read (infra/constructs/monitoring.ts).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

const inLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
if (!inLambda) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

/** The namespace every metric of the service is published in. */
export const METRICS_NAMESPACE = 'BillWatch';

const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: process.env.SERVICE_NAME ?? 'billwatch' });

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/**
 * Publishes one value with one extra dimension. A Powertools single metric is
 * flushed by its first addMetric, so each value needs its own: a second value
 * added to the same one would go out without the dimension.
 */
function emit(dimension: readonly [string, string], name: string, unit: Unit, value: number): void {
  const single = metrics.singleMetric();
  single.addDimension(dimension[0], dimension[1]);
  single.addMetric(name, unit, value);
}

/** One job run: its outcome and duration, per job name. */
export function recordJobRun(job: string, succeeded: boolean, durationMs: number): void {
  emit(['job', job], succeeded ? 'JobSucceeded' : 'JobFailed', MetricUnit.Count, 1);
  emit(['job', job], 'JobDuration', MetricUnit.Milliseconds, durationMs);
}

/** One worker batch: records processed and records failed, per queue. */
export function recordBatch(queue: string, processed: number, failed: number): void {
  emit(['queue', queue], 'RecordsProcessed', MetricUnit.Count, processed);
  emit(['queue', queue], 'RecordsFailed', MetricUnit.Count, failed);
}

/**
 * One outbox relay run: how many entries a crashed step left (found) and the
 * age of the oldest, in seconds (0 when none): the OutboxAging alarm reads it.
 */
export function recordOutbox(found: number, oldestAgeSeconds: number): void {
  emit(['job', 'relay_outbox'], 'OutboxEntriesFound', MetricUnit.Count, found);
  emit(['job', 'relay_outbox'], 'OutboxOldestAge', MetricUnit.Seconds, oldestAgeSeconds);
}
