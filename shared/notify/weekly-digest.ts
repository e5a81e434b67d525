/**
 * send_weekly_digest (Mondays 08:30 UTC, and POST /api/admin/trigger-weekly-digest):
 *   1. page through the users (Query, signup order);
 *   2. per user: their bill follows, the followed bills (BatchGet), kept when
 *      updated in the past 7 days;
 *   3. a weekly_digest event for users with any, with an id fixed per user
 *      and ISO week so a re-run sends nothing twice; it is delivered like any
 *      event (quiet hours apply) and appears in the RSS feed.
 */
import { getBills } from '#shared/db/bills.repository.ts';
import { listFollows } from '#shared/db/follows.repository.ts';
import { toNotifiable } from '#shared/db/notification-prefs.repository.ts';
import { listUsers } from '#shared/db/users.repository.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { deliverToUser, type RecipientOutcome } from './deliver.ts';
import type { DigestItem, NotificationContent } from '#shared/domain/notify/notification.schema.ts';

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

/** The weekly digest content of one user, or null when none of their bills moved. */
export function weeklyDigestContent(userId: string, bills: Bill[], now: Date): NotificationContent | null {
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
    event_id: `weekly_digest:${week}:${userId}`,
    kind: 'weekly_digest',
    occurred_at: `${week}T08:30:00.000Z`,
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

/** Runs the weekly digest for every user; returns counts for the job's run record. */
export async function sendWeeklyDigest(now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = { users: 0, digests: 0 };
  let cursor: string | undefined;
  do {
    const page = await listUsers(100, cursor);
    const outcomes = await mapLimit(page.items, 8, async (user): Promise<RecipientOutcome | 'no_updates'> => {
      const follows = await listFollows(user.id, 'bill');
      const content = follows.length ? weeklyDigestContent(user.id, await getBills(follows.map((f) => f.target_id)), now) : null;
      if (!content) return 'no_updates';
      // A re-run of the job retries channels that failed last time, and sends nothing else twice.
      return deliverToUser(content, toNotifiable(user), null, now, true);
    });
    counts.users = (counts.users ?? 0) + page.items.length;
    for (const o of outcomes) {
      counts[o] = (counts[o] ?? 0) + 1;
      if (o !== 'no_updates') counts.digests = (counts.digests ?? 0) + 1;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return counts;
}
