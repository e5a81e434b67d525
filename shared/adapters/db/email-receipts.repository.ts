/**
 * What SES said it accepted: one item per message identity
 * (shared/use-cases/notify/message-identity.ts), written when SES's "Email Sent" event
 * arrives through EventBridge and the notification-dispatch queue, kept 30
 * days (TTL). A resend of an email whose first send a crash left unrecorded
 * reads it first: SES replaces a Message-ID with its own, so the receiver
 * cannot recognise the repeat, and this record is how the sender does.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { emailReceiptKeys } from './keys/email-receipt.keys.ts';
import { tableName, ttlIn } from './table.ts';

export const EMAIL_RECEIPT_TTL_SECONDS = 30 * 24 * 3600;

/** Records that SES accepted the email of `identity` (a repeat of the event writes the same item). */
export async function recordEmailAccepted(identity: string, sesMessageId: string, acceptedAt: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...emailReceiptKeys.message(identity),
        entity: 'email_receipt',
        identity,
        ses_message_id: sesMessageId,
        accepted_at: acceptedAt,
        ttl: ttlIn(EMAIL_RECEIPT_TTL_SECONDS),
      },
    }),
  );
}

/** Whether SES reported accepting the email of `identity` (strongly consistent). */
export async function emailAccepted(identity: string): Promise<boolean> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: emailReceiptKeys.message(identity), ConsistentRead: true }));
  return out.Item !== undefined;
}
