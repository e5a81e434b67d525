/**
 * The identity of one message to one user, the same on every channel and on
 * every resend: derived from the user, the occasion and the events it carries
 * (messageKey), never random. A resend after a crash between a send and the
 * write recording it (deliver.ts, claimed-send.ts) carries it again, so the
 * receiver shows the message once: a webhook receiver drops a repeated
 * webhook-id (Standard Webhooks), ntfy replaces the notification of a repeated
 * sequence id (ntfy 2.16 and later), and a repeated Message-ID is the same
 * email (docs/observability.md, "What each step guarantees").
 */
import { createHash } from 'node:crypto';
import { messageKey, type WebhookOccasion } from '#shared/domain/notify/webhook-payload.ts';

/** 27 base64url characters (160 bits): within ntfy's sequence id alphabet and length, and a Message-ID's local part. */
export const identityOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url').slice(0, 27);

export interface MessageIdentity {
  /** The identity itself: ntfy's X-Sequence-ID, the local part of the email's Message-ID (with the sender's domain) and its SES tag. */
  id: string;
  /** The webhook-id header and payload id. */
  webhookId: string;
}

/** The identity of the message `occasion` sends to `userId`. */
export function messageIdentity(userId: string, occasion: WebhookOccasion): MessageIdentity {
  const id = identityOf(messageKey(userId, occasion));
  return { id, webhookId: `msg_${id}` };
}
