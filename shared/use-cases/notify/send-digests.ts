/**
 * send_notification_digest (hourly at :05): events held for a user's daily
 * or weekly digest go out as one message per channel when the digest is due
 * (08:00 in the user's zone, Mondays for weekly). The send loop (claims, a
 * dead run's resends, one message per channel, outcomes and backoff) is the
 * held release's too: bundled-send.ts. What is the digest's own:
 *   - a dead run's bundle goes out again as it was (its identity), then the
 *     rest, each in the order the events occurred;
 *   - each message is the daily or weekly digest bundle, as the user's
 *     digest mode says (reason daily_digest or weekly_digest);
 *   - an event leaves the digest index once no channel waits.
 */
import { listDue } from '#shared/adapters/db/notifications.repository.ts';
import { renderDigestBundle } from '#shared/domain/notify/render.ts';
import { sendBundles, type Bundling } from './bundled-send.ts';
import { sendBatches, type SendCounts } from './claimed-send.ts';
import { publicUrl } from './public-url.ts';

const DIGEST: Bundling = {
  policy: { waiting: 'digest', retry: 'digest' },
  plan: (_user, ready) => Promise.resolve(sendBatches(ready).map((batch) => [...batch].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at)))),
  compose: (user, events) => {
    const mode = user.prefs.digest_mode === 'weekly' ? 'weekly' : 'daily';
    return { message: renderDigestBundle(events, mode, publicUrl(), user.prefs.timezone), reason: mode === 'weekly' ? 'weekly_digest' : 'daily_digest' };
  },
};

/** Sends every digest that is due; returns counts for the job's run record. */
export async function sendNotificationDigests(now: Date): Promise<{ due_events: number; users: number; messages_sent: number } & SendCounts> {
  const due = await listDue('digest', now, 8);
  const { messages, ...rest } = await sendBundles(due, DIGEST, now);
  return { due_events: due.length, messages_sent: messages, ...rest };
}
