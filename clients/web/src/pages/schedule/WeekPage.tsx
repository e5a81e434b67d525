/**
 * "This week in Congress": the hearings, markups, business meetings and floor days of one week, day by day in the
 * person's time zone (their account's when signed in, else the browser's), filtered by chamber and committee. The
 * week and the filters live in the URL (`?week=YYYY-MM-DD&chamber=house&committee=HSII`), so any view is a link.
 *
 * The API's window is in Washington dates; a day's edges move with the person's zone, so the read takes a day either
 * side and keeps what falls within the week where the person is.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { everyPageQuery } from '../../api/query-keys.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { MeetingItem } from '../../schedule/MeetingItem.tsx';
import { useCommittees } from '../../schedule/use-committees.ts';
import { useTimeZone } from '../../schedule/use-time-zone.ts';
import { addDays, dayIn, isDay, longDay, meetingDay, mondayOf, shortDay } from '../../words/meeting-words.ts';
import { plural } from '../../words/format.ts';

const CHAMBERS = [
  { value: '', label: 'Both chambers' },
  { value: 'house', label: 'House' },
  { value: 'senate', label: 'Senate' },
] as const;

export default function WeekPage() {
  const [search, setSearch] = useSearchParams();
  const { zone, fromAccount } = useTimeZone();
  const today = dayIn(new Date(), zone);
  const week = mondayOf(isDay(search.get('week')) ? search.get('week')! : today);
  const sunday = addDays(week, 6);
  const chamber = (['house', 'senate'] as const).find((c) => c === search.get('chamber'));
  const committee = /^[A-Za-z]{4}(\d{2})?$/.test(search.get('committee') ?? '') ? search.get('committee')!.toUpperCase() : undefined;
  const { client } = useApi();
  const { byId, query: committeesQuery } = useCommittees();
  const query = { limit: 100, from: addDays(week, -1), to: addDays(week, 7), ...(chamber ? { chamber } : {}), ...(committee ? { committee } : {}) };
  const meetings = useQuery(everyPageQuery(client, '/api/meetings', query));
  const isThisWeek = week === mondayOf(today);
  const title = isThisWeek ? 'This week in Congress' : `Congress, week of ${longDay(week).replace(/^\w+, /, '')}`;

  /** The URL with one filter changed (an empty value removes it), the others kept. */
  const withParam = (key: string, value: string | undefined): string => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    return `?${next.toString()}`;
  };
  const set = (key: string, value: string) => setSearch(new URLSearchParams(withParam(key, value).slice(1)));

  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const inWeek = (meetings.data ?? []).filter((m) => {
    const d = meetingDay(m, zone);
    return d >= week && d <= sunday;
  });
  const full = (committeesQuery.data ?? []).filter((c) => c.parent_id === null && (!chamber || c.chamber === chamber || c.chamber === 'joint'));

  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p>
        Hearings, markups and floor business from the House and Senate, {shortDay(week)} to {shortDay(sunday)}. Times are in {zone}
        {fromAccount ? (
          <>
            {' '}
            (your <Link to="/notifications/settings">account&apos;s time zone</Link>)
          </>
        ) : (
          ' (this browser’s time zone)'
        )}
        .
      </p>

      <nav aria-label="Weeks" className="display-flex flex-wrap gap-1 flex-align-center margin-y-2">
        <Link className="usa-button usa-button--outline" to={withParam('week', addDays(week, -7))}>
          Previous week
        </Link>
        {!isThisWeek && (
          <Link className="usa-button usa-button--outline" to={withParam('week', undefined)}>
            This week
          </Link>
        )}
        <Link className="usa-button usa-button--outline" to={withParam('week', addDays(week, 7))}>
          Next week
        </Link>
      </nav>

      <form className="bw-filters" aria-label="Filter the week" onSubmit={(e) => e.preventDefault()}>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="week-of">
            Week of
          </label>
          <input
            className="usa-input"
            id="week-of"
            type="date"
            value={week}
            onChange={(e) => {
              if (isDay(e.target.value)) set('week', mondayOf(e.target.value));
            }}
          />
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="week-chamber">
            Chamber
          </label>
          <select className="usa-select" id="week-chamber" value={chamber ?? ''} onChange={(e) => set('chamber', e.target.value)}>
            {CHAMBERS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="week-committee">
            Committee
          </label>
          <select className="usa-select" id="week-committee" value={committee ?? ''} onChange={(e) => set('committee', e.target.value)}>
            <option value="">Every committee</option>
            {committee && !full.some((c) => c.id === committee) && <option value={committee}>{byId.get(committee)?.name ?? committee}</option>}
            {(['house', 'senate', 'joint'] as const).map((ch) =>
              full.some((c) => c.chamber === ch) ? (
                <optgroup key={ch} label={ch === 'house' ? 'House' : ch === 'senate' ? 'Senate' : 'Joint'}>
                  {full
                    .filter((c) => c.chamber === ch)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                </optgroup>
              ) : null,
            )}
          </select>
        </div>
      </form>

      {meetings.isPending ? (
        <LoadingPlaceholder label="Loading the week…" lines={5} />
      ) : meetings.error ? (
        <ErrorState error={meetings.error} onRetry={() => void meetings.refetch()} />
      ) : (
        <>
          <p role="status" className="text-bold">
            {inWeek.length === 0 ? 'Nothing scheduled' : plural(inWeek.length, 'meeting')} this week
            {chamber ? ` in the ${chamber === 'house' ? 'House' : 'Senate'}` : ''}
            {committee ? ` for ${byId.get(committee)?.name ?? committee}` : ''}.
          </p>
          {inWeek.length === 0 ? (
            <EmptyState>
              No hearing, markup or floor day is on the schedule for this week{chamber || committee ? ' with these filters' : ''}. Try another week
              {chamber || committee ? (
                <>
                  {' '}
                  or <Link to={`?week=${week}`}>clear the filters</Link>
                </>
              ) : (
                ''
              )}
              .
            </EmptyState>
          ) : (
            days.map((day) => (
              <Day key={day} day={day} today={today} meetings={inWeek.filter((m) => meetingDay(m, zone) === day)} zone={zone} committees={byId} />
            ))
          )}
        </>
      )}
    </>
  );
}

function Day({
  day,
  today,
  meetings,
  zone,
  committees,
}: {
  day: string;
  today: string;
  meetings: Parameters<typeof MeetingItem>[0]['meeting'][];
  zone: string;
  committees: ReturnType<typeof useCommittees>['byId'];
}) {
  if (meetings.length === 0) return null;
  return (
    <section className="bw-day" aria-labelledby={`day-${day}`}>
      <h2 id={`day-${day}`}>
        {longDay(day)}
        {day === today && (
          <>
            {' '}
            <span className="usa-tag bg-primary">Today</span>
          </>
        )}
      </h2>
      <div className="bw-card-list">
        {meetings.map((m) => (
          <MeetingItem key={m.id} meeting={m} zone={zone} committees={committees} />
        ))}
      </div>
    </section>
  );
}
