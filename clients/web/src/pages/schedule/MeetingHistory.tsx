// A meeting's change history in plain words: when it was first seen, then each change (which field moved, from what to
// what), oldest first, times in the person's zone.
import type { Schemas } from '../../../../typescript/index.ts';
import { formatDateTime } from '../../words/format.ts';
import { billIdLabel, MEETING_STATUS_WORDS, MEETING_TYPE_WORDS } from '../../words/meeting-words.ts';

const FIELD_WORDS: Record<string, string> = {
  starts_at: 'Time',
  ends_at: 'End',
  location: 'Place',
  status: 'Status',
  title: 'Title',
  type: 'Kind',
  committees: 'Committees',
  bill_ids: 'Bills',
  witnesses: 'Witnesses',
  documents: 'Documents',
  all_day: 'All day',
};

/** One value of a change as people read it. */
export function changeValue(field: string, value: unknown, zone: string): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'starts_at' || field === 'ends_at')
    return typeof value === 'string'
      ? new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
      : String(value);
  if (field === 'status' && typeof value === 'string') return MEETING_STATUS_WORDS[value as keyof typeof MEETING_STATUS_WORDS] ?? value;
  if (field === 'type' && typeof value === 'string') return MEETING_TYPE_WORDS[value as keyof typeof MEETING_TYPE_WORDS] ?? value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (field === 'bill_ids') return value.map((v) => billIdLabel(String(v))).join(', ');
    if (value.every((v) => typeof v === 'string')) return value.join(', ');
    return value
      .map((v) =>
        v && typeof v === 'object' && 'name' in v ? String(v.name) : v && typeof v === 'object' && 'title' in v ? String(v.title) : JSON.stringify(v),
      )
      .join('; ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
}

export function MeetingHistory({ history, zone }: { history: Schemas['MeetingChange'][]; zone: string }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Change history</h2>
      {history.length <= 1 && history[0]?.kind === 'first_seen' && <p>No change since it was first announced.</p>}
      <ol className="usa-list">
        {history.map((h, i) => (
          <li key={`${h.at}-${i}`}>
            <strong>{formatDateTime(h.at)}</strong>:{' '}
            {h.kind === 'first_seen' ? (
              'first seen on the schedule'
            ) : h.changes.length === 0 ? (
              'seen again with no change'
            ) : (
              <ul className="usa-list">
                {h.changes.map((c) => (
                  <li key={c.field}>
                    {FIELD_WORDS[c.field] ?? c.field}: {changeValue(c.field, c.before, zone)} → {changeValue(c.field, c.after, zone)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
