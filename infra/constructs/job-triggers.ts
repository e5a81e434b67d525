/**
 * How jobs start, generated from the job table: a custom EventBridge bus with
 * one rule per job group (source billwatch.admin, detail-type RunJob, detail.job
 * one of the group's names) for admin runs, and one EventBridge Scheduler
 * schedule per scheduled job (UTC, no flexible window) for the clock.
 */
import { Duration, TimeZone } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { toAwsCron } from '#shared/jobs/cron.ts';
import { RUN_JOB_EVENT, type JobDef, type JobFunctionGroup } from '#shared/jobs/job.ts';

export interface JobTriggersProps {
  jobs: readonly JobDef[];
  groupFunction: (group: JobFunctionGroup) => IFunction;
  /** Names the schedule group, so schedules are named after their jobs. */
  scheduleGroupName: string;
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

/** The job bus; created before the functions so the admin function can be given its name. */
export class JobBus extends Construct {
  readonly bus: EventBus;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus', { description: 'BillWatch RunJob events (admin job triggers)' });
  }
}

export class JobTriggers extends Construct {
  constructor(scope: Construct, id: string, props: JobTriggersProps & { bus: EventBus }) {
    super(scope, id);
    const groups = [...new Set(props.jobs.map((j) => j.group))];
    for (const group of groups) {
      const names = props.jobs.filter((j) => j.group === group).map((j) => j.name);
      new Rule(this, `RunJob${pascal(group)}`, {
        eventBus: props.bus,
        description: `Admin runs of the ${group} jobs`,
        eventPattern: { source: [RUN_JOB_EVENT.source], detailType: [RUN_JOB_EVENT.detailType], detail: { job: names } },
        // The job function reads the invocation from the event's detail.
        targets: [new LambdaFunction(props.groupFunction(group), { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
      });
    }

    const scheduled = props.jobs.filter((j): j is JobDef & { schedule: string } => Boolean(j.schedule));
    if (scheduled.length === 0) return;
    const scheduleGroup = new ScheduleGroup(this, 'Group', { scheduleGroupName: props.scheduleGroupName });
    for (const job of scheduled) {
      new Schedule(this, `Schedule${pascal(job.name)}`, {
        scheduleName: job.name,
        scheduleGroup,
        description: job.description.slice(0, 512),
        schedule: ScheduleExpression.expression(toAwsCron(job.schedule), TimeZone.ETC_UTC),
        timeWindow: TimeWindow.off(),
        target: new LambdaInvoke(props.groupFunction(job.group), {
          input: ScheduleTargetInput.fromObject({ job: job.name, trigger: 'schedule' }),
          retryAttempts: 2,
        }),
      });
    }
  }
}
