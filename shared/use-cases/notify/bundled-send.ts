/**
 * The one send loop of events that waited (held by quiet hours, or for a
 * daily or weekly digest): release-held.ts and send-digests.ts say which
 * events are due, how a user's events group into messages and how a bundle
 * reads; this module sends them, the same way for both:
 *   1. group the due events by user (8 users at a time) and read each
 *      user's current preferences once;
 *   2. take over the claims of runs that died mid-send (claimed-send.ts: a
 *      failed attempt, sent again as the same messages); leave events
 *      another run is sending right now;
 *   3. the job plans the user's groups, in the order they go out (it may
 *      defer them all instead: quiet hours that began again);
 *   4. per group: claim each event before anything is sent (its waiting
 *      channels become sending, or cancelled when switched off since), so an
 *      overlapping run sends none of them again; send one message per
 *      channel listing the events claimed on it; record each event's outcome
 *      under the claim (sent, waiting again with a later due time, or failed
 *      once MAX_SEND_ATTEMPTS were used).
 */
import { randomUUID } from 'node:crypto';
import { getNotifiableUsers, type NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { channelOn } from '#shared/domain/notify/delivery-plan.ts';
import { messagesOf } from '#shared/domain/notify/held-release.ts';
import type { DueEvent, NotificationEvent, ReleaseClaim } from '#shared/domain/notify/notification.schema.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import type { WebhookBatchReason } from '#shared/domain/notify/webhook-payload.ts';
import { sendOnChannels, type ChannelResult, type SendChannel } from './channel-delivery.ts';
import { claimEvent, emptyCounts, freeToClaim, settleClaim, type Claimed, type FreeEvent, type SendCounts, type SendPolicy } from './claimed-send.ts';

/** How one job bundles the events that waited. */
export interface Bundling {
  /** The state its channels wait in, and how they are retried. */
  policy: SendPolicy;
  /** One user's free events as the groups to send, in order (each group's messages go out together); [] when it deferred them. */
  plan: (user: NotifiableUser | undefined, ready: FreeEvent[], now: Date) => Promise<FreeEvent[][]>;
  /** How one message of a group reads, and why its events went out together (the webhook's batch reason). */
  compose: (user: NotifiableUser, events: DueEvent[]) => { message: RenderedMessage; reason: WebhookBatchReason };
}

export interface BundleCounts extends SendCounts {
  /** Messages sent (one per channel and group). */
  messages: number;
}

/** Groups events by user, in due order. */
export function groupByUser<E extends Pick<NotificationEvent, 'user_id'>>(events: E[]): Map<string, E[]> {
  const byUser = new Map<string, E[]>();
  for (const e of events) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
  return byUser;
}

const isOn = (user: NotifiableUser, channel: SendChannel) => channelOn(user.prefs, channel);

/** Claims one group's events, sends one message per channel listing those claimed on it, and records the outcomes. */
async function sendGroup(
  user: NotifiableUser | undefined,
  group: FreeEvent[],
  bundling: Bundling,
  claim: ReleaseClaim,
  now: Date,
  counts: BundleCounts,
): Promise<void> {
  const { policy } = bundling;
  const claimed = (await Promise.all(group.map((e) => claimEvent(user, e, isOn, claim, policy)))).filter((c): c is Claimed => c !== null);
  if (!user || claimed.length === 0) return;
  const results = new Map<string, Partial<Record<SendChannel, ChannelResult>>>();
  for (const { channels, events } of messagesOf(claimed)) {
    const { message, reason } = bundling.compose(user, events);
    const sent = await sendOnChannels(user, message, channels, { reason, events }, { resend: group.some((e) => e.resendOf) });
    counts.messages += Object.values(sent).filter((r) => r.state === 'sent').length;
    for (const e of events) results.set(e.event_id, { ...results.get(e.event_id), ...sent });
  }
  await Promise.all(claimed.map((entry) => settleClaim(entry, results.get(entry.event.event_id) ?? {}, claim, policy, now, counts)));
}

async function sendForUser(user: NotifiableUser | undefined, events: DueEvent[], bundling: Bundling, claim: ReleaseClaim, now: Date): Promise<BundleCounts> {
  const counts: BundleCounts = { messages: 0, ...emptyCounts() };
  const ready = await freeToClaim(events, bundling.policy, now, counts);
  if (ready.length === 0) return counts;
  // Groups one after another, so a user's messages arrive in the order the job planned.
  for (const group of await bundling.plan(user, ready, now)) await sendGroup(user, group, bundling, claim, now, counts);
  return counts;
}

/** Sends every due event of `due` as `bundling` says; returns the users and counts for the job's run record. */
export async function sendBundles(due: DueEvent[], bundling: Bundling, now: Date): Promise<{ users: number } & BundleCounts> {
  const byUser = groupByUser(due);
  const users = await getNotifiableUsers([...byUser.keys()]);
  const claim: ReleaseClaim = { id: randomUUID(), at: now.toISOString() };
  const perUser = await mapLimit([...byUser.entries()], 8, ([userId, events]) => sendForUser(users.get(userId), events, bundling, claim, now));
  const total: BundleCounts = { messages: 0, ...emptyCounts() };
  for (const c of perUser) for (const k of Object.keys(total) as (keyof BundleCounts)[]) total[k] += c[k];
  return { users: byUser.size, ...total };
}
