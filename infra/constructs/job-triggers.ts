/**
 * How jobs start, generated from the job table: a custom EventBridge bus with
 * one rule per job group (source billwatch.admin, detail-type RunJob, detail.job
 * one of the group's names) for admin runs, and one EventBridge Scheduler
 * schedule per scheduled job (UTC, no flexible window) for the clock. Every
 * target retries twice within an hour and then leaves the invocation in the
 * job dead-letter queue, which also takes job functions' failed asynchronous
 * invocations (infra/constructs/functions.ts), so no job run vanishes unseen.
 */
import { Duration, RemovalPolicy, Stack, TimeZone } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, arnWildcard } from './nag.ts';
import { toAwsCron } from '#shared/edges/jobs/cron.ts';
import { RUN_JOB_EVENT, type JobDef, type JobFunctionGroup } from '#shared/edges/jobs/job.ts';

export interface JobTriggersProps {
  jobs: readonly JobDef[];
  groupFunction: (group: JobFunctionGroup) => IFunction;
  /** Names the schedule group, so schedules are named after their jobs. */
  scheduleGroupName: string;
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

/** The retry policy of every job trigger: EventBridge's and the scheduler's retries of a failed delivery. */
export const TRIGGER_RETRY = { retryAttempts: 2, maxEventAge: Duration.hours(1) } as const;

/**
 * The job bus and the job dead-letter queue; created before the functions so
 * the admin function can be given the bus and job functions the queue.
 */
export class JobBus extends Construct {
  readonly bus: EventBus;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: 'BillWatch RunJob events (admin job triggers)' });
    this.deadLetterQueue = new Queue(this, 'Dlq', {
      // SQS's maximum: the window to notice, read and rerun a job invocation that never ran.
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const why = 'This queue is itself a dead-letter queue (of the job triggers and the job functions), read by operators, never consumed';
    acknowledge(this.deadLetterQueue, 'AwsSolutions-SQS3', why);
    acknowledge(this.deadLetterQueue, 'Serverless-SQSRedrivePolicy', why);
  }
}

export class JobTriggers extends Construct {
  constructor(scope: Construct, id: string, props: JobTriggersProps & { bus: EventBus; deadLetterQueue: IQueue }) {
    super(scope, id);
    const groups = [...new Set(props.jobs.map((j) => j.group))];
    for (const group of groups) {
      const names = props.jobs.filter((j) => j.group === group).map((j) => j.name);
      new Rule(this, `RunJob${pascal(group)}`, {
        eventBus: props.bus,
        description: `Admin runs of the ${group} jobs`,
        eventPattern: { source: [RUN_JOB_EVENT.source], detailType: [RUN_JOB_EVENT.detailType], detail: { job: names } },
        // The job function reads the invocation from the event's detail.
        targets: [new LambdaFunction(props.groupFunction(group), { ...TRIGGER_RETRY, deadLetterQueue: props.deadLetterQueue })],
      });
    }

    const scheduled = props.jobs.filter((j): j is JobDef & { schedule: string } => Boolean(j.schedule));
    if (scheduled.length === 0) return;
    const scheduleGroup = new ScheduleGroup(this, 'Group', { scheduleGroupName: props.scheduleGroupName });
    // One role per job group for the scheduler to assume, accepted only from this account.
    const roles = new Map<JobFunctionGroup, Role>();
    const roleOf = (group: JobFunctionGroup): Role => {
      let role = roles.get(group);
      if (!role) {
        const fn = props.groupFunction(group);
        role = new Role(this, `SchedulerRole${pascal(group)}`, {
          assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
          description: `EventBridge Scheduler: invokes the ${group} job function and dead-letters what it cannot deliver`,
        });
        // LambdaInvoke grants through grantInvoke, which also covers the function's versions and aliases.
        acknowledge(
          role,
          'AwsSolutions-IAM5',
          "lambda:InvokeFunction on the job function's versions and aliases (<function ARN>:*) comes with CDK's grantInvoke; the schedule invokes the function itself",
          [arnWildcard(fn, ':*')],
        );
        roles.set(group, role);
      }
      return role;
    };
    for (const job of scheduled) {
      new Schedule(this, `Schedule${pascal(job.name)}`, {
        scheduleName: job.name,
        scheduleGroup,
        description: job.description.slice(0, 512),
        schedule: ScheduleExpression.expression(toAwsCron(job.schedule), TimeZone.ETC_UTC),
        timeWindow: TimeWindow.off(),
        target: new LambdaInvoke(props.groupFunction(job.group), {
          input: ScheduleTargetInput.fromObject({ job: job.name, trigger: 'schedule' }),
          ...TRIGGER_RETRY,
          deadLetterQueue: props.deadLetterQueue,
          role: roleOf(job.group),
        }),
      });
    }
  }
}
