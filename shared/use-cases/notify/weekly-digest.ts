/**
 * send_weekly_digest: on its Monday at 08:00 in every user's time zone
 * (scheduled every hour of the UTC Sunday and Monday: digest-schedule.ts),
 * and at once for everyone when an admin asks (POST
 * /api/admin/trigger-weekly-digest):
 *   1. page through the users (Query, signup order); a scheduled run keeps
 *      those whose Monday morning it is (08:00 to 12:00 local) and whose
 *      digest of that Monday is not recorded yet (one GetItem);
 *   2. per user: their bill follows, the followed bills (BatchGet), kept when
 *      updated in the past 7 days;
 *   3. a weekly_digest event for users with any, with an id fixed per user
 *      and local Monday (an admin's run: per user and run), recorded with
 *      its channels planned like any event's (quiet hours hold it for
 *      release_held_notifications; a weekly-digest user's scheduled one
 *      joins that morning's bundle; RSS marks it at once, so it appears in
 *      the feed);
 *   4. the channels due now are claimed before the send and their outcome
 *      recorded under the claim (claimed-send.ts), so an overlapping run or
 *      a re-run sends none of them twice. A failed channel stays failed with
 *      its attempts counted; a re-run retries it until MAX_SEND_ATTEMPTS.
 */
import { randomUUID } from 'node:crypto';
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { toNotifiable, type NotifiableUser } from '#shared/adapters/db/notification-prefs.repository.ts';
import { getNotification, recordNotification } from '#shared/adapters/db/notifications.repository.ts';
import { listUsers } from '#shared/adapters/db/users.repository.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { channelOn, planDelivery } from '#shared/domain/notify/delivery-plan.ts';
import { weeklyDigestMoment } from '#shared/domain/notify/digest-schedule.ts';
import { claimAbandoned } from '#shared/domain/notify/held-release.ts';
import type { DigestItem, NotificationContent, NotificationEvent, ReleaseClaim } from '#shared/domain/notify/notification.schema.ts';
import { renderEvent } from '#shared/domain/notify/render.ts';
import { publicUrl, sendOnChannels, type SendChannel } from './channel-delivery.ts';
import { claimEvent, emptyCounts, reclaimAbandoned, settleClaim, type FreeEvent, type SendCounts, type SendPolicy } from './claimed-send.ts';

export const WEEKLY_WINDOW_DAYS = 7;

/** Whether a bill changed within the window ending at `now` (latest action date or provider update date). */
export function updatedWithin(bill: Pick<Bill, 'latest_action_date' | 'update_date'>, now: Date, days = WEEKLY_WINDOW_DAYS): boolean {
  const since = new Date(now.getTime() - days * 24 * 3600 * 1000).toISOString();
  return [bill.latest_action_date, bill.update_date].some((d) => d !== null && d.slice(0, 10) >= since.slice(0, 10));
}

/** The Monday (UTC) of the week of `now`: the digest's id part. */
export function weekOf(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * Which weekly digest a run sends: a scheduled run, the one of the Monday
 * 08:00 (user's zone) it serves; an admin's, one of its own, now.
 */
export type WeeklyRun = { kind: 'scheduled' } | { kind: 'now'; runId: string };

/** The identity of one user's digest in a run: its id, its date, and the Monday morning it was made for (null: now). */
export interface WeeklyDigestSlot {
  event_id: string;
  occurred_at: string;
  digestAt: Date | null;
}

/** The slot a run gives a user at `now`, or null when a scheduled run does not serve them (not their Monday morning). */
export function weeklySlot(userId: string, zone: string | null | undefined, run: WeeklyRun, now: Date): WeeklyDigestSlot | null {
  if (run.kind === 'now') {
    // Dated to the run's hour, so a retried invocation of the run (its id, a later clock) finds the events it recorded.
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
    return { event_id: `weekly_digest:${weekOf(now)}:run-${run.runId}:${userId}`, occurred_at: hour, digestAt: null };
  }
  const moment = weeklyDigestMoment(zone, now);
  return moment ? { event_id: `weekly_digest:${moment.localDate}:${userId}`, occurred_at: moment.at.toISOString(), digestAt: moment.at } : null;
}

/** The weekly digest content of one user, or null when none of their bills moved; `slot` names it (default: this week's, by UTC Monday). */
export function weeklyDigestContent(userId: string, bills: Bill[], now: Date, slot?: WeeklyDigestSlot): NotificationContent | null {
  const items: DigestItem[] = bills
    .filter((b) => updatedWithin(b, now))
    .sort((a, b) => (b.latest_action_date ?? '').localeCompare(a.latest_action_date ?? ''))
    .map((b) => ({
      bill_id: b.id,
      bill_label: b.label,
      bill_title: b.title,
      latest_action_date: b.latest_action_date,
      latest_action_text: b.latest_action_text,
    }));
  if (items.length === 0) return null;
  const week = weekOf(now);
  return {
    event_id: slot?.event_id ?? `weekly_digest:${week}:${userId}`,
    kind: 'weekly_digest',
    occurred_at: slot?.occurred_at ?? `${week}T08:00:00.000Z`,
    bill_id: null,
    bill_label: null,
    bill_title: null,
    summary: null,
    action_category: null,
    action_text: null,
    action_date: null,
    status: null,
    previous_status: null,
    text_version: null,
    items,
  };
}

/** Channels due now start pending; a failed one is retried by a re-run while it has attempts left. */
const WEEKLY: SendPolicy = { waiting: 'failed', claimFrom: ['pending', 'failed'], retry: null };
const isOn = (user: NotifiableUser, channel: SendChannel) => channelOn(user.prefs, channel);

type WeeklyOutcome = 'no_updates' | 'recorded' | 'sent' | 'failed' | 'nothing_to_do';

/** Records one user's weekly digest (or finds this week's) and sends the channels it may claim. */
async function deliverWeekly(
  content: NotificationContent,
  user: NotifiableUser,
  digestAt: Date | null,
  claim: ReleaseClaim,
  now: Date,
  counts: SendCounts,
): Promise<WeeklyOutcome> {
  const plan = planDelivery(user.prefs, content.kind, now, { digestAt });
  const event: NotificationEvent = {
    ...content,
    user_id: user.id,
    mode: null,
    created_at: now.toISOString(),
    channels: plan.channels,
    due_at: plan.due_at,
    errors: {},
  };
  const recorded = await recordNotification(event, { dedupe: false, now });
  let stored: FreeEvent | null = recorded.outcome === 'created' ? { ...event, release_claim: null } : await getNotification(event);
  if (!stored) return 'nothing_to_do';
  if (stored.release_claim) {
    // A live claim: another run is sending it now. An abandoned one: a failed attempt, sent again as the same message.
    if (!claimAbandoned(stored.release_claim, now)) return 'nothing_to_do';
    stored = await reclaimAbandoned(stored, WEEKLY, now, counts);
    if (!stored) return 'nothing_to_do';
  }
  const claimed = await claimEvent(user, stored, isOn, claim, WEEKLY);
  if (!claimed) return recorded.outcome === 'created' ? 'recorded' : 'nothing_to_do';
  const results = await sendOnChannels(
    user,
    renderEvent(content, null, publicUrl()),
    claimed.channels,
    { reason: 'event', events: [{ ...content, mode: null }] },
    { resend: stored.resendOf !== undefined },
  );
  await settleClaim(claimed, results, claim, WEEKLY, now, counts);
  return claimed.channels.every((c) => results[c]?.state === 'sent') ? 'sent' : 'failed';
}

/** What a run does for one user: nothing (not their Monday morning, or no update), or their digest delivered. */
async function weeklyForUser(user: NotifiableUser, run: WeeklyRun, claim: ReleaseClaim, now: Date, sends: SendCounts): Promise<WeeklyOutcome | 'not_due'> {
  const slot = weeklySlot(user.id, user.prefs.timezone, run, now);
  if (!slot) return 'not_due';
  // Served by an earlier hourly run and settled: no need to read the follows again (a failed channel is still retried).
  if (run.kind === 'scheduled') {
    const done = await getNotification({ user_id: user.id, occurred_at: slot.occurred_at, event_id: slot.event_id });
    if (done && !done.release_claim && !Object.values(done.channels).some((c) => c === 'pending' || c === 'failed')) return 'nothing_to_do';
  }
  const follows = await listFollows(user.id, 'bill');
  const content = follows.length ? weeklyDigestContent(user.id, await getBills(follows.map((f) => f.target_id)), now, slot) : null;
  if (!content) return 'no_updates';
  return deliverWeekly(content, user, slot.digestAt, claim, now, sends);
}

/**
 * Runs the weekly digest: `scheduled` for the users whose Monday morning it
 * is, `now` (an admin's) for every user at once; returns counts for the
 * job's run record.
 */
export async function sendWeeklyDigest(now: Date, run: WeeklyRun = { kind: 'scheduled' }): Promise<Record<string, number>> {
  const counts: Record<string, number> = { users: 0, digests: 0 };
  const claim: ReleaseClaim = { id: randomUUID(), at: now.toISOString() };
  const sends = emptyCounts();
  let cursor: string | undefined;
  do {
    const page = await listUsers(100, cursor);
    const outcomes = await mapLimit(page.items, 8, (user) => weeklyForUser(toNotifiable(user), run, claim, now, sends));
    counts.users = (counts.users ?? 0) + page.items.length;
    for (const o of outcomes) {
      counts[o] = (counts[o] ?? 0) + 1;
      if (o !== 'no_updates' && o !== 'not_due') counts.digests = (counts.digests ?? 0) + 1;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { ...counts, ...sends };
}
