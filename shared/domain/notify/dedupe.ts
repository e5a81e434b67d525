/**
 * De-duplication (SPEC "Notifications"): a repeated emit of the same subject
 * is sent once within 30 minutes. The subject is what the event reports: for
 * bill_updated the milestone (the action's date and text, or the status
 * reached), for a new text or amendment the text version, for a
 * reintroduction the later bill, for a saved-search match the text version
 * it matched, for a scheduled meeting the meeting and its version. Two different milestones of one bill within 30 minutes are
 * two subjects, both told. A mark records which event claimed the window,
 * so a redelivery of that same event is recognised and not mistaken for a
 * duplicate.
 *
 * The window is applied once, when an event is recorded for a user, whether
 * it is sent at once or held by quiet hours. A held event that was recorded
 * has passed it and is delivered when quiet hours end; the release applies
 * no second window (held-release.ts), and a combined message counts as
 * delivering each event it lists.
 */

import type { NotificationContent, NotificationKind } from './notification.schema.ts';

export const DEDUPE_WINDOW_SECONDS = 30 * 60;

type SubjectFields = Pick<
  NotificationContent,
  'event_id' | 'kind' | 'action_date' | 'action_text' | 'status' | 'text_version' | 'reintroduced_as' | 'search_match' | 'forecast_jump' | 'meeting'
>;

/** Action texts differ in spacing and case between a listing and the actions feed; the subject does not. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** A milestone: the action that made it, else the status it reached, else the event itself. */
const milestone = (c: SubjectFields) =>
  c.action_text ? `action:${c.action_date ?? ''}:${words(c.action_text)}` : c.status ? `status:${c.status}` : `event:${c.event_id}`;

/** What each kind reports, as a string; null: the kind is never de-duplicated (the weekly digest, one per week by its id). */
const SUBJECT: Record<NotificationKind, (c: SubjectFields) => string | null> = {
  bill_updated: milestone,
  status_changed: milestone,
  new_document: (c) => `text:${c.text_version ?? c.event_id}`,
  new_amendment: (c) => `text:${c.text_version ?? c.event_id}`,
  reintroduced: (c) => `reintroduced:${c.reintroduced_as?.bill_id ?? c.event_id}`,
  search_match: (c) => `text:${c.search_match?.version ?? c.event_id}`,
  forecast_jump: (c) => `forecast:${c.forecast_jump?.as_of ?? c.event_id}`,
  // A meeting version is one subject: two meetings of one bill, or a meeting and its reschedule, are both told.
  scheduled: (c) => (c.meeting ? `meeting:${c.meeting.id}:v${c.meeting.version}` : `event:${c.event_id}`),
  weekly_digest: () => null,
};

/** A status change is told as bill_updated (SPEC): both kinds report a milestone, so they share the window. */
const subjectKind = (kind: NotificationKind): NotificationKind => (kind === 'status_changed' ? 'bill_updated' : kind);

/**
 * The de-duplication subject of an event, "{kind}|{subject}", or null when
 * the event is not de-duplicated. Events of one bill with the same subject
 * are repeats; any other pair is told apart.
 */
export function dedupeSubject(content: SubjectFields): string | null {
  const subject = SUBJECT[content.kind](content);
  return subject === null ? null : `${subjectKind(content.kind)}|${subject}`;
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
