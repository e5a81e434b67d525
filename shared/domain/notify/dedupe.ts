/**
 * De-duplication: the same (user, bill, event kind) is sent once within 30
 * minutes, so a burst of emits about one bill reaches a user once. A mark
 * records which event claimed the window, so a redelivery of that same event
 * is recognised and not mistaken for a duplicate.
 *
 * The window is applied once, when an event is recorded for a user, whether
 * it is sent at once or held by quiet hours. A held event that was recorded
 * has passed it and is delivered when quiet hours end; the release applies
 * no second window (held-release.ts), and a combined message counts as
 * delivering each event it lists.
 */

export const DEDUPE_WINDOW_SECONDS = 30 * 60;

/**
 * What a mark is keyed on besides the user and kind: the bill, or for a
 * scheduled event the meeting and its version (SPEC: the subject of a
 * scheduled event), so two meetings of one bill, or a meeting and its
 * reschedule, are both told; null: no window.
 */
export function dedupeSubject(event: { bill_id: string | null; meeting?: { id: string; version: number } | null }): string | null {
  if (event.meeting) return `meeting:${event.meeting.id}:v${event.meeting.version}`;
  return event.bill_id;
}

export interface DedupeMark {
  event_id: string;
  /** Epoch seconds when the window closes. */
  expires_at: number;
}

/** The mark an event writes when it claims the window at `now`. */
export const dedupeMark = (eventId: string, now: Date): DedupeMark => ({
  event_id: eventId,
  expires_at: Math.floor(now.getTime() / 1000) + DEDUPE_WINDOW_SECONDS,
});

/** Whether an event may claim the window given the current mark (the repository's condition mirrors this). */
export function mayClaim(existing: DedupeMark | null, eventId: string, now: Date): boolean {
  if (!existing) return true;
  return existing.event_id === eventId || existing.expires_at <= Math.floor(now.getTime() / 1000);
}
