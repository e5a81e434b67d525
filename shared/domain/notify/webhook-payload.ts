/**
 * The JSON body of a webhook delivery, version 1 (docs/webhooks.md): an
 * envelope `{type, version, id, timestamp, data}` in the shape the Standard
 * Webhooks specification recommends. An event sent at once carries its own
 * kind's type (`bill.updated`, …) and the event as `data`; events that waited
 * for quiet hours to end or for a digest go out together as one
 * `notifications.batch` listing each of them, so one delivery stands for
 * every event it lists, as one push or email does. Field names are part of
 * the contract with receivers: a change that is not additive bumps `version`.
 * Pure.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { ActionCategory, FollowMode } from '#shared/domain/bills/action-categories.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import {
  DigestItem,
  ForecastJumpDetail,
  MeetingAlert,
  ReintroducedAs,
  SearchMatchDetail,
  type NotificationContent,
  type NotificationKind,
} from './notification.schema.ts';
import { billUrl, meetingUrl } from './render.ts';

export const WEBHOOK_PAYLOAD_VERSION = 1;

/** The webhook type of each event kind. */
export const WEBHOOK_EVENT_TYPES = {
  bill_updated: 'bill.updated',
  // No longer sent: a status change is a bill.updated carrying `status`; kept so events stored before read.
  status_changed: 'bill.status_changed',
  new_document: 'bill.new_document',
  new_amendment: 'bill.new_amendment',
  reintroduced: 'bill.reintroduced',
  search_match: 'bill.search_match',
  scheduled: 'meeting.scheduled',
  forecast_jump: 'bill.forecast_jump',
  weekly_digest: 'digest.weekly',
} as const satisfies Record<NotificationKind, string>;

export const WebhookEventType = lazySchema(() =>
  z.enum(Object.values(WEBHOOK_EVENT_TYPES) as [string, ...string[]]).describe('The event kind as a webhook type'),
);

/** One notification event as a receiver sees it; fields a kind does not use are null (or [] for items). */
export const WebhookEvent = lazySchema(() =>
  z
    .object({
      event_id: z.string().describe('The notification event id; the same event never arrives under two ids'),
      type: WebhookEventType(),
      occurred_at: z.string().describe('When the event happened (ISO 8601)'),
      follow_mode: FollowMode().nullable().describe('How the user follows the bill; null for the weekly digest'),
      bill_id: z.string().nullable().describe('The bill id (e.g. 119-hr-3076); null for the weekly digest'),
      bill_label: z.string().nullable().describe('The bill label (e.g. H.R. 3076)'),
      bill_title: z.string().nullable().describe('The bill title'),
      url: z.string().describe("The bill's page; the meeting's page for meeting.scheduled; the dashboard for the weekly digest"),
      summary: z.string().nullable().describe("The latest brief's summary"),
      action_category: ActionCategory().nullable().describe('bill.updated, bill.status_changed: the category of the action'),
      action_text: z.string().nullable().describe('bill.updated, bill.status_changed: the action as Congress.gov words it'),
      action_date: z.string().nullable().describe('bill.updated, bill.status_changed: the date of the action (YYYY-MM-DD)'),
      status: BillStatus()
        .nullable()
        .describe("bill.updated: the bill's new status when the milestone changed it, else null (bill.status_changed, no longer sent, carried it too)"),
      previous_status: BillStatus().nullable().describe('bill.updated: the status before it, when the milestone changed it'),
      text_version: z.string().nullable().describe('bill.new_document, bill.new_amendment: the text version published'),
      items: z.array(DigestItem()).describe('digest.weekly: the followed bills updated in the past 7 days'),
      reintroduced_as: ReintroducedAs()
        .nullable()
        .describe('bill.reintroduced: the later bill that reintroduces this one; following it is one POST /api/follows'),
      search_match: SearchMatchDetail().nullable().describe('bill.search_match: the saved search that matched and the passage it matched'),
      meeting: MeetingAlert()
        .nullable()
        .describe('meeting.scheduled: the hearing, markup or floor day, its version and what changed (scheduled, rescheduled, postponed, cancelled, updated)'),
      forecast_jump: ForecastJumpDetail()
        .nullable()
        .describe('bill.forecast_jump: the odds of becoming law before and after, and the forecast that moved them'),
      demo: z.literal(true).optional().describe("true when the local stack's demo replay made the event; absent on real events"),
    })
    .strict(),
);
export type WebhookEvent = z.infer<ReturnType<typeof WebhookEvent>>;

/** Why events were sent together. */
export const WebhookBatchReason = lazySchema(() => z.enum(['quiet_hours', 'daily_digest', 'weekly_digest']));
export type WebhookBatchReason = z.infer<ReturnType<typeof WebhookBatchReason>>;

export const WebhookPayload = lazySchema(() => {
  const envelope = {
    version: z.literal(WEBHOOK_PAYLOAD_VERSION).describe('The payload schema version'),
    id: z.string().describe('The message id, equal to the webhook-id header; the same on every retry of one message'),
    timestamp: z.string().describe('When this attempt was signed (ISO 8601), the webhook-timestamp header as a date'),
  };
  /** The payload of one event sent on its own. */
  const single = <T extends string>(type: T) =>
    z.object({ type: z.literal(type).describe('The event type'), ...envelope, data: WebhookEvent().describe('The event') }).strict();
  return z
    .discriminatedUnion('type', [
      single(WEBHOOK_EVENT_TYPES.bill_updated),
      single(WEBHOOK_EVENT_TYPES.status_changed),
      single(WEBHOOK_EVENT_TYPES.new_document),
      single(WEBHOOK_EVENT_TYPES.new_amendment),
      single(WEBHOOK_EVENT_TYPES.reintroduced),
      single(WEBHOOK_EVENT_TYPES.search_match),
      single(WEBHOOK_EVENT_TYPES.scheduled),
      single(WEBHOOK_EVENT_TYPES.forecast_jump),
      single(WEBHOOK_EVENT_TYPES.weekly_digest),
      z
        .object({
          type: z.literal('notifications.batch').describe('Events that waited, delivered together'),
          ...envelope,
          data: z
            .object({
              reason: WebhookBatchReason().describe('quiet_hours: held until quiet hours ended; daily_digest, weekly_digest: the digest'),
              events: z.array(WebhookEvent()).min(1).describe('Every event the batch delivers, oldest first'),
            })
            .strict()
            .describe('The reason and the events'),
        })
        .strict(),
      z
        .object({
          type: z.literal('notification.test').describe('A test delivery from POST /api/notifications/test/webhook'),
          ...envelope,
          data: z
            .object({ message: z.string().describe('A human-readable line for the receiver') })
            .strict()
            .describe('The test message'),
        })
        .strict(),
    ])
    .describe('The JSON body of every webhook delivery (version 1)');
});
export type WebhookPayload = z.infer<ReturnType<typeof WebhookPayload>>;

/** What a delivery carries: one event sent at once, or events that waited (quiet hours, a digest). */
export interface WebhookOccasion {
  reason: 'event' | WebhookBatchReason;
  events: ReadonlyArray<NotificationContent & { mode: FollowMode | null }>;
}

/** One event in the payload's words. */
export function webhookEvent(e: NotificationContent & { mode: FollowMode | null }, publicUrl: string): WebhookEvent {
  return {
    event_id: e.event_id,
    type: WEBHOOK_EVENT_TYPES[e.kind],
    occurred_at: e.occurred_at,
    follow_mode: e.mode,
    bill_id: e.bill_id,
    bill_label: e.bill_label,
    bill_title: e.bill_title,
    url: e.meeting ? meetingUrl(publicUrl, e.meeting.id) : e.bill_id ? billUrl(publicUrl, e.bill_id) : `${publicUrl}/dashboard`,
    summary: e.summary,
    action_category: e.action_category,
    action_text: e.action_text,
    action_date: e.action_date,
    status: e.status,
    previous_status: e.previous_status,
    text_version: e.text_version,
    items: e.items,
    reintroduced_as: e.reintroduced_as ?? null,
    search_match: e.search_match ?? null,
    meeting: e.meeting ?? null,
    forecast_jump: e.forecast_jump ?? null,
    ...(e.demo ? { demo: true as const } : {}),
  };
}

/** The payload of an occasion; `id` and `timestamp` are the ones its headers carry. */
export function webhookPayload(occasion: WebhookOccasion, id: string, timestamp: Date, publicUrl: string): WebhookPayload {
  const events = occasion.events.map((e) => webhookEvent(e, publicUrl));
  const common = { version: WEBHOOK_PAYLOAD_VERSION, id, timestamp: timestamp.toISOString() } as const;
  const [only] = events;
  if (!only) throw new Error('a webhook payload needs at least one event');
  if (occasion.reason !== 'event') return { type: 'notifications.batch', ...common, data: { reason: occasion.reason, events } };
  if (events.length > 1) throw new Error('an event sent at once is one event');
  return WebhookPayload().parse({ type: only.type, ...common, data: only });
}

/** The payload of a test delivery. */
export const webhookTestPayload = (id: string, timestamp: Date): WebhookPayload => ({
  type: 'notification.test',
  version: WEBHOOK_PAYLOAD_VERSION,
  id,
  timestamp: timestamp.toISOString(),
  data: { message: 'If your endpoint verified this signature, webhook notifications from BillWatch work.' },
});

/**
 * The text a message's identity is derived from (shared/use-cases/notify/message-identity.ts):
 * the user, why it is sent and the events it carries, so every resend of one
 * message carries the same webhook-id, push sequence id and email Message-ID.
 */
export const messageKey = (userId: string, occasion: WebhookOccasion) => [userId, occasion.reason, ...occasion.events.map((e) => e.event_id)].join('\n');
