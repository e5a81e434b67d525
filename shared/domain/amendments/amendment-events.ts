/**
 * What a bill's followers hear of its amendments (docs/product-rules.md
 * "Amendment alerts"), a pure rule of the amendment as stored before a fetch
 * and as the fetch read it:
 *   - a decision: the amendment now stands agreed to or failed and did not
 *     before (category `vote`, told as bill_updated carrying the deciding
 *     action, so two amendments decided minutes apart are two subjects);
 *   - a new text: a text version not stored before (`new_amendment`).
 * History is not news: an amendment first seen with a decision or a text
 * older than NEWS_DAYS days (a backfill, a bill stored late) tells nobody,
 * and the Bill Status import never asks. Event ids are fixed by the
 * amendment and what happened, so a retried fetch sends the same events.
 */
import type { Amendment, AmendmentStatus, AmendmentTextVersion } from './amendment.schema.ts';
import { actionOutcome, isDecided } from './amendment-status.ts';

/** How old a decision or a text may be and still be news. */
export const NEWS_DAYS = 3;

export interface AmendmentEvent {
  kind: 'bill_updated' | 'new_amendment';
  event_id: string;
  action_category: 'vote' | 'new_amendment';
  action_text: string;
  action_date: string;
  /** new_amendment: the version published, as the notification names it ("S.Amdt. 2137: Submitted, 2021-08-01"). */
  text_version?: string;
  amendment: { id: string; label: string; status: AmendmentStatus };
}

const DAY_MS = 86_400_000;
const isRecent = (date: string | null, now: Date) => date !== null && now.getTime() - Date.parse(`${date}T00:00:00Z`) <= NEWS_DAYS * DAY_MS;
const versionKey = (v: AmendmentTextVersion) => `${v.type}#${v.date ?? ''}`;

/** The events of one fetch of an amendment; see the header. */
export function amendmentEvents(before: Amendment | null, after: Amendment, now: Date): AmendmentEvent[] {
  const about = { id: after.id, label: after.label, status: after.status };
  const events: AmendmentEvent[] = [];
  if (isDecided(after.status) && before?.status !== after.status && isRecent(after.status_date, now)) {
    const deciding = after.actions.find((a) => a.action_date === after.status_date && actionOutcome(a.text) === after.status);
    events.push({
      kind: 'bill_updated',
      event_id: `amendment:${after.id}:${after.status}`,
      action_category: 'vote',
      action_text: deciding?.text ?? `${after.label} ${after.status === 'agreed_to' ? 'agreed to' : 'failed'}`,
      action_date: after.status_date ?? now.toISOString().slice(0, 10),
      amendment: about,
    });
  }
  const known = new Set((before?.text_versions ?? []).map(versionKey));
  for (const v of after.text_versions) {
    if (known.has(versionKey(v)) || (!before && !isRecent(v.date, now))) continue;
    const named = `${after.label}: ${v.type}${v.date ? `, ${v.date}` : ''}`;
    events.push({
      kind: 'new_amendment',
      event_id: `amendment:${after.id}:text:${versionKey(v)}`,
      action_category: 'new_amendment',
      action_text: `Text of ${named} published`,
      action_date: v.date ?? now.toISOString().slice(0, 10),
      text_version: named,
      amendment: about,
    });
  }
  return events;
}
