/**
 * What SES said it accepted: one item per message identity
 * (shared/use-cases/notify/message-identity.ts), written when SES's "Email Sent" event
 * arrives through EventBridge and the notification-dispatch queue, kept 30
 * days (TTL). A resend of an email whose first send a crash left unrecorded
 * reads it first: SES replaces a Message-ID with its own, so the receiver
 * cannot recognise the repeat, and this record is how the sender does.
 */
import { emailReceiptKeys } from './keys/email-receipt.keys.ts';
import { ttlIn } from './table.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export const EMAIL_RECEIPT_TTL_SECONDS = 30 * 24 * 3600;

/** Records that SES accepted the email of `identity` (a repeat of the event writes the same item). */
export async function recordEmailAccepted(identity: string, sesMessageId: string, acceptedAt: string): Promise<void> {
  await table.putItem({
    Item: entityItem('email_receipt', emailReceiptKeys.message(identity), {
      identity,
      ses_message_id: sesMessageId,
      accepted_at: acceptedAt,
      ttl: ttlIn(EMAIL_RECEIPT_TTL_SECONDS),
    }),
  });
}

/** Whether SES reported accepting the email of `identity` (strongly consistent). */
export async function emailAccepted(identity: string): Promise<boolean> {
  const out = await table.getItem({ Key: emailReceiptKeys.message(identity), ConsistentRead: true });
  return out.Item !== undefined;
}
