/**
 * "Coming up" on a bill page: the hearings, markups and floor days announced for the bill from today on (a year
 * ahead), in the person's time zone, and "Add to calendar" with the bill's public calendar, which brings later
 * meetings and every change (a reschedule, a cancellation) into the person's calendar by itself.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { everyPageQuery } from '../../api/query-keys.ts';
import { asFailure } from '../../api/api-failure.ts';
import { LoadingPlaceholder } from '../../components/QueryState.tsx';
import { AddToCalendar } from '../../schedule/AddToCalendar.tsx';
import { MeetingItem } from '../../schedule/MeetingItem.tsx';
import { useCommittees } from '../../schedule/use-committees.ts';
import { useTimeZone } from '../../schedule/use-time-zone.ts';
import { addDays, dayIn } from '../../words/meeting-words.ts';

export function ComingUpSection({ billId, label }: { billId: string; label: string }) {
  const { client } = useApi();
  const { zone } = useTimeZone();
  // The API's days are Washington's: "today" there, so a meeting later today still counts as coming up.
  const [now] = useState(() => Date.now());
  const today = dayIn(new Date(now), 'America/New_York');
  const meetings = useQuery(everyPageQuery(client, '/api/meetings', { bill: billId, from: today, to: addDays(today, 365), limit: 20 }, 5));
  const upcoming = (meetings.data ?? []).filter((m) => m.all_day || new Date(m.starts_at).getTime() >= now - 3 * 3_600_000);
  const { byId } = useCommittees({ enabled: upcoming.length > 0 });
  return (
    <section aria-labelledby="coming-up-heading" className="usa-summary-box">
      <div className="usa-summary-box__body">
        <h2 id="coming-up-heading" className="usa-summary-box__heading margin-top-0">
          Coming up
        </h2>
        {meetings.isPending ? (
          <LoadingPlaceholder label="Loading the meetings…" lines={1} />
        ) : meetings.error ? (
          // A side box: its failure is said in place, not announced over the page as an alert.
          <p className="margin-top-0">
            The meetings of {label} could not be loaded ({asFailure(meetings.error).detail}).{' '}
            <button type="button" className="usa-button usa-button--unstyled" onClick={() => void meetings.refetch()}>
              Try again
            </button>
          </p>
        ) : upcoming.length === 0 ? (
          <p className="margin-top-0">No hearing, markup or floor consideration of {label} is announced yet.</p>
        ) : (
          <div className="bw-card-list">
            {upcoming.map((m) => (
              <MeetingItem key={m.id} meeting={m} zone={zone} committees={byId} withDate />
            ))}
          </div>
        )}
        <AddToCalendar feed={`/api/bills/${encodeURIComponent(billId)}/calendar.ics`} what={label} />
      </div>
    </section>
  );
}
