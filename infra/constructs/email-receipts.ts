/**
 * SES's word on what it accepted (docs/observability.md, "What each step
 * guarantees"): a configuration set every email is sent through publishes
 * its Send events to the default event bus (the only bus SES publishes to),
 * and a rule turns each one carrying our message tag into an
 * `email_accepted` message on the notification-dispatch queue, whose worker
 * records it. A resend after a crash asks that record first, because SES
 * replaces a Message-ID and no mailbox could recognise the repeat.
 */
import { Stack } from 'aws-cdk-lib';
import { EventBus, Rule, RuleTargetInput, EventField } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SES_MESSAGE_TAG as MESSAGE_TAG } from '#shared/adapters/providers/channels/email-sender.ts';
import { TRIGGER_RETRY } from './job-triggers.ts';

export interface EmailReceiptsProps {
  /** The notification-dispatch queue, where the worker records each acceptance. */
  queue: IQueue;
  /** Where an event the rule could not deliver goes. */
  deadLetterQueue: IQueue;
}

export class EmailReceipts extends Construct {
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: EmailReceiptsProps) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet');
    this.configurationSet.addEventDestination('SendEvents', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.SEND],
    });
    new Rule(this, 'EmailSent', {
      description: 'SES accepted a BillWatch email: record it, so a resend after a crash can tell',
      eventPattern: {
        source: ['aws.ses'],
        detailType: ['Email Sent'],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName], [MESSAGE_TAG]: [{ exists: true }] } } },
      },
      targets: [
        new SqsQueue(props.queue, {
          message: RuleTargetInput.fromObject({
            v: 1,
            type: 'email_accepted',
            message: EventField.fromPath(`$.detail.mail.tags.${MESSAGE_TAG}[0]`),
            ses_message_id: EventField.fromPath('$.detail.mail.messageId'),
            accepted_at: EventField.fromPath('$.time'),
          }),
          ...TRIGGER_RETRY,
          deadLetterQueue: props.deadLetterQueue,
        }),
      ],
    });
  }

  /** The ARN ses:SendEmail must also allow when an email names the configuration set. */
  get configurationSetArn(): string {
    return Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
  }
}
