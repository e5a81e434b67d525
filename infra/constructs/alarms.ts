/**
 * Alarms that need a human, all to one SNS topic (TLS only; an email
 * subscription when the deployment names an address). Each alarm's
 * description links its runbook in docs/observability.md, "Alarms":
 *   - the API answers too many 5xx;
 *   - a function fails (any job error; repeated API or worker errors) or is throttled;
 *   - a message waits in a dead-letter queue, or has waited there for a week
 *     (SQS drops it at 14 days), or a queue's oldest message is hours old;
 *   - a scheduled job has not succeeded for longer than its schedule allows
 *     (missing data counts as breaching: no run, no metric).
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarm, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Cron } from 'croner';
import { Construct } from 'constructs';
import type { JobDef } from '#shared/edges/jobs/job.ts';
import { METRICS_NAMESPACE } from '#shared/platform/metrics.ts';
import type { FunctionSpec } from '../function-catalog.ts';
import { acknowledge } from './nag.ts';

const RUNBOOK = 'docs/observability.md#alarms';
const FIVE_MINUTES = Duration.minutes(5);

/** Thresholds, in one place so docs/observability.md and the tests read the same numbers. */
export const ALARM_THRESHOLDS = {
  /** Percent of API requests answered 5xx, over 5 minutes, in 2 of 3 periods, once there are this many requests. */
  apiServerErrorPercent: 5,
  apiMinRequests: 20,
  /** Lambda errors per 5 minutes: any job error; API and worker functions only when errors repeat. */
  functionErrors: { api: 5, fallback: 5, job: 1, worker: 3 } satisfies Record<FunctionSpec['kind'], number>,
  /** Age of a queue's oldest message before the pipeline behind it counts as stuck. */
  queueBacklogAge: Duration.hours(2),
  /** Age of a DLQ's oldest message: half the 14 days after which SQS deletes it. */
  dlqMessageAge: Duration.days(7),
  /** Slack after a job's longest gap between runs before "did not run" fires (the run's own duration, Lambda retries). */
  jobSlackHours: 2,
  /** Age of the oldest table-outbox entry a relay run found: three runs (every 5 minutes) could not send it. */
  outboxAge: Duration.minutes(15),
} as const;

/** CloudWatch evaluates at most 7 days of hourly periods. */
const MAX_HOURLY_PERIODS = 7 * 24;

/** The longest gap between two runs of a five-field UTC cron, in hours (over two weeks of runs). */
export function longestGapHours(cron: string): number {
  const runs = new Cron(cron, { timezone: 'UTC' }).nextRuns(24 * 14 * 4, new Date('2024-01-01T00:00:00Z'));
  let gap = 0;
  for (let i = 1; i < runs.length; i++) gap = Math.max(gap, (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 3_600_000);
  return gap;
}

/** Hourly periods a scheduled job's "did not run" alarm looks back over, or undefined when CloudWatch cannot look back that far. */
export function notRunWindowHours(job: Pick<JobDef, 'schedule'>): number | undefined {
  if (!job.schedule) return undefined;
  const hours = Math.ceil(longestGapHours(job.schedule)) + ALARM_THRESHOLDS.jobSlackHours;
  return hours <= MAX_HOURLY_PERIODS ? hours : undefined;
}

export interface AlarmsProps {
  stage: 'dev' | 'prod';
  alarmEmail?: string;
  api: IHttpApi;
  queues: ReadonlyArray<{ name: string; queue: IQueue; dlq: IQueue }>;
  /** The job dead-letter queue: triggers EventBridge or the scheduler could not deliver, and failed asynchronous job invocations. */
  jobDeadLetterQueue: IQueue;
  functions: ReadonlyArray<{ spec: FunctionSpec; fn: IFunction }>;
  jobs: readonly JobDef[];
  /** The `service` dimension the functions publish their metrics with (shared/platform/metrics.ts). */
  serviceName: string;
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

export class Alarms extends Construct {
  readonly topic: Topic;
  readonly all: IAlarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'BillWatch alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    acknowledge(
      this.topic,
      'Serverless-SNSRedrivePolicy',
      'A dead-letter queue for undeliverable alarm emails could only be watched by an alarm that notifies this same subscription',
    );
    const action = new SnsAction(this.topic);
    const T = ALARM_THRESHOLDS;

    const alarm = (
      alarmId: string,
      description: string,
      metric: IMetric,
      opts: {
        threshold: number;
        comparison?: ComparisonOperator;
        evaluationPeriods?: number;
        datapointsToAlarm?: number;
        missing?: TreatMissingData;
      },
    ): Alarm => {
      const a = new Alarm(this, alarmId, {
        alarmName: `BillWatch-${props.stage}-${alarmId}`,
        alarmDescription: `${description} (runbook: ${RUNBOOK})`,
        metric,
        threshold: opts.threshold,
        comparisonOperator: opts.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: opts.evaluationPeriods ?? 1,
        datapointsToAlarm: opts.datapointsToAlarm,
        treatMissingData: opts.missing ?? TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      this.all.push(a);
      return a;
    };

    // The API: a rate, so a quiet hour with two failures does not page anyone.
    alarm(
      'ApiServerErrorRate',
      `More than ${T.apiServerErrorPercent}% of API requests answered 5xx in 2 of 3 five-minute periods`,
      new MathExpression({
        expression: `IF(requests >= ${T.apiMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: {
          errors: props.api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
          requests: props.api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
        },
        label: '5xx %',
        period: FIVE_MINUTES,
      }),
      { threshold: T.apiServerErrorPercent, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 3, datapointsToAlarm: 2 },
    );

    // Functions: errors (a job error is a failed run; API and worker errors are crashes and timeouts, which
    // the wrappers do not turn into responses or partial batch failures) and throttles (nothing in the
    // design should be throttled: workers are capped by their event source, so a throttle means the
    // account's concurrency is exhausted).
    for (const { spec, fn } of props.functions) {
      // Job alarms keep the ids they were deployed with.
      const errorsId = spec.kind === 'job' ? `Job${pascal(spec.group)}Errors` : `Fn${spec.id}Errors`;
      const threshold = T.functionErrors[spec.kind];
      alarm(
        errorsId,
        spec.kind === 'job' ? `A ${spec.group} job run failed` : `${spec.key} had ${threshold} or more errors (crashes, timeouts) in 5 minutes`,
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        { threshold },
      );
      alarm(`Fn${spec.id}Throttles`, `${spec.key} was throttled`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), { threshold: 1 });
    }

    // Queues: what failed every delivery, what is about to expire from a DLQ, and a pipeline that stopped draining.
    for (const { name, queue, dlq } of props.queues) {
      const id = pascal(name);
      // Construct ids kept from the first version of these alarms.
      alarm(
        `${id}DlqNotEmpty`,
        `Messages of the ${name} queue failed every delivery and wait in its DLQ`,
        dlq.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        { threshold: 0, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD },
      );
      alarm(
        `${id}DlqAging`,
        `A message has waited in the ${name} DLQ for ${T.dlqMessageAge.toDays()} days; SQS deletes it at 14`,
        dlq.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        { threshold: T.dlqMessageAge.toSeconds() },
      );
      alarm(
        `${id}Backlog`,
        `The oldest message of the ${name} queue is over ${T.queueBacklogAge.toHours()} hours old: its worker is not keeping up or not running`,
        queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        { threshold: T.queueBacklogAge.toSeconds(), evaluationPeriods: 3 },
      );
    }
    alarm(
      'JobDlqNotEmpty',
      'A job invocation was given up (a trigger could not be delivered, or the job function failed after its retries) and waits in the job DLQ',
      props.jobDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      { threshold: 0, comparison: ComparisonOperator.GREATER_THAN_THRESHOLD },
    );
    alarm(
      'JobDlqAging',
      `A job invocation has waited in the job DLQ for ${T.dlqMessageAge.toDays()} days; SQS deletes it at 14`,
      props.jobDeadLetterQueue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      { threshold: T.dlqMessageAge.toSeconds() },
    );

    // Messages a crashed step owed a queue and the relay has not managed to send (shared/use-cases/bills/outbox-relay.ts).
    alarm(
      'OutboxAging',
      `A table-outbox entry is over ${T.outboxAge.toMinutes()} minutes old: relay_outbox cannot send the messages a step owed a queue`,
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: 'OutboxOldestAge',
        dimensionsMap: { service: props.serviceName, job: 'relay_outbox' },
        statistic: 'Maximum',
        period: FIVE_MINUTES,
      }),
      { threshold: T.outboxAge.toSeconds() },
    );

    // Scheduled jobs that stop running: the job wrapper publishes JobSucceeded per job (shared/edges/jobs/job-function.ts);
    // an hour without it is missing data, counted as breaching, so the alarm fires once every hour of the window is empty.
    for (const job of props.jobs) {
      const hours = notRunWindowHours(job);
      if (hours === undefined) continue;
      alarm(
        `Job${pascal(job.name)}NotRun`,
        `${job.name} has not succeeded for ${hours} hours (schedule ${job.schedule} UTC)`,
        new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: 'JobSucceeded',
          dimensionsMap: { service: props.serviceName, job: job.name },
          statistic: 'Sum',
          period: Duration.hours(1),
        }),
        {
          threshold: 1,
          comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
          evaluationPeriods: hours,
          datapointsToAlarm: hours,
          missing: TreatMissingData.BREACHING,
        },
      );
    }
  }
}
