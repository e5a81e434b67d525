/**
 * The notification records: the content of an event (what every channel
 * renders), the per-channel delivery state, and the event as kept in a
 * user's history. The content travels in fan-out messages, so it carries
 * everything the channels need and no recipient has to re-read the bill.
 */
import * as z from 'zod';
import { ActionCategory, FollowMode } from '#shared/domain/bills/action-categories.ts';

export const NotificationKind = z.enum(['bill_updated', 'new_document', 'new_amendment', 'weekly_digest']);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const CHANNELS = ['push', 'email', 'rss'] as const;
export const ChannelName = z.enum(CHANNELS);
export type ChannelName = z.infer<typeof ChannelName>;

/**
 * off: channel disabled; pending: to send now; held: quiet hours; digest:
 * waiting for the digest; sent: delivered (RSS: in the feed); failed: the
 * last attempt failed; superseded: a newer event of the same bill and kind
 * went out in its place at release; cancelled: the channel was switched off
 * before a held event was released.
 */
export const ChannelState = z.enum(['off', 'pending', 'held', 'digest', 'sent', 'failed', 'superseded', 'cancelled']);
export type ChannelState = z.infer<typeof ChannelState>;
export type ChannelStates = Record<ChannelName, ChannelState>;

export const DigestItem = z.object({
  bill_id: z.string(),
  bill_label: z.string(),
  bill_title: z.string(),
  latest_action_date: z.string().nullable(),
  latest_action_text: z.string().nullable(),
});
export type DigestItem = z.infer<typeof DigestItem>;

export const NotificationContent = z.object({
  event_id: z.string().min(1).max(300),
  kind: NotificationKind,
  occurred_at: z.string(),
  bill_id: z.string().nullable(),
  bill_label: z.string().nullable(),
  bill_title: z.string().nullable(),
  /** The latest brief's summary, already cut for push. */
  summary: z.string().nullable(),
  action_category: ActionCategory.nullable(),
  action_text: z.string().nullable(),
  /** bill_updated: the date of the action that caused it (YYYY-MM-DD). */
  action_date: z.string().nullable().default(null),
  /** new_document / new_amendment: the text version the brief was written for ("Engrossed in House (eh)"). */
  text_version: z.string().nullable().default(null),
  /** weekly_digest: the followed bills updated in the past 7 days. */
  items: z.array(DigestItem).default([]),
});
export type NotificationContent = z.infer<typeof NotificationContent>;

export const RecipientRef = z.object({ user_id: z.string().min(1), mode: FollowMode });

export const NotificationEvent = NotificationContent.extend({
  user_id: z.string(),
  mode: FollowMode.nullable(),
  created_at: z.string(),
  channels: z.object({ push: ChannelState, email: ChannelState, rss: ChannelState }),
  /** When held or digest channels are due (ISO), else null. */
  due_at: z.string().nullable().default(null),
  errors: z.record(z.string(), z.string()).default({}),
});
export type NotificationEvent = z.infer<typeof NotificationEvent>;

/** One history entry as the API shows it. */
export const NotificationHistoryItem = NotificationEvent.omit({ user_id: true, errors: true }).extend({ url: z.string() });
