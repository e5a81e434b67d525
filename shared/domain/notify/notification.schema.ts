/**
 * The notification records: the content of an event (what every channel
 * renders), the per-channel delivery state, and the event as kept in a
 * user's history. The content travels in fan-out messages, so it carries
 * everything the channels need and no recipient has to re-read the bill.
 */
import * as z from 'zod';
import { AmendmentStatus } from '#shared/domain/amendments/amendment-statuses.ts';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { ActionCategory, FollowMode } from '#shared/domain/bills/action-categories.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { MeetingAlertChange } from '#shared/domain/schedule/meeting-alert.ts';
import { MeetingStatus, MeetingType } from '#shared/domain/schedule/meeting.schema.ts';
import { channelTable, type ChannelName } from './channels/table.ts';

export const NotificationKind = lazySchema(() =>
  z
    .enum(['bill_updated', 'status_changed', 'new_document', 'new_amendment', 'reintroduced', 'search_match', 'forecast_jump', 'scheduled', 'weekly_digest'])
    .describe(
      'What happened: bill_updated (a milestone: a new action of a milestone category, with `status` when it changed the bill status), status_changed (no longer produced; events stored before a status change was told as bill_updated), new_document (a brief of a new text), new_amendment, reintroduced (the bill was reintroduced in a later Congress), search_match (a saved search matched a new bill or text version), forecast_jump (the odds of a bill you support or oppose becoming law jumped), scheduled (a hearing, markup or floor day that takes up a followed bill or belongs to a followed committee was scheduled, or its time, place, status or bills changed) or weekly_digest',
    ),
);
export type NotificationKind = z.infer<ReturnType<typeof NotificationKind>>;

export type { ChannelName } from './channels/table.ts';

/**
 * off: channel disabled; pending: to send now; held: quiet hours; digest:
 * waiting for the digest; sending: an attempt has claimed it and is
 * sending it now (the claim before the send is what keeps an overlapping
 * run from sending it twice; a claim a crash left is taken over and sent
 * again as the same message, shared/use-cases/notify/claimed-send.ts); sent: delivered (RSS: in the
 * feed), alone or listed in a combined message; failed: the last attempt
 * failed (for a held, digest or weekly-digest channel: every attempt of
 * send-retries.ts failed, and it is not retried again); unconfirmed: no
 * longer written: a claim a crash left, recorded so before such claims were
 * sent again under the message's identity (it may or may not have gone out);
 * cancelled: not sent because the channel was switched off before a held
 * event was released. Items stored before held events were combined may
 * carry "superseded" (a newer event went out in its place): it reads as
 * cancelled (see LEGACY_CHANNEL_STATES).
 */
export const ChannelState = lazySchema(() => z.enum(['off', 'pending', 'held', 'digest', 'sending', 'sent', 'failed', 'unconfirmed', 'cancelled']));
export type ChannelState = z.infer<ReturnType<typeof ChannelState>>;
/** Stored values no longer produced, and the state they read as. */
export const LEGACY_CHANNEL_STATES: Readonly<Record<string, ChannelState>> = { superseded: 'cancelled' };
/** A stored channel state in today's vocabulary (legacy values mapped, anything else left for the schema to judge). */
export const readChannelState = (stored: unknown): unknown => (typeof stored === 'string' ? (LEGACY_CHANNEL_STATES[stored] ?? stored) : stored);
export type ChannelStates = Record<ChannelName, ChannelState>;

/** Each channel of the table with its delivery state. */
const ChannelStatesSchema = lazySchema(
  () =>
    z.object(
      Object.fromEntries(
        channelTable().map((c) => [
          c.name,
          c.history.since === 'first' ? ChannelState().describe(c.history.description) : ChannelState().default('off').describe(c.history.description),
        ]),
      ),
    ) as unknown as z.ZodObject<Record<ChannelName, z.ZodType<ChannelState>>>,
);

export const DigestItem = lazySchema(() =>
  z.object({
    bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    bill_label: z.string().describe('The display label of the bill, such as H.R. 3076'),
    bill_title: z.string().describe('The title of the bill'),
    latest_action_date: z.string().nullable().describe('The date of the latest action (YYYY-MM-DD); null before any action'),
    latest_action_text: z.string().nullable().describe('The text of the latest action; null before any action'),
  }),
);
export type DigestItem = z.infer<ReturnType<typeof DigestItem>>;

/** reintroduced: the later bill, so every channel can name it and offer a one-tap follow. */
export const ReintroducedAs = lazySchema(() =>
  z.object({
    bill_id: z.string().describe('The id of the later bill that reintroduces this one, e.g. 119-hr-1234.'),
    label: z.string().describe('Its display label, e.g. "H.R. 1234".'),
    title: z.string().describe('Its title.'),
    congress: z.number().int().describe('The Congress it was introduced in.'),
  }),
);
export type ReintroducedAs = z.infer<ReturnType<typeof ReintroducedAs>>;

/** search_match: the saved search that matched and where the bill matched it. */
export const SearchMatchDetail = lazySchema(() =>
  z.object({
    follow_id: z.string().describe('The id of the `search` follow that matched (search:{key}), as in DELETE /api/follows/{id}'),
    query: z.string().describe('The saved query'),
    version: z.string().describe('The text version code the match was found in, or "none" for a new bill without text yet'),
    section: z.string().describe('The passage that matched: "CRS summary", "Brief", a section of the text such as "Sec. 3", or "Title"'),
    snippet: z.string().describe('The matched words in context, each matched word in <mark>…</mark>'),
  }),
);
export type SearchMatchDetail = z.infer<ReturnType<typeof SearchMatchDetail>>;

/** An amendment to the bill that a bill_updated (decided) or new_amendment (new text) event is about. */
export const AmendmentRef = lazySchema(() =>
  z.object({
    id: z.string().describe('The amendment id, such as 115-hamdt-491 (GET /api/amendments/{id})'),
    label: z.string().describe('Its display label, such as "H.Amdt. 491"'),
    status: AmendmentStatus().describe('Its status when the event was made'),
  }),
);
export type AmendmentRef = z.infer<ReturnType<typeof AmendmentRef>>;
/** scheduled: the meeting as it stands at the version the alert tells of. */
export const MeetingAlert = lazySchema(() =>
  z.object({
    id: z.string().describe('The meeting id, as in GET /api/meetings/{id}'),
    version: z.number().int().positive().describe('The meeting version the alert tells of (one alert per version)'),
    change: MeetingAlertChange().describe(
      'scheduled (first seen), rescheduled (a new time, or back on the schedule), postponed, cancelled, or updated (a new place or bill)',
    ),
    type: MeetingType().describe('hearing, markup, meeting (a business or other meeting) or floor'),
    status: MeetingStatus().describe('The status now: scheduled, postponed, cancelled, rescheduled or held'),
    chamber: z.enum(['house', 'senate']).describe('house or senate'),
    title: z.string().describe('The title the source gives'),
    committees: z.array(z.string()).describe('Committee codes, e.g. SSFR, HSAG15'),
    starts_at: z.string().describe('RFC 3339 with its offset'),
    all_day: z.boolean().describe('A day or week without a set time'),
    previous_starts_at: z.string().nullable().describe('rescheduled: the time before; null otherwise'),
    location: z.string().nullable().describe('Where, as the source gives it; null when it does not say'),
    bills: z
      .array(z.object({ id: z.string().describe('The bill id, such as 119-s-5038'), label: z.string().describe('Its label, such as S. 5038') }))
      .describe('The bills it takes up'),
  }),
);
export type MeetingAlert = z.infer<ReturnType<typeof MeetingAlert>>;
/** forecast_jump: the odds of becoming law the follower was last told of and the new ones, and the forecast that moved them. */
export const ForecastJumpDetail = lazySchema(() =>
  z.object({
    from: z.number().min(0).max(1).describe('P(enacted) the followers were last told of (the first forecast until a jump was told)'),
    to: z.number().min(0).max(1).describe('P(enacted) of the new forecast'),
    version: z.number().int().min(1).describe("The new forecast's version: GET /api/bills/{id}/forecast shows it"),
    as_of: z.string().describe('The date of the new forecast (YYYY-MM-DD)'),
  }),
);
export type ForecastJumpDetail = z.infer<ReturnType<typeof ForecastJumpDetail>>;

export const NotificationContent = lazySchema(() =>
  z.object({
    event_id: z.string().min(1).max(300).describe('The id of the notification event'),
    kind: NotificationKind(),
    occurred_at: z.string().describe('When the event happened'),
    bill_id: z.string().nullable().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    bill_label: z.string().nullable().describe('The display label of the bill, such as H.R. 3076'),
    bill_title: z.string().nullable().describe('The title of the bill'),
    summary: z.string().nullable().describe("The latest brief's summary, already cut for push."),
    action_category: ActionCategory().nullable().describe('The category of the action'),
    action_text: z.string().nullable().describe('The text of the action'),
    action_date: z.string().nullable().default(null).describe('bill_updated: the date of the action that caused it (YYYY-MM-DD).'),
    status: BillStatus().nullable().default(null).describe("bill_updated: the bill's new status when the milestone changed it; null otherwise"),
    previous_status: BillStatus().nullable().default(null).describe('bill_updated: the status before, when the milestone changed it; null otherwise'),
    text_version: z
      .string()
      .nullable()
      .default(null)
      .describe('new_document / new_amendment: the text version the brief was written for ("Engrossed in House (eh)").'),
    /** reintroduced: the later bill; absent (or null) for every other kind, so records stored before it read unchanged. */
    reintroduced_as: ReintroducedAs().nullable().optional().describe('reintroduced: the later bill that reintroduces this one; null for other kinds'),
    items: z.array(DigestItem()).default([]).describe('weekly_digest: the followed bills updated in the past 7 days.'),
    /** search_match only; absent for every other kind, so records stored before it read unchanged. */
    search_match: SearchMatchDetail().nullable().optional().describe('search_match: the saved search and the passage that matched; null for other kinds'),
    /** An amendment event only; absent for every other kind, so records stored before it read unchanged. */
    amendment: AmendmentRef().nullable().optional().describe('The amendment the event is about (decided, or a new text of it); null or absent otherwise'),
    /** scheduled only; absent for every other kind. */
    meeting: MeetingAlert().nullable().optional().describe('scheduled: the meeting, its version and what changed; null for other kinds'),
    /** forecast_jump only; absent for every other kind, so records stored before it read unchanged. */
    forecast_jump: ForecastJumpDetail().nullable().optional().describe('forecast_jump: the odds of becoming law before and after; null for other kinds'),
    /** Absent on real events, so records stored before it read unchanged. */
    demo: z.literal(true).optional().describe("true when the local stack's demo replay made the event (real past actions played forward); absent otherwise"),
  }),
);
export type NotificationContent = z.infer<ReturnType<typeof NotificationContent>>;

export const RecipientRef = lazySchema(() => z.object({ user_id: z.string().min(1).describe('The id of the user'), mode: FollowMode() }));

export const NotificationEvent = lazySchema(() =>
  NotificationContent().extend({
    user_id: z.string().describe('The id of the user'),
    mode: FollowMode().nullable().describe('The follow mode of the bill follow that brought the event; null for member and topic follows'),
    created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
    /** A channel added after events were stored defaults to off: those events have no such key. */
    channels: ChannelStatesSchema().describe('Each channel with its delivery state'),
    due_at: z.string().nullable().default(null).describe('When held or digest channels are due (ISO), else null.'),
    errors: z.record(z.string(), z.string()).default({}).describe('Per channel, the last delivery error'),
    /** Failed send attempts per channel of a held, digest or weekly-digest delivery (send-retries.ts); absent until one fails. */
    attempts: z
      .record(z.string(), z.number().int().min(0))
      .optional()
      .describe('Failed send attempts per channel so far; a channel that used them all is `failed` (see `failures`)'),
  }),
);
export type NotificationEvent = z.infer<ReturnType<typeof NotificationEvent>>;

/**
 * The mark a release run puts on a held event before it sends it: which run
 * (id) and when (ISO). One claim at a time per event; it is removed with the
 * outcome, or judged abandoned when older than any run can live.
 */
export const ReleaseClaim = lazySchema(() => z.object({ id: z.string().min(1), at: z.string() }));
export type ReleaseClaim = z.infer<ReturnType<typeof ReleaseClaim>>;

/** An event listed as due from the held or digest index, with its release claim if a run holds one. */
export type DueEvent = NotificationEvent & { release_claim: ReleaseClaim | null };

/** One history entry as the API shows it. */
export const NotificationHistoryItem = lazySchema(() =>
  NotificationEvent()
    .omit({ user_id: true, errors: true })
    .extend({
      url: z.string().describe('The page of the event in the app'),
      failures: z
        .record(z.string(), z.string())
        .describe('For each channel in state `failed`: the last error, kept when its retries ran out (empty when none failed)'),
    })
    .meta({ id: 'Notification', description: 'One notification event of the user with its per-channel delivery state' }),
);
