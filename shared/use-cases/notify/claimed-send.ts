/**
 * Send marks: how the notification jobs (release_held_notifications,
 * send_notification_digest, send_weekly_digest) send an event's channel once
 * even when two runs overlap without a lease (docs/observability.md, "Send marks").
 *   - claim: one conditional UpdateItem per event, before any send. Its
 *     waiting channels become `sending` under the run's claim {id, at}, on
 *     the condition that they are still in the state the run read and that
 *     no claim is on the event. Of two runs only one takes an event; the
 *     other sends nothing for it.
 *   - outcome: after the send, under the same claim: `sent`, or a failed
 *     attempt counted (send-retries.ts): waiting again (held and digest
 *     events move to a later due time) or, at the cap, `failed` with the error.
 *   - a run that died after its claim: the claim expires after
 *     RELEASE_CLAIM_STALE_SECONDS (longer than any run lives). The next run
 *     takes it over: its `sending` channels count a failed attempt and wait
 *     again, and the run sends them at once, as the same messages (the
 *     events of one dead claim are sent together, apart from any others, so
 *     each message has the identity it had: message-identity.ts).
 * Whether the dead run's send went out is unknown: it died before the send
 * or between the send and the outcome write. The resend carries the same
 * identity, which the receiver shows once (a repeated webhook-id is dropped,
 * a repeated ntfy sequence id replaces its notification, a repeated
 * Message-ID is the same email), so a crash costs neither a message nor a
 * second copy on the user's screen. The deliverer's immediate path
 * (deliver.ts) follows the same rule.
 */
import type { NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { transitionNotification } from '#shared/adapters/db/notifications.repository.ts';
import { SEND_CHANNELS, type ChannelResult, type SendChannel } from './channel-delivery.ts';
import { claimAbandoned } from '#shared/domain/notify/held-release.ts';
import type { ChannelName, ChannelState, DueEvent, ReleaseClaim } from '#shared/domain/notify/notification.schema.ts';
import { afterFailedAttempt, attemptsOf, MAX_SEND_ATTEMPTS, retryAt, type RetryKind } from '#shared/domain/notify/send-retries.ts';

/** How one job's channels wait and are retried. */
export interface SendPolicy {
  /** The state a channel waits in before a send and returns to after a failed attempt below the cap. */
  waiting: ChannelState;
  /** The states a channel may be claimed from, when more than `waiting` (the weekly digest: pending, and failed with attempts left). */
  claimFrom?: readonly ChannelState[];
  /** The deferral index (and backoff) of a held or digest event; null for an event that is not deferred (the weekly digest, retried by a re-run). */
  retry: RetryKind | null;
}

export interface Claimed {
  event: DueEvent;
  channels: SendChannel[];
}

export interface SendCounts {
  /** Event channels marked sent. */
  delivered: number;
  /** Event channels whose claim a dead run left: taken over, sent again under the same identity. */
  resent: number;
  /** Event channels that used their last attempt and became failed. */
  gave_up: number;
}

export const emptyCounts = (): SendCounts => ({ delivered: 0, resent: 0, gave_up: 0 });

const each = <V>(channels: readonly SendChannel[], value: V) => Object.fromEntries(channels.map((c) => [c, value])) as Partial<Record<SendChannel, V>>;
export const channelsIn = (e: Pick<DueEvent, 'channels'>, state: ChannelState) => SEND_CHANNELS.filter((c) => e.channels[c] === state);

/** Whether a channel of `e` may be claimed under `policy`: it waits, and (the weekly digest's failed channels) has attempts left. */
export const claimable = (e: DueEvent, policy: SendPolicy): SendChannel[] =>
  SEND_CHANNELS.filter((c) => (policy.claimFrom ?? [policy.waiting]).includes(e.channels[c]) && attemptsOf(e, c) < MAX_SEND_ATTEMPTS);

/** The channel states, errors and attempts after failed attempts on `failed` channels. */
function failedAttempts(e: DueEvent, failed: Array<[SendChannel, string]>, policy: SendPolicy, counts: SendCounts) {
  const channels: Partial<Record<ChannelName, ChannelState>> = {};
  const errors: Partial<Record<ChannelName, string>> = {};
  const attempts: Partial<Record<ChannelName, number>> = { ...e.attempts };
  for (const [c, error] of failed) {
    const next = afterFailedAttempt(attemptsOf(e, c), policy.waiting);
    channels[c] = next.state;
    attempts[c] = next.attempts;
    errors[c] = next.final ? `gave up after ${next.attempts} attempts: ${error}` : error;
    if (next.final) counts.gave_up += 1;
  }
  return { channels, errors, attempts };
}

/** Where the event sits in its deferral index afterwards: at its backoff while a channel still waits, out of it otherwise. */
function deferAfter(
  e: DueEvent,
  channels: Partial<Record<ChannelName, ChannelState>>,
  attempts: Partial<Record<ChannelName, number>>,
  policy: SendPolicy,
  now: Date,
) {
  if (!policy.retry) return {};
  const waiting = SEND_CHANNELS.filter((c) => (channels[c] ?? e.channels[c]) === policy.waiting);
  if (waiting.length === 0) return { defer: { clear: true as const } };
  const most = Math.max(0, ...waiting.map((c) => attempts[c] ?? 0));
  if (most === 0) return {};
  return { defer: { kind: policy.retry, due_at: retryAt(policy.retry, most, now).toISOString() } };
}

/** An event free to claim; `resendOf`: the dead run's claim it was taken over from. */
export type FreeEvent = DueEvent & { resendOf?: string };

/**
 * The listed events a run may claim now: free ones, and those whose claim a
 * dead run left (taken over first, reclaimAbandoned); an event another run
 * is sending right now is left to it. An event with nothing waiting under
 * `policy` any more (its state moved on) only leaves the deferral index.
 */
export async function freeToClaim(events: DueEvent[], policy: SendPolicy, now: Date, counts: SendCounts): Promise<FreeEvent[]> {
  const free: FreeEvent[] = [];
  for (const e of events) {
    if (!e.release_claim) free.push(e);
    else if (claimAbandoned(e.release_claim, now)) {
      const reclaimed = await reclaimAbandoned(e, policy, now, counts);
      if (reclaimed) free.push(reclaimed);
    }
  }
  const idle = free.filter((e) => channelsIn(e, policy.waiting).length === 0);
  await Promise.all(idle.map((e) => transitionNotification(e, { channels: {}, expect: {}, claimedBy: null, claim: null, defer: { clear: true } })));
  return free.filter((e) => !idle.includes(e));
}

/**
 * The batches a run sends, each claimed and sent on its own: first the
 * events of each dead run's claim together (so their messages are the ones
 * that run sent, with the same identities), then the rest.
 */
export function sendBatches(events: FreeEvent[]): FreeEvent[][] {
  const byClaim = new Map<string, FreeEvent[]>();
  for (const e of events) if (e.resendOf) byClaim.set(e.resendOf, [...(byClaim.get(e.resendOf) ?? []), e]);
  const fresh = events.filter((e) => !e.resendOf);
  return [...byClaim.values(), ...(fresh.length ? [fresh] : [])];
}

/**
 * Takes over a claim whose run died before recording an outcome: each
 * `sending` channel counts a failed attempt and waits again (or, at the
 * cap, becomes `failed`), to be sent again at once under the same identity
 * (see the header). Returns the event as it now stands, marked with the
 * claim it came from, or null when another run took it over first.
 */
export async function reclaimAbandoned(e: DueEvent, policy: SendPolicy, now: Date, counts: SendCounts): Promise<FreeEvent | null> {
  const claim = e.release_claim;
  if (!claim || !claimAbandoned(claim, now)) return null;
  const sending = channelsIn(e, 'sending');
  const error = `the run that claimed this at ${claim.at} stopped before recording whether it was sent; sent again as the same message`;
  const tally = emptyCounts();
  const after = failedAttempts(
    e,
    sending.map((c): [SendChannel, string] => [c, error]),
    policy,
    tally,
  );
  const ended = await transitionNotification(e, {
    channels: after.channels,
    errors: after.errors,
    ...(sending.length ? { attempts: after.attempts } : {}),
    expect: each(sending, 'sending'),
    claimedBy: claim.id,
    claim: null,
  });
  if (!ended) return null;
  counts.resent += sending.length - tally.gave_up;
  counts.gave_up += tally.gave_up;
  return {
    ...e,
    channels: { ...e.channels, ...after.channels },
    errors: { ...e.errors, ...after.errors },
    attempts: after.attempts,
    release_claim: null,
    resendOf: claim.id,
  };
}

/**
 * Claims one event for this run before anything is sent: its claimable
 * channels that are still on become `sending`, those switched off since
 * `cancelled`. Null when nothing is to be sent, or another run has it.
 */
export async function claimEvent(
  user: NotifiableUser | undefined,
  e: DueEvent,
  isOn: (user: NotifiableUser, c: SendChannel) => boolean,
  claim: ReleaseClaim,
  policy: SendPolicy,
): Promise<Claimed | null> {
  const waiting = claimable(e, policy);
  if (waiting.length === 0) return null;
  const send = user ? waiting.filter((c) => isOn(user, c)) : [];
  const cancel = waiting.filter((c) => !send.includes(c));
  const expect = Object.fromEntries(waiting.map((c) => [c, e.channels[c]])) as Partial<Record<SendChannel, ChannelState>>;
  const leftWaiting = SEND_CHANNELS.some((c) => !waiting.includes(c) && e.channels[c] === policy.waiting);
  const claimed = await transitionNotification(e, {
    channels: { ...each(send, 'sending' as const), ...each(cancel, 'cancelled' as const) },
    expect,
    claimedBy: null,
    claim: send.length ? claim : null,
    // Nothing left to send: the event leaves its deferral index now.
    ...(policy.retry && !send.length && !leftWaiting ? { defer: { clear: true as const } } : {}),
  });
  return claimed && send.length ? { event: e, channels: send } : null;
}

/** Records one claimed event's outcome under this run's claim: sent, or a failed attempt (waiting again with backoff, or failed at the cap). */
export async function settleClaim(
  entry: Claimed,
  results: Partial<Record<SendChannel, ChannelResult>>,
  claim: ReleaseClaim,
  policy: SendPolicy,
  now: Date,
  counts: SendCounts,
): Promise<void> {
  const sent = entry.channels.filter((c) => results[c]?.state === 'sent');
  const failed = entry.channels.filter((c) => !sent.includes(c)).map((c): [SendChannel, string] => [c, results[c]?.error ?? 'not sent']);
  const tally = emptyCounts();
  const after = failedAttempts(entry.event, failed, policy, tally);
  const channels = { ...each(sent, 'sent' as const), ...after.channels };
  const recorded = await transitionNotification(entry.event, {
    channels,
    errors: after.errors,
    ...(failed.length ? { attempts: after.attempts } : {}),
    expect: each(entry.channels, 'sending'),
    claimedBy: claim.id,
    claim: null,
    ...deferAfter(entry.event, channels, after.attempts, policy, now),
  });
  // Not recorded: a later run judged this run dead and took the channels over.
  if (!recorded) return;
  counts.delivered += sent.length;
  counts.gave_up += tally.gave_up;
}
