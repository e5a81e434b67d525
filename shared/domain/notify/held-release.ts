/**
 * The rules of releasing events held by quiet hours: none is dropped.
 * - A user's held events are grouped per bill (an event without a bill, a
 *   held weekly digest, goes alone); the groups go out in the order of their
 *   oldest event, and a group is one message per channel that lists every
 *   event in it, oldest first (render.ts renderHeldBundle).
 * - De-duplication: the 30-minute (user, bill, kind) window is claimed when
 *   an event is recorded, held or not (dedupe.ts), so a held event was
 *   already de-duplicated on arrival. The release applies no second window:
 *   one would drop events whose windows closed hours ago. A combined message
 *   delivers each event it lists, so each is marked sent.
 * - Sending twice: a run claims an event (held → sending, with its claim id)
 *   before it sends and records the outcome under that claim afterwards. A
 *   run that loses the claim sends nothing; a claim left by a run that died
 *   between the two is abandoned once older than any run can live, counted
 *   as a failed attempt and sent again (at least once per channel:
 *   shared/use-cases/notify/claimed-send.ts says why; send-retries.ts caps the attempts).
 * Pure.
 */
import type { NotificationEvent, ReleaseClaim } from './notification.schema.ts';

/** Lambda stops a run after 15 minutes at most; a claim twice that old belongs to a run that is gone. */
export const RELEASE_CLAIM_STALE_SECONDS = 30 * 60;

/** Whether a release claim was left by a run that can no longer finish it. */
export const claimAbandoned = (claim: ReleaseClaim, now: Date): boolean => now.getTime() - new Date(claim.at).getTime() > RELEASE_CLAIM_STALE_SECONDS * 1000;

type Orderable = Pick<NotificationEvent, 'event_id' | 'bill_id' | 'occurred_at'>;

const byOccurrence = (a: Orderable, b: Orderable) => a.occurred_at.localeCompare(b.occurred_at) || a.event_id.localeCompare(b.event_id);

/** A user's held events as release groups: one per bill (events without a bill alone), each oldest first, groups in order of their oldest event. */
export function groupHeldForRelease<E extends Orderable>(events: readonly E[]): E[][] {
  const groups = new Map<string, E[]>();
  for (const e of [...events].sort(byOccurrence)) {
    const key = e.bill_id ? `bill#${e.bill_id}` : `event#${e.event_id}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups.values()];
}

/**
 * The messages of one group: each channel lists the events it carries, and
 * channels listing the same events share one rendered message.
 */
export function messagesOf<E extends Pick<NotificationEvent, 'event_id'>, C extends string>(
  entries: ReadonlyArray<{ event: E; channels: readonly C[] }>,
): Array<{ channels: C[]; events: E[] }> {
  const perChannel = new Map<C, E[]>();
  for (const { event, channels } of entries) for (const c of channels) perChannel.set(c, [...(perChannel.get(c) ?? []), event]);
  const messages = new Map<string, { channels: C[]; events: E[] }>();
  for (const [channel, events] of perChannel) {
    const key = events.map((e) => e.event_id).join('\n');
    const found = messages.get(key);
    if (found) found.channels.push(channel);
    else messages.set(key, { channels: [channel], events });
  }
  return [...messages.values()];
}
