/**
 * What a notification channel's delivery module provides (one per channel
 * in this folder, listed in index.ts; the channel's settings and rules are
 * declared in shared/domain/notify/channels/): how it sends a message under
 * the message's identity, how it is tested (test before save: the request's
 * values, else the saved ones), what a settings save checks or makes for it,
 * and what its settings view shows in place of its hidden keys. The
 * dispatcher, the held-event release, the digests, the settings and the
 * test routes call these through the table.
 */
import type { NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import type { NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import type { WebhookOccasion } from '#shared/domain/notify/webhook-payload.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import type { MessageIdentity } from '../message-identity.ts';
import type { NotificationTestResult } from '../notification-test.schema.ts';

/** One send of one message: the events it carries (a webhook sends them), its identity, and whether it repeats an attempt that died unrecorded. */
export interface SendContext {
  occasion: WebhookOccasion;
  identity: MessageIdentity;
  resend: boolean;
}

/** A settings save as a channel sees it: the prefs stored before and the prefs about to be stored. */
export interface SaveContext {
  user: User;
  before: NotificationPrefs;
  next: NotificationPrefs;
}

export interface ChannelDelivery {
  /** Sends `message` to the user's saved target (a channel that is read, RSS, sends nothing). Throws on failure. */
  send?: (user: NotifiableUser, message: RenderedMessage, context: SendContext) => Promise<unknown>;
  /** POST /api/notifications/test/{channel}: `body` as the channel's declared test request parsed it. Delivery failures are data. */
  test: (user: User, body: unknown, now: Date) => Promise<NotificationTestResult>;
  /** Before a save is written: checks what only I/O can (422), makes what the channel needs (a secret); `shown` goes into this reply only. */
  prepareSave?: (save: SaveContext) => Promise<{ prefs: NotificationPrefs; shown?: Record<string, unknown> }>;
  /** After a save was written: what the channel keeps beside the prefs (a token). */
  afterSave?: (save: SaveContext) => Promise<void>;
  /** The settings view's keys of this channel (declared in its domain module's `view`). */
  view: (user: User, prefs: NotificationPrefs) => Promise<Record<string, unknown>> | Record<string, unknown>;
}
