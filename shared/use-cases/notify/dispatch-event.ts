/**
 * The dispatcher's entry for a bill event (from the poller or the brief worker):
 *   1. read the bill and its brief (the event's version, else the latest);
 *   2. render the event's content once, for every recipient and channel;
 *   3. find the followers of the bill, its sponsor, its topics and, for a
 *      referral or a committee report, the committees the action names and
 *      their full committees (one concurrent batch of follower queries) and
 *      merge them, one per user: only a bill follow keeps its mode (stance),
 *      the others count as neutral;
 *   4. deliver a small audience inline; split a large one into deliver_batch
 *      messages of DELIVER_BATCH_SIZE that parallel worker invocations run.
 */
import { textVersionLabel } from '#shared/domain/bills/text-version-labels.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getBrief, getLatestBrief } from '#shared/adapters/db/briefs.repository.ts';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { committeeActivitiesOf } from '#shared/domain/committees/committee-activity.ts';
import { followersOfMany } from '#shared/adapters/db/follows.repository.ts';
import type { FollowTargetType } from '#shared/domain/personal/follow.schema.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { deliverBatch, type BatchSummary } from './deliver.ts';
import { PUSH_SUMMARY_MAX } from '#shared/domain/notify/event-kinds.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { chunk, mergeRecipients, type Recipient } from '#shared/domain/notify/recipients.ts';
import { cutText } from '#shared/domain/notify/render.ts';

/** Recipients per deliver_batch message: ~15 KB of ids, well under SQS's 256 KB. */
export const DELIVER_BATCH_SIZE = 250;

/** Thrown when the event names a bill the store does not have yet; the message is retried. */
export class UnknownBillError extends Error {
  override name = 'UnknownBillError';
}

export interface DispatchSummary {
  recipients: number;
  batches: number;
  inline?: BatchSummary;
}

/** Builds the content of a bill event from the stored bill and brief. */
export async function billEventContent(event: BillEvent): Promise<{ content: NotificationContent; sponsorId: string | null; topics: string[] }> {
  const [bill, brief] = await Promise.all([
    getBill(event.bill_id),
    event.brief_version ? getBrief(event.bill_id, event.brief_version) : getLatestBrief(event.bill_id),
  ]);
  if (!bill) throw new UnknownBillError(`Bill ${event.bill_id} is not stored yet`);
  // A status change is a milestone, told as bill_updated (SPEC); a status_changed still queued from before reads as one.
  const kind = event.kind === 'status_changed' ? 'bill_updated' : event.kind;
  const content: NotificationContent = {
    event_id: event.event_id,
    kind,
    occurred_at: event.occurred_at,
    bill_id: bill.id,
    bill_label: bill.label,
    bill_title: bill.title,
    summary: brief?.summary ? cutText(brief.summary, PUSH_SUMMARY_MAX) : null,
    action_category: event.action_category,
    action_text: event.action_text ?? (kind === 'bill_updated' ? bill.latest_action_text : null),
    action_date: event.action_date ?? (kind === 'bill_updated' ? bill.latest_action_date : null),
    status: event.status ?? null,
    previous_status: event.previous_status ?? null,
    text_version:
      event.text_version ?? ((event.kind === 'new_document' || event.kind === 'new_amendment') && brief ? textVersionLabel(brief.text_version_code) : null),
    items: [],
    ...(event.reintroduced_as ? { reintroduced_as: event.reintroduced_as } : {}),
    ...(event.amendment ? { amendment: event.amendment } : {}),
    ...(event.demo ? { demo: true as const } : {}),
  };
  return { content, sponsorId: bill.sponsor_id, topics: brief?.topic_tags ?? bill.topic_tags };
}

/**
 * The committees whose followers hear of a referral or a committee report:
 * those the stored action names (the actions task stores the actions before
 * it sends their event), with the full committee of a subcommittee.
 */
async function committeesOfEvent(event: BillEvent): Promise<string[]> {
  if ((event.action_category !== 'referral' && event.action_category !== 'committee_report') || !event.action_date || !event.action_text) return [];
  const text = event.action_text.trim();
  const actions = (await listActions(event.bill_id)).filter((a) => a.action_date === event.action_date && a.action_text.trim() === text);
  return [...new Set(actions.flatMap((a) => committeeActivitiesOf(a).map((c) => c.committee_id)))];
}

/** Dispatches one bill event to everyone who should hear of it. */
export async function dispatchBillEvent(event: BillEvent, now: Date): Promise<DispatchSummary> {
  const { content, sponsorId, topics } = await billEventContent(event);
  // A reintroduction is news to followers of the earlier bill only: its sponsor's and topics' followers hear of the later bill itself.
  const onlyBill = event.kind === 'reintroduced';
  const targets: { type: FollowTargetType; id: string }[] = [
    { type: 'bill', id: event.bill_id },
    ...(sponsorId && !onlyBill ? [{ type: 'member' as const, id: sponsorId }] : []),
    ...(onlyBill ? [] : [...new Set(topics)].map((t) => ({ type: 'topic' as const, id: t }))),
    ...(onlyBill ? [] : (await committeesOfEvent(event)).map((c) => ({ type: 'committee' as const, id: c }))),
  ];
  const found = await followersOfMany(targets);
  const recipients = mergeRecipients(
    found.filter((f) => f.type === 'bill').flatMap((f) => f.followers),
    found.filter((f) => f.type !== 'bill').flatMap((f) => f.followers),
  );
  return fanOut(content, recipients, now);
}

/** Delivers a small audience inline; splits a large one into deliver_batch messages. */
export async function fanOut(content: NotificationContent, recipients: Recipient[], now: Date): Promise<DispatchSummary> {
  if (recipients.length === 0) return { recipients: 0, batches: 0 };
  if (recipients.length <= DELIVER_BATCH_SIZE) {
    return { recipients: recipients.length, batches: 1, inline: await deliverBatch(content, recipients, 1, now) };
  }
  const batches = chunk(recipients, DELIVER_BATCH_SIZE);
  await sendMessages(
    'notification-dispatch',
    batches.map((slice) => ({ v: 1 as const, type: 'deliver_batch' as const, content, recipients: slice, attempt: 1 })),
  );
  return { recipients: recipients.length, batches: batches.length };
}
