/**
 * Runs the numbered data migrations at every deploy: CloudFormation reports
 * each stack status change to the default EventBridge bus, and a rule sends
 * this stack's CREATE_COMPLETE / UPDATE_COMPLETE to the job function as a
 * run_migrations invocation. No custom-resource Lambda is needed; the runner
 * skips migrations already applied, and a failed run raises the job alarm.
 */
import { Aws } from 'aws-cdk-lib';
import { Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { JobInvocation } from '#shared/edges/jobs/job.ts';
import { TRIGGER_RETRY } from './job-triggers.ts';

export interface DeployMigrationsProps {
  /** The job function that implements `jobName`. */
  fn: IFunction;
  jobName: string;
  /** Where an invocation EventBridge could not deliver goes (the job dead-letter queue). */
  deadLetterQueue: IQueue;
}

export class DeployMigrations extends Construct {
  constructor(scope: Construct, id: string, props: DeployMigrationsProps) {
    super(scope, id);
    const invocation: JobInvocation = { job: props.jobName, trigger: 'deploy' };
    new Rule(this, 'OnDeploy', {
      description: `Runs ${props.jobName} after each successful deploy of this stack`,
      eventPattern: {
        source: ['aws.cloudformation'],
        detailType: ['CloudFormation Stack Status Change'],
        detail: { 'stack-id': [Aws.STACK_ID], 'status-details': { status: ['CREATE_COMPLETE', 'UPDATE_COMPLETE'] } },
      },
      targets: [new LambdaFunction(props.fn, { event: RuleTargetInput.fromObject(invocation), ...TRIGGER_RETRY, deadLetterQueue: props.deadLetterQueue })],
    });
  }
}
