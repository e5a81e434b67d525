/**
 * CloudWatch metrics (Powertools, embedded metric format) for jobs and queue
 * workers. Outside Lambda (tests, the local stack) nothing is emitted, so
 * stdout stays readable.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

const inLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
if (!inLambda) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

const metrics = new Metrics({ namespace: 'BillWatch', serviceName: process.env.SERVICE_NAME ?? 'billwatch' });

/** One job run: its outcome and duration, per job name. */
export function recordJobRun(job: string, succeeded: boolean, durationMs: number): void {
  const single = metrics.singleMetric();
  single.addDimension('job', job);
  single.addMetric(succeeded ? 'JobSucceeded' : 'JobFailed', MetricUnit.Count, 1);
  single.addMetric('JobDuration', MetricUnit.Milliseconds, durationMs);
}

/** One worker batch: records processed and records failed, per queue. */
export function recordBatch(queue: string, processed: number, failed: number): void {
  const single = metrics.singleMetric();
  single.addDimension('queue', queue);
  single.addMetric('RecordsProcessed', MetricUnit.Count, processed);
  single.addMetric('RecordsFailed', MetricUnit.Count, failed);
}
