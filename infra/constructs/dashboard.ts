/**
 * One CloudWatch dashboard of the pipeline, top to bottom in the order work
 * flows: the API (requests, errors, latency), the queues (depth, age of the
 * oldest message, dead letters), the workers (records processed and failed,
 * errors, duration; the brief worker is the LLM step), the jobs (runs,
 * failures, duration) and every function's errors and throttles, then the
 * state of every alarm. docs/observability.md, "Dashboard", explains each row.
 */
import { Duration } from 'aws-cdk-lib';
import { AlarmStatusWidget, Dashboard, GraphWidget, Metric, TextWidget, type IAlarm, type IMetric, type IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { JobDef } from '#shared/edges/jobs/job.ts';
import { METRICS_NAMESPACE } from '#shared/platform/metrics.ts';
import type { FunctionSpec } from '../function-catalog.ts';

export interface PipelineDashboardProps {
  stage: 'dev' | 'prod';
  api: IHttpApi;
  queues: ReadonlyArray<{ name: string; queue: IQueue; dlq: IQueue }>;
  jobDeadLetterQueue: IQueue;
  functions: ReadonlyArray<{ spec: FunctionSpec; fn: IFunction }>;
  jobs: readonly JobDef[];
  serviceName: string;
  alarms: readonly IAlarm[];
}

const period = Duration.minutes(5);
const WIDTH = 24;

export class PipelineDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: PipelineDashboardProps) {
    super(scope, id);
    const custom = (metricName: string, dimension: 'job' | 'queue', value: string, statistic = 'Sum') =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: props.serviceName, [dimension]: value },
        statistic,
        period,
        label: value,
      });
    const graph = (title: string, left: IMetric[], width = WIDTH / 3) => new GraphWidget({ title, left, width, height: 6 });
    const header = (markdown: string) => new TextWidget({ markdown, width: WIDTH, height: 1 });
    const fns = (kind: FunctionSpec['kind'] | Array<FunctionSpec['kind']>) => props.functions.filter((f) => [kind].flat().includes(f.spec.kind));
    const queueWorker = (name: string) => props.functions.find((f) => f.spec.kind === 'worker' && f.spec.queue.name === name)?.fn;
    const jobNames = props.jobs.map((j) => j.name);

    const rows: IWidget[][] = [
      [header(`# BillWatch ${props.stage}: API`)],
      [
        graph('Requests and errors', [
          props.api.metricCount({ period, statistic: 'Sum', label: 'requests' }),
          props.api.metricClientError({ period, statistic: 'Sum', label: '4xx' }),
          props.api.metricServerError({ period, statistic: 'Sum', label: '5xx' }),
        ]),
        graph(
          'Latency (ms)',
          ['p50', 'p90', 'p99'].map((p) => props.api.metricLatency({ period, statistic: p, label: p })),
        ),
        graph(
          'API function errors',
          fns(['api', 'fallback']).map(({ spec, fn }) => fn.metricErrors({ period, statistic: 'Sum', label: spec.key })),
        ),
      ],
      [header('# Queues: depth, oldest message, dead letters')],
      [
        graph(
          'Messages waiting',
          props.queues.map(({ name, queue }) => queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: name })),
        ),
        graph(
          'Oldest message (s)',
          props.queues.map(({ name, queue }) => queue.metricApproximateAgeOfOldestMessage({ period, statistic: 'Maximum', label: name })),
        ),
        graph('Dead letters', [
          ...props.queues.map(({ name, dlq }) => dlq.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: `${name} DLQ` })),
          props.jobDeadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: 'job DLQ' }),
        ]),
      ],
      [header('# Workers (document fetch, brief = the LLM step, notification dispatch, ingest tasks)')],
      [
        graph(
          'Records processed',
          props.queues.map(({ name }) => custom('RecordsProcessed', 'queue', name)),
        ),
        graph(
          'Records failed (retried, then dead-lettered)',
          props.queues.map(({ name }) => custom('RecordsFailed', 'queue', name)),
        ),
        graph(
          'Worker duration p90 (ms)',
          props.queues.flatMap(({ name }) => {
            const fn = queueWorker(name);
            return fn ? [fn.metricDuration({ period, statistic: 'p90', label: name })] : [];
          }),
        ),
      ],
      [header('# Jobs')],
      [
        graph(
          'Runs succeeded',
          jobNames.map((job) => custom('JobSucceeded', 'job', job)),
        ),
        graph(
          'Runs failed',
          jobNames.map((job) => custom('JobFailed', 'job', job)),
        ),
        graph(
          'Run duration, max (ms)',
          jobNames.map((job) => custom('JobDuration', 'job', job, 'Maximum')),
        ),
      ],
      [header('# Functions')],
      [
        graph(
          'Errors, workers and jobs',
          fns(['worker', 'job']).map(({ spec, fn }) => fn.metricErrors({ period, statistic: 'Sum', label: spec.key })),
          WIDTH / 2,
        ),
        graph(
          'Throttles, every function',
          props.functions.map(({ spec, fn }) => fn.metricThrottles({ period, statistic: 'Sum', label: spec.key })),
          WIDTH / 2,
        ),
      ],
      [new AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: WIDTH, height: Math.min(12, 2 + Math.ceil(props.alarms.length / 4)) })],
    ];

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `BillWatch-${props.stage}`,
      defaultInterval: Duration.hours(24),
      widgets: rows,
    });
  }
}
