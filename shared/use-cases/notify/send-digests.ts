/**
 * send_notification_digest (hourly at :05): events held for a user's daily
 * or weekly digest go out as one message per channel when the digest is due
 * (08:00 in the user's zone, Mondays for weekly).
 *   1. list digest events due by now and group them by user; read each
 *      user's current preferences;
 *   2. take over claims a dead run left (claimed-send.ts: a failed attempt,
 *      sent again now as the same bundle, apart from newer events); leave
 *      events another run is sending right now;
 *   3. claim each event before anything is sent (its digest channels become
 *      sending, or cancelled when switched off since), so an overlapping run
 *      sends none of them again;
 *   4. send one bundle per channel listing the events claimed on it;
 *   5. record each event's outcome under the claim: sent, or digest again
 *      with the error and a later due time, or failed once
 *      MAX_SEND_ATTEMPTS were used (shared/domain/notify/send-retries.ts).
 *      An event leaves the digest index once no channel waits.
 */
import { randomUUID } from 'node:crypto';
import { getNotifiableUsers, type NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { listDue } from '#shared/adapters/db/notifications.repository.ts';
import { publicUrl, sendOnChannels, type ChannelResult, type SendChannel } from './channel-delivery.ts';
import {
  claimEvent,
  emptyCounts,
  freeToClaim,
  sendBatches,
  settleClaim,
  type Claimed,
  type FreeEvent,
  type SendCounts,
  type SendPolicy,
} from './claimed-send.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { channelOn } from '#shared/domain/notify/delivery-plan.ts';
import { messagesOf } from '#shared/domain/notify/held-release.ts';
import type { DueEvent, ReleaseClaim } from '#shared/domain/notify/notification.schema.ts';
import { groupByUser } from './release-held.ts';
import { renderDigestBundle } from '#shared/domain/notify/render.ts';

const DIGEST: SendPolicy = { waiting: 'digest', retry: 'digest' };
const isOn = (user: NotifiableUser, channel: SendChannel) => channelOn(user.prefs, channel);

interface DigestCounts extends SendCounts {
  messages: number;
}

/** Claims one batch of a user's digest events, sends one bundle per channel listing those claimed on it, and records the outcomes. */
async function sendBatch(user: NotifiableUser | undefined, batch: FreeEvent[], claim: ReleaseClaim, now: Date, counts: DigestCounts): Promise<void> {
  const ordered = [...batch].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  const claimed = (await Promise.all(ordered.map((e) => claimEvent(user, e, isOn, claim, DIGEST)))).filter((c): c is Claimed => c !== null);
  if (!user || claimed.length === 0) return;
  const mode = user.prefs.digest_mode === 'weekly' ? 'weekly' : 'daily';
  const results = new Map<string, Partial<Record<SendChannel, ChannelResult>>>();
  for (const message of messagesOf(claimed)) {
    const sent = await sendOnChannels(
      user,
      renderDigestBundle(message.events, mode, publicUrl(), user.prefs.timezone),
      message.channels,
      { reason: mode === 'weekly' ? 'weekly_digest' : 'daily_digest', events: message.events },
      { resend: batch.some((e) => e.resendOf) },
    );
    counts.messages += Object.values(sent).filter((r) => r.state === 'sent').length;
    for (const e of message.events) results.set(e.event_id, { ...results.get(e.event_id), ...sent });
  }
  await Promise.all(claimed.map((entry) => settleClaim(entry, results.get(entry.event.event_id) ?? {}, claim, DIGEST, now, counts)));
}

async function digestForUser(user: NotifiableUser | undefined, events: DueEvent[], claim: ReleaseClaim, now: Date): Promise<DigestCounts> {
  const counts: DigestCounts = { messages: 0, ...emptyCounts() };
  const ready = await freeToClaim(events, DIGEST, now, counts);
  // A dead run's bundle again as it was (its identity), then the rest.
  for (const batch of sendBatches(ready)) await sendBatch(user, batch, claim, now, counts);
  return counts;
}

/** Sends every digest that is due; returns counts for the job's run record. */
export async function sendNotificationDigests(now: Date): Promise<{ due_events: number; users: number; messages_sent: number } & SendCounts> {
  const due = await listDue('digest', now, 8);
  const byUser = groupByUser(due);
  const users = await getNotifiableUsers([...byUser.keys()]);
  const claim: ReleaseClaim = { id: randomUUID(), at: now.toISOString() };
  const perUser = await mapLimit([...byUser.entries()], 8, ([userId, events]) => digestForUser(users.get(userId), events, claim, now));
  const total: DigestCounts = { messages: 0, ...emptyCounts() };
  for (const c of perUser) for (const k of Object.keys(total) as (keyof DigestCounts)[]) total[k] += c[k];
  const { messages, ...rest } = total;
  return { due_events: due.length, users: byUser.size, messages_sent: messages, ...rest };
}
