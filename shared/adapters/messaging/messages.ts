/**
 * The versioned message envelope of every queue, declared as zod schemas: the
 * contract between the producer and the worker of each queue. A worker parses
 * each record with its queue's schema; an unknown shape is a record failure.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillId } from '#shared/domain/bills/bill-id.ts';
import { MemberId } from '#shared/domain/members/member-id.ts';
import { ActionCategory } from '#shared/domain/bills/action-categories.ts';
import { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { MeetingAlertChange } from '#shared/domain/schedule/meeting-alert.ts';
import { AmendmentRef, NotificationContent, RecipientRef, ReintroducedAs } from '#shared/domain/notify/notification.schema.ts';

/**
 * Part of every message's envelope: the correlation id of the request, job
 * run or message that caused it, stamped by the sender (./send.ts) and
 * adopted by the worker wrapper for the record's logs and its own messages.
 */
const CorrelationId = lazySchema(() => z.string().max(100).optional());
const correlation = () => ({ correlation_id: CorrelationId() });

// document-fetch ------------------------------------------------------------
export const FetchBillText = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('fetch_bill_text'),
    bill_id: BillId(),
    reason: z.enum(['new_bill', 'action', 'reprocess', 'backfill']),
    /** Asked for by an actions task of the local stack's demo replay: the brief it calls for, and that brief's event, say so. */
    demo: z.literal(true).optional(),
  }),
);
export const DocumentFetchMessage = lazySchema(() => z.discriminatedUnion('type', [FetchBillText()]));
export type DocumentFetchMessage = z.infer<ReturnType<typeof DocumentFetchMessage>>;

// brief ---------------------------------------------------------------------
export const BriefBillText = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('brief_bill_text'),
    bill_id: BillId(),
    /** The text version to brief (e.g. "ih", "rh", "enr"). */
    version_code: z.string().min(1),
    /** Re-brief even when a brief of this version exists (admin reprocess, backfill-citations). */
    force: z.boolean().default(false),
    /** A text version the local stack's demo replay released: the brief's new_document / new_amendment event is marked demo. */
    demo: z.literal(true).optional(),
  }),
);
export const BriefMessage = lazySchema(() => z.discriminatedUnion('type', [BriefBillText()]));
export type BriefMessage = z.infer<ReturnType<typeof BriefMessage>>;

// notification-dispatch -----------------------------------------------------
export const BillEventKind = lazySchema(() => z.enum(['bill_updated', 'status_changed', 'new_document', 'new_amendment', 'reintroduced']));
export type BillEventKind = z.infer<ReturnType<typeof BillEventKind>>;

/**
 * A bill event from the actions task (bill_updated for a listed milestone, carrying the status when it moved it; status_changed
 * is no longer sent, and one still queued is told as bill_updated), the brief worker
 * (new_document, new_amendment) or the reintroduction detector (reintroduced: bill_id is the earlier bill).
 */
export const BillEvent = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('bill_event'),
    /** Deterministic per cause (e.g. bill + action, bill + brief version), so a re-emit is recognised. */
    event_id: z.string().min(1),
    kind: BillEventKind(),
    bill_id: BillId(),
    action_category: ActionCategory(),
    occurred_at: z.iso.datetime({ offset: true }),
    action_text: z.string().optional(),
    action_date: z.string().optional(),
    brief_version: z.number().int().optional(),
    /** bill_updated that moved the status: the new status (action_text and action_date name the action that caused it) and the one before. */
    status: BillStatus().optional(),
    previous_status: BillStatus().optional(),
    /** reintroduced: the later bill that reintroduces bill_id. */
    reintroduced_as: ReintroducedAs().optional(),
    /** An amendment to the bill decided (bill_updated, category vote) or with a new text (new_amendment): shared/domain/amendments/amendment-events.ts. */
    amendment: AmendmentRef().optional(),
    /** new_amendment of an amendment: the text version published (a bill's new version is named by its brief). */
    text_version: z.string().max(300).optional(),
    /** Made by the local stack's demo replay (local/demo/demo-replay.ts), not by a real change. */
    demo: z.literal(true).optional(),
  }),
);
export type BillEvent = z.infer<ReturnType<typeof BillEvent>>;

/**
 * The dispatcher's fan-out: one bill event's rendered content and a slice of
 * its recipients (at most DELIVER_BATCH_SIZE), delivered by parallel worker
 * invocations; also a retry of the recipients whose delivery failed.
 */
export const DeliverBatch = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('deliver_batch'),
    content: NotificationContent(),
    recipients: z.array(RecipientRef()).min(1).max(500),
    /** 1 for the first delivery; retries of failed recipients count up. */
    attempt: z.number().int().min(1).default(1),
  }),
);
export type DeliverBatch = z.infer<ReturnType<typeof DeliverBatch>>;

/**
 * SES accepted an email (its "Email Sent" event, which an EventBridge rule
 * turns into this message): `message` is the identity the email was tagged
 * with (shared/use-cases/notify/message-identity.ts). Recorded so a resend after a
 * crash can tell an email that went out from one that did not.
 */
export const EmailAccepted = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('email_accepted'),
    message: z.string().regex(/^[-_A-Za-z0-9]{1,64}$/),
    ses_message_id: z.string().min(1).max(200),
    accepted_at: z.string().min(1).max(40),
  }),
);
export type EmailAccepted = z.infer<ReturnType<typeof EmailAccepted>>;

/**
 * A saved search matched a new bill or text version (shared/adapters/search/saved-search-alerts.ts):
 * the dispatcher tells its followers. `event_id` is per search, bill and version, so a
 * retry of the match (the indexer died after sending some) is recognised per recipient.
 */
export const SearchMatchEvent = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('search_match'),
    event_id: z.string().min(1).max(300),
    search_key: z.string().regex(/^[0-9a-f]{20}$/u),
    query: z.string().min(1).max(200),
    bill_id: BillId(),
    /** The text version code matched, or "none" for a bill without text yet. */
    version: z.string().min(1).max(20),
    section: z.string().max(200),
    snippet: z.string().max(4000),
    occurred_at: z.iso.datetime({ offset: true }),
  }),
);
export type SearchMatchEvent = z.infer<ReturnType<typeof SearchMatchEvent>>;

/**
 * A meeting's save that its followers hear of (shared/use-cases/schedule/apply-observations.ts
 * owes it in the save's own transaction): the dispatcher tells the followers of its bills and
 * committees. `event_id` is `scheduled:{meeting}:{version}`, so a re-emit is recognised per user.
 */
export const MeetingEvent = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('meeting_event'),
    event_id: z.string().min(1).max(300),
    meeting_id: z.string().min(1).max(200),
    version: z.number().int().positive(),
    change: MeetingAlertChange(),
    /** rescheduled: the start before the change. */
    previous_starts_at: z.string().nullable().default(null),
    occurred_at: z.iso.datetime({ offset: true }),
    /** Made by the local stack's demo replay (local/demo/demo-replay.ts), not by a real change. */
    demo: z.literal(true).optional(),
  }),
);
export type MeetingEvent = z.infer<ReturnType<typeof MeetingEvent>>;

/**
 * A bill's odds of becoming law jumped (shared/use-cases/forecasts/publish-forecasts.ts,
 * through the table outbox): the dispatcher tells the bill's followers with a
 * stance. `event_id` is per bill and forecast version, so a resend is recognised.
 */
export const ForecastJumpEvent = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('forecast_jump'),
    event_id: z.string().min(1).max(300),
    bill_id: BillId(),
    occurred_at: z.iso.datetime({ offset: true }),
    from: z.number().min(0).max(1),
    to: z.number().min(0).max(1),
    version: z.number().int().min(1),
    as_of: z.iso.date(),
    /** The move came from the local stack's demo replay. */
    demo: z.literal(true).optional(),
  }),
);
export type ForecastJumpEvent = z.infer<ReturnType<typeof ForecastJumpEvent>>;

export const NotificationMessage = lazySchema(() =>
  z.discriminatedUnion('type', [BillEvent(), DeliverBatch(), EmailAccepted(), SearchMatchEvent(), ForecastJumpEvent(), MeetingEvent()]),
);
export type NotificationMessage = z.infer<ReturnType<typeof NotificationMessage>>;

// ingest-tasks --------------------------------------------------------------
export const ListedMilestone = lazySchema(() =>
  z.object({ action_date: z.string().min(1).max(40), action_text: z.string().min(1).max(10_000), action_category: ActionCategory() }),
);
export type ListedMilestone = z.infer<ReturnType<typeof ListedMilestone>>;
const billTask = <T extends string>(type: T) => z.object({ ...correlation(), v: z.literal(1), type: z.literal(type), bill_id: BillId() });
export const IngestTaskMessage = lazySchema(() =>
  z.discriminatedUnion('type', [
    billTask('fetch_sponsor_for_bill'),
    // milestone: the listing's new latest action when it is a milestone, for the actions task to announce once
    // (as the status change it caused, or else as bill_updated): shared/use-cases/bills/bill-tasks.ts.
    billTask('fetch_bill_actions').extend({
      milestone: ListedMilestone().optional(),
      // demo: asked for by a poll of the local stack's demo replay; the events it makes say so
      demo: z.literal(true).optional(),
    }),
    billTask('fetch_bill_cosponsors'),
    // votes: the recorded votes of actions the actions task sends this for before it stores them (so a fetch that runs
    // first still knows them); the fetch also reads every stored action's and amendment's recorded votes.
    billTask('fetch_bill_votes').extend({ votes: z.array(RecordedVoteRef()).max(1000).optional() }),
    // Related bills (shared/use-cases/bills/related-bills.ts), queued when the bill detail's related-bills count changes.
    billTask('fetch_bill_related'),
    // Amendments from Congress.gov (shared/use-cases/amendments/amendment-tasks.ts), queued by the bill-detail and actions tasks.
    billTask('fetch_bill_amendments'),
    z.object({ ...correlation(), v: z.literal(1), type: z.literal('enrich_member'), member_id: MemberId() }),
    // Background news fetches queued by reads (shared/use-cases/news/news-reads.ts).
    billTask('fetch_bill_news'),
    // Re-score a bill's forecast after it moved (status, cosponsors, sponsor): shared/use-cases/forecasts/publish-forecasts.ts.
    billTask('score_bill_forecast').extend({ demo: z.literal(true).optional() }),
    z.object({ ...correlation(), v: z.literal(1), type: z.literal('fetch_member_news'), member_id: MemberId() }),
    // Member report cards marked stale by stored roll calls (shared/use-cases/members/member-record.ts), queued by the vote fetch.
    z.object({ ...correlation(), v: z.literal(1), type: z.literal('compute_member_records') }),
  ]),
);
export type IngestTaskMessage = z.infer<ReturnType<typeof IngestTaskMessage>>;

// bill-backfill -------------------------------------------------------------
/**
 * One page of a bill backfill (shared/use-cases/bills/bill-backfill-pages.ts): the
 * backfill, its run and the listing offset the page starts at. `not_before`
 * carries a pause longer than SQS's 900 s delay: a message that arrives early
 * is sent again for the rest of the wait.
 */
export const BackfillBillsPage = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('backfill_bills_page'),
    backfill_id: z.string().min(1),
    run: z.number().int().min(1),
    offset: z.number().int().min(0),
    not_before: z.iso.datetime({ offset: true }).optional(),
  }),
);
export const BillBackfillMessage = lazySchema(() => z.discriminatedUnion('type', [BackfillBillsPage()]));
export type BillBackfillMessage = z.infer<ReturnType<typeof BillBackfillMessage>>;

// bill-status-import ----------------------------------------------------------
/**
 * The bulk Bill Status import (shared/use-cases/bills/bulk-import.ts): one message per
 * zip (a Congress and bill type: staged into S3, its files listed and fanned
 * out), then one per chunk of that zip's files (each file imported).
 */
export const BulkStatusZip = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('bulk_status_zip'),
    import_id: z.string().min(1),
    run: z.number().int().min(1),
    congress: z.number().int(),
    bill_type: z.string().regex(/^[a-z]+$/),
  }),
);
export const BulkStatusFiles = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('bulk_status_files'),
    import_id: z.string().min(1),
    run: z.number().int().min(1),
    /** The staged zip's S3 key. */
    key: z.string().min(1),
    /** The chunk's number within the zip: its progress is counted once. */
    chunk: z.number().int().min(0),
    entries: z.array(z.string().min(1)).min(1),
  }),
);
export const BillStatusImportMessage = lazySchema(() => z.discriminatedUnion('type', [BulkStatusZip(), BulkStatusFiles()]));
export type BillStatusImportMessage = z.infer<ReturnType<typeof BillStatusImportMessage>>;

/** Each queue's message type, for the typed sender. */
// search-index --------------------------------------------------------------
/** A bill whose searchable fields changed (new or updated bill, new text version, new brief): re-index it. */
export const IndexBill = lazySchema(() =>
  z.object({
    ...correlation(),
    v: z.literal(1),
    type: z.literal('index_bill'),
    bill_id: BillId(),
    /** A new bill or a new text version: match it against the saved searches (absent on older messages: no matching). */
    match: z.boolean().optional(),
  }),
);
/** Rebuild the whole search index from the table (POST /api/admin/search/rebuild). */
export const RebuildSearchIndex = lazySchema(() => z.object({ ...correlation(), v: z.literal(1), type: z.literal('rebuild_search_index') }));
export const SearchIndexMessage = lazySchema(() => z.discriminatedUnion('type', [IndexBill(), RebuildSearchIndex()]));
export type SearchIndexMessage = z.infer<ReturnType<typeof SearchIndexMessage>>;

export interface QueueMessages {
  'document-fetch': DocumentFetchMessage;
  brief: BriefMessage;
  'notification-dispatch': NotificationMessage;
  'ingest-tasks': IngestTaskMessage;
  'bill-backfill': BillBackfillMessage;
  'bill-status-import': BillStatusImportMessage;
  'search-index': SearchIndexMessage;
}

/** The queues of the pipeline, by name; the queue table (shared/edges/queues/queue-table.ts) configures each. */
export type QueueName = keyof QueueMessages;

/** Each queue's schema (its builder), for a sender that holds messages as data (the outbox relay) and must check them before sending. */
export const QUEUE_MESSAGE_SCHEMAS: { [Q in QueueName]: () => z.ZodType<QueueMessages[Q]> } = {
  'document-fetch': DocumentFetchMessage,
  brief: BriefMessage,
  'notification-dispatch': NotificationMessage,
  'ingest-tasks': IngestTaskMessage,
  'bill-backfill': BillBackfillMessage,
  'bill-status-import': BillStatusImportMessage,
  'search-index': SearchIndexMessage,
};
