/**
 * Alarms that need a human: a message in any dead-letter queue, and any error
 * of a job function. All go to one SNS topic (email subscription when the
 * deployment names an address). docs/operations.md, "Alarms", is the runbook.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AlarmsProps {
  alarmEmail?: string;
  deadLetterQueues: ReadonlyArray<{ name: string; dlq: IQueue }>;
  jobFunctions: ReadonlyArray<{ group: string; fn: IFunction }>;
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'BillWatch alarms' });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    for (const { name, dlq } of props.deadLetterQueues) {
      const alarm = new Alarm(this, `${pascal(name)}DlqNotEmpty`, {
        alarmDescription: `Messages of the ${name} queue failed every delivery and wait in its DLQ (runbook: docs/operations.md#alarms)`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
    }

    for (const { group, fn } of props.jobFunctions) {
      const alarm = new Alarm(this, `Job${pascal(group)}Errors`, {
        alarmDescription: `A ${group} job run failed (runbook: docs/operations.md#alarms)`,
        metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
    }
  }
}
