/**
 * One meeting (`/meetings/:id`): what, when (in the person's zone, with Washington's time beside it when that
 * differs), where, its status, the committees that meet (linked), the bills it takes up (linked), witnesses,
 * documents, the sources that told of it, and its change history in plain words.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pageReads } from '../../app/page-reads.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { committeeName, useCommittees } from '../../schedule/use-committees.ts';
import { useTimeZone } from '../../schedule/use-time-zone.ts';
import { formatDateTime } from '../../words/format.ts';
import { billIdLabel, CHAMBER_WORDS, MEETING_STATUS_WORDS, MEETING_TYPE_WORDS, meetingWhen } from '../../words/meeting-words.ts';
import { MeetingHistory } from './MeetingHistory.tsx';

const WASHINGTON = 'America/New_York';
const SOURCE_WORDS: Record<Schemas['Meeting']['source'], string> = {
  'house-docs': 'House committee repository (docs.house.gov)',
  'house-witnesses': 'House committee witness list (docs.house.gov)',
  'senate-gov': 'Senate committee hearings (senate.gov)',
  'congress-gov': 'Congress.gov',
  'house-floor': 'House floor schedule (bills this week)',
  'senate-floor': 'Senate floor schedule',
  'house-clerk': 'House Clerk floor summary',
};

export default function MeetingPage() {
  const params = useParams();
  const { $api } = useApi();
  const meeting = useQuery(pageReads.meeting($api, params));
  if (meeting.isPending) return <LoadingPlaceholder label="Loading the meeting…" lines={6} />;
  if (meeting.error || !meeting.data)
    return (
      <>
        <PageHeading>Meeting {params.id}</PageHeading>
        <ErrorState error={meeting.error} onRetry={() => void meeting.refetch()} />
        <p>
          See <Link to="/schedule">this week in Congress</Link>.
        </p>
      </>
    );
  return <MeetingView m={meeting.data} />;
}

function MeetingView({ m }: { m: Schemas['MeetingDetail'] }) {
  const { zone } = useTimeZone();
  const { byId } = useCommittees();
  const washington = meetingWhen(m, WASHINGTON);
  const local = meetingWhen(m, zone);
  const week = m.starts_at.slice(0, 10);
  return (
    <>
      <p className="margin-0">
        <Link to={`/schedule?week=${week}${m.chamber ? `&chamber=${m.chamber}` : ''}`}>{CHAMBER_WORDS[m.chamber]} schedule, that week</Link>
      </p>
      {/* A subject that runs to a paragraph is set smaller, so the page does not open on a wall of heading. */}
      <div className={m.title.length > 160 ? 'bw-long-title' : undefined}>
        <PageHeading>{m.title}</PageHeading>
      </div>
      <div className="display-flex flex-wrap gap-1 flex-align-center">
        <span className="usa-tag bg-base-lighter text-ink">{CHAMBER_WORDS[m.chamber]}</span>
        <span className="usa-tag bg-primary-dark">{MEETING_TYPE_WORDS[m.type]}</span>
        <span className={`usa-tag ${m.status === 'cancelled' || m.status === 'postponed' ? 'bg-secondary-dark' : 'bg-base-darker'}`}>
          {MEETING_STATUS_WORDS[m.status]}
        </span>
      </div>
      {(m.status === 'cancelled' || m.status === 'postponed') && (
        <div className="usa-alert usa-alert--warning usa-alert--slim margin-y-2">
          <div className="usa-alert__body">
            <p className="usa-alert__text">
              This meeting is {m.status}
              {m.status === 'postponed' ? ': a new date has not been announced' : ''}.
            </p>
          </div>
        </div>
      )}
      <dl className="bw-dl">
        <dt>When</dt>
        <dd>
          {local}
          {!m.all_day && local !== washington && <span className="bw-muted"> ({washington} in Washington)</span>}
          {m.ends_at && !m.all_day && (
            <> until {new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(m.ends_at))}</>
          )}
        </dd>
        <dt>Where</dt>
        <dd>{m.location ?? (m.type === 'floor' ? `The ${CHAMBER_WORDS[m.chamber]} floor` : 'Not given yet')}</dd>
        {m.committees.length > 0 && (
          <>
            <dt>{m.committees.length === 1 ? 'Committee' : 'Committees'}</dt>
            <dd>
              <ul className="usa-list usa-list--unstyled">
                {m.committees.map((c) => (
                  <li key={c}>
                    <Link to={`/committees/${c}`}>{committeeName(c, byId)}</Link>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>

      <section aria-labelledby="bills-heading">
        <h2 id="bills-heading">Bills taken up</h2>
        {m.bill_ids.length === 0 ? (
          <p>The notice names no bill.</p>
        ) : (
          <ul className="usa-list">
            {m.bill_ids.map((b) => (
              <li key={b}>
                <Link to={`/bills/${b}`}>{billIdLabel(b)}</Link> <span className="bw-muted">({b.split('-')[0]}th Congress)</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {m.witnesses.length > 0 && (
        <section aria-labelledby="witnesses-heading">
          <h2 id="witnesses-heading">Witnesses</h2>
          <ul className="usa-list">
            {m.witnesses.map((w, i) => (
              <li key={`${w.name}-${i}`}>
                <strong>{w.name}</strong>
                {[w.position, w.organization].filter(Boolean).length > 0 && <>, {[w.position, w.organization].filter(Boolean).join(', ')}</>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {m.documents.length > 0 && (
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading">Documents</h2>
          <ul className="usa-list">
            {m.documents.map((d) => (
              <li key={d.url} className="bw-wrap">
                <a href={d.url}>{d.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <MeetingHistory history={m.history} zone={zone} />

      <p className="bw-source">
        From {m.sources.map((s) => SOURCE_WORDS[s.name]).join('; ')}. Version {m.version}, last changed {formatDateTime(m.updated_at)}.
      </p>
    </>
  );
}
