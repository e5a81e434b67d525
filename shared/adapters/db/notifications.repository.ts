/**
 * Notification events in the user's partition (data-model N1-N4):
 *   USER#{uid} / NOTIF#{occurred_at}#{event_id}: the event with its per-channel
 *     state (history, the RSS feed); held or digest events also carry gsi2
 *     DEFER#{held|digest}#{due date} / {due_at}#{uid}#{event_id} until released;
 *   USER#{uid} / DEDUPE#{scope}#{subject hash}: the 30-minute de-duplication mark of one subject (ttl); the scope is the bill, else the meeting of a scheduled event.
 * Recording an event is one transaction: the de-dup claim and the event item,
 * each with a condition, so a duplicate within the window and a redelivery of
 * the same event are told apart without reading first.
 */
import { DEDUPE_WINDOW_SECONDS, dedupeSubject } from '#shared/domain/notify/dedupe.ts';
import { currentStatusCode } from '#shared/domain/bills/bill-status.ts';
import { channelNames } from '#shared/domain/notify/channels/table.ts';
import {
  NotificationEvent,
  ReleaseClaim,
  readChannelState,
  type ChannelName,
  type ChannelState,
  type DueEvent,
} from '#shared/domain/notify/notification.schema.ts';
import { conditional, queryPage, transactionReasons, type Item, type Page } from './dynamo.ts';
import { cond, expressions, query, update as updateInput, type AttributePath, type Condition } from './expressions.ts';
import { notificationKeys, type DeferKind } from './keys/notification.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import { INDEX } from './table.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type { DeferKind } from './keys/notification.keys.ts';

const deferred = notificationKeys.deferred;
const deferredIndex = INDEX[deferred.index];

/** The fields of a stored event, read once the event schema is built (on the first event read). */
let fields: string[] | undefined;
const eventFields = (): string[] => (fields ??= Object.keys(NotificationEvent().shape));
/** Channel states as stored, legacy values (superseded) read in today's vocabulary. */
const storedChannels = (channels: unknown) =>
  channels && typeof channels === 'object' ? Object.fromEntries(Object.entries(channels).map(([c, v]) => [c, readChannelState(v)])) : channels;
const fromItem = (item: Item): NotificationEvent =>
  NotificationEvent().parse({
    ...Object.fromEntries(
      eventFields()
        .map((k) => [k, item[k]])
        .filter(([, v]) => v !== undefined),
    ),
    channels: storedChannels(item.channels),
    // A status_changed event stored before the one-chamber override took its VETOED: prefix reads in today's code.
    ...(item.status !== undefined ? { status: currentStatusCode(item.status) } : {}),
    ...(item.previous_status !== undefined ? { previous_status: currentStatusCode(item.previous_status) } : {}),
  });
const dueFromItem = (item: Item): DueEvent => {
  const claim = ReleaseClaim().safeParse(item.release_claim);
  return { ...fromItem(item), release_claim: claim.success ? claim.data : null };
};

/** The deferral an event's channel states call for: held wins over digest. */
export function deferKindOf(channels: Record<ChannelName, ChannelState>): DeferKind | null {
  const states = Object.values(channels);
  if (states.includes('held')) return 'held';
  if (states.includes('digest')) return 'digest';
  return null;
}

export type RecordOutcome =
  | { outcome: 'created' }
  | { outcome: 'duplicate' }
  | {
      outcome: 'exists';
      event: NotificationEvent;
      writtenAt: number;
      /** When each channel in `sending` was claimed (epoch seconds), see claimChannel. */
      claimedAt: Partial<Record<ChannelName, number>>;
    };

/** The attribute holding when a channel was claimed for sending. */
const claimedAtAttribute = (channel: ChannelName) => `claimed_at_${channel}`;
const claimTimes = (item: Item): Partial<Record<ChannelName, number>> =>
  Object.fromEntries(channelNames().flatMap((c) => (typeof item[claimedAtAttribute(c)] === 'number' ? [[c, item[claimedAtAttribute(c)]]] : [])));

/**
 * Records an event for a user. With `dedupe`, the window of the event's
 * subject (user, bill and what it reports: dedupe.ts) is claimed in the same transaction: a claim by another event within 30
 * minutes makes this a duplicate (nothing written); a claim by this same
 * event, or its own item already there, means a redelivery, answered with
 * the stored event (found through the mark, so even a producer that re-emits
 * with another timestamp is recognised).
 */
export async function recordNotification(event: NotificationEvent, options: { dedupe: boolean; now: Date }): Promise<RecordOutcome> {
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const defer = deferKindOf(event.channels);
  const item: Item = entityItem('notification', notificationKeys.event(event), {
    ...event,
    written_at: nowSeconds,
    ...(defer && event.due_at ? deferred.keys(defer, event, event.due_at) : {}),
  });
  const scope = event.bill_id ?? event.meeting?.id ?? null;
  const subject = options.dedupe && scope ? dedupeSubject(event) : null;
  const markKey = subject && scope ? notificationKeys.dedupe(event.user_id, scope, subject) : null;
  const claim = markKey
    ? [
        {
          Put: {
            Item: entityItem('dedupe', markKey, {
              event_id: event.event_id,
              notification_sk: item.sk,
              expires_at: nowSeconds + DEDUPE_WINDOW_SECONDS,
              ttl: nowSeconds + DEDUPE_WINDOW_SECONDS,
            }),
            ...expressions({ condition: cond.or(cond.itemAbsent(), cond.lte('expires_at', nowSeconds)) }),
          },
        },
      ]
    : [];
  try {
    await table.transactWrite([...claim, { Put: { Item: item, ...expressions({ condition: cond.itemAbsent() }) } }]);
    return { outcome: 'created' };
  } catch (err) {
    const reasons = transactionReasons(err);
    if (!reasons) throw err;
    let sk = item.sk as string;
    if (markKey && reasons[0] === 'ConditionalCheckFailed') {
      // The window is claimed: by this same event (a redelivery, found through the mark) or by another one.
      const mark = await getItem(markKey);
      if (mark?.event_id !== event.event_id || typeof mark.notification_sk !== 'string') return { outcome: 'duplicate' };
      sk = mark.notification_sk;
    } else if (reasons[claim.length] !== 'ConditionalCheckFailed') {
      throw err;
    }
    const stored = await getItem({ pk: item.pk, sk });
    if (!stored) throw err;
    return { outcome: 'exists', event: fromItem(stored), writtenAt: Number(stored.written_at ?? 0), claimedAt: claimTimes(stored) };
  }
}

async function getItem(key: { pk: unknown; sk: string }): Promise<Item | undefined> {
  const out = await table.getItem({ Key: key, ConsistentRead: true });
  return out.Item;
}

export interface ChannelUpdate {
  channels: Partial<Record<ChannelName, ChannelState>>;
  errors?: Partial<Record<ChannelName, string>>;
  /** The event's failed-attempt counts, written whole (callers merge; the conditional transitions keep writers apart). */
  attempts?: Partial<Record<ChannelName, number>>;
  /** Take the event out of the held/digest index (released), or move it to a new due time. */
  defer?: { clear: true } | { kind: DeferKind; due_at: string };
}

/** A channel update's changes: SET attributes and map entries, REMOVE attributes. */
interface UpdateParts {
  set: Record<string, unknown>;
  setPaths: (readonly [AttributePath, unknown])[];
  remove: string[];
}

/** The SET/REMOVE parts of a channel update. */
function updateParts(event: Pick<NotificationEvent, 'user_id' | 'event_id'>, update: ChannelUpdate): UpdateParts {
  const setPaths: (readonly [AttributePath, unknown])[] = [
    ...Object.entries(update.channels).map(([channel, state]) => [['channels', channel], state] as const),
    ...Object.entries(update.errors ?? {}).map(([channel, message]) => [['errors', channel], message] as const),
  ];
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  if (update.attempts) set.attempts = update.attempts;
  if (update.defer && 'clear' in update.defer) {
    remove.push(deferredIndex.pk, deferredIndex.sk);
    set.due_at = null;
  } else if (update.defer) {
    set[deferredIndex.pk] = deferred.partition(update.defer.kind, update.defer.due_at);
    set[deferredIndex.sk] = deferred.sortKey(event, update.defer.due_at);
    set.due_at = update.defer.due_at;
  }
  return { set, setPaths, remove };
}

const changesNothing = (p: UpdateParts) => Object.keys(p.set).length === 0 && p.setPaths.length === 0 && p.remove.length === 0;

/**
 * Sends one channel UpdateItem under `conditions` (none: unconditional);
 * false when a condition did not hold, so nothing was written.
 */
async function sendUpdate(event: Pick<NotificationEvent, 'user_id' | 'occurred_at' | 'event_id'>, p: UpdateParts, conditions: Condition[]): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: notificationKeys.event(event),
      ...updateInput(p, conditions.length ? cond.and(...conditions) : undefined),
    }),
  );
}

/** Updates some channels' states of one event (and its place in the deferral index). */
export async function updateNotification(event: Pick<NotificationEvent, 'user_id' | 'occurred_at' | 'event_id'>, update: ChannelUpdate): Promise<void> {
  const p = updateParts(event, update);
  if (changesNothing(p)) return;
  await sendUpdate(event, p, []);
}

/**
 * Records the outcome of the channels just sent (`update`) and, with
 * `claim`, claims the next channel in the same UpdateItem: its state becomes
 * `sending` (with the claim time) only while it is in one of `from`, so of
 * two attempts at one event only one sends a channel. A crash after the
 * claim leaves the channel `sending`: whether it went out is unknown, and a
 * later attempt takes the claim over (`takeOver`: only while the claim time
 * is still the one it read, so of two attempts one resends) and sends it
 * again under the same message identity (shared/use-cases/notify/deliver.ts). False
 * when the claim's condition did not hold (nothing is written then).
 */
export async function stepChannels(
  event: Pick<NotificationEvent, 'user_id' | 'occurred_at' | 'event_id'>,
  update: ChannelUpdate,
  claim: { channel: ChannelName; from: ChannelState[]; at: number; takeOver?: { claimedAt: number | null } } | null,
): Promise<boolean> {
  const p = updateParts(event, { ...update, channels: { ...update.channels, ...(claim ? { [claim.channel]: 'sending' as const } : {}) } });
  const conditions: Condition[] = [];
  if (claim) {
    const claimedAt = claimedAtAttribute(claim.channel);
    p.set[claimedAt] = claim.at;
    conditions.push(cond.oneOf(['channels', claim.channel], claim.from));
    if (claim.takeOver) {
      conditions.push(claim.takeOver.claimedAt === null ? cond.absent(claimedAt) : cond.eq(claimedAt, claim.takeOver.claimedAt));
    }
  }
  if (changesNothing(p)) return true;
  return sendUpdate(event, p, conditions);
}

export interface ReleaseTransition extends ChannelUpdate {
  /** Applies only while these channels are in these states. */
  expect: Partial<Record<ChannelName, ChannelState>>;
  /** Applies only while the event carries this claim (its id), or no claim at all (null). */
  claimedBy: string | null;
  /** The claim the event carries afterwards: a run's claim before it sends, null once the outcome is recorded. */
  claim: ReleaseClaim | null;
}

/**
 * A conditional step of a held event's release (claim before the send,
 * outcome after it, or the end of an abandoned claim): one UpdateItem whose
 * condition checks the claim and the expected channel states, so of two
 * runs only one takes an event. False when the condition did not hold.
 */
export async function transitionNotification(
  event: Pick<NotificationEvent, 'user_id' | 'occurred_at' | 'event_id'>,
  transition: ReleaseTransition,
): Promise<boolean> {
  const p = updateParts(event, transition);
  const conditions: Condition[] = [
    cond.itemExists(),
    ...Object.entries(transition.expect).map(([channel, state]) => cond.eq(['channels', channel], state)),
    transition.claimedBy === null ? cond.absent('release_claim') : cond.eq(['release_claim', 'id'], transition.claimedBy),
  ];
  if (transition.claim) p.set.release_claim = transition.claim;
  else p.remove.push('release_claim');
  return sendUpdate(event, p, conditions);
}

/** One event as stored, with its release claim if a run holds one (strongly consistent), or null. */
export async function getNotification(event: Pick<NotificationEvent, 'user_id' | 'occurred_at' | 'event_id'>): Promise<DueEvent | null> {
  const item = await getItem(notificationKeys.event(event));
  return item ? dueFromItem(item) : null;
}

/** Events of `kind` due at or before `now`, oldest first (Query gsi2 per due date, `lookbackDays` back), with any release claim. */
export async function listDue(kind: DeferKind, now: Date, lookbackDays = 3): Promise<DueEvent[]> {
  const out: DueEvent[] = [];
  for (let d = lookbackDays; d >= 0; d--) {
    const day = new Date(now.getTime() - d * 24 * 3600 * 1000).toISOString();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await table.query({
        ...query({ index: deferred.index, pk: deferred.partition(kind, day), skThrough: deferred.dueBy(now.toISOString()) }),
        ExclusiveStartKey: start,
      });
      out.push(...(page.Items ?? []).map(dueFromItem));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return out;
}

const historyKey = (userId: string) => ({ pk: userKeys.partition(userId), skPrefix: notificationKeys.prefix });
const historyQuery = (userId: string) => ({ ...query(historyKey(userId)), ScanIndexForward: false });

/** A user's notification history, newest first (N1). */
export async function listHistory(userId: string, limit: number, cursor?: string): Promise<Page<NotificationEvent>> {
  const page = await queryPage({ ...historyQuery(userId), Limit: limit }, cursor);
  return { items: page.items.map(fromItem), next_cursor: page.next_cursor };
}

/** The history of events that reached the RSS channel, newest first. */
const rssQuery = (userId: string) => ({ ...query(historyKey(userId), { filter: cond.eq(['channels', 'rss'], 'sent') }), ScanIndexForward: false });

/** The newest `limit` events that reached the user's RSS channel (N5). */
export async function listFeedEvents(userId: string, limit: number): Promise<NotificationEvent[]> {
  const q = rssQuery(userId);
  const out: NotificationEvent[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      ...q,
      ExclusiveStartKey: start,
    });
    out.push(...(page.Items ?? []).map(fromItem));
    start = page.LastEvaluatedKey;
  } while (start && out.length < limit);
  return out.slice(0, limit);
}

/** How many events reached the user's RSS channel. */
export async function countFeedEvents(userId: string): Promise<number> {
  const q = rssQuery(userId);
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.query({
      ...q,
      Select: 'COUNT',
      ExclusiveStartKey: start,
    });
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
