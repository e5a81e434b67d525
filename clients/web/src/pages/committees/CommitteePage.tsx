/**
 * One committee or subcommittee (`/committees/:id`): its members by side (majority, then minority, each by rank, with
 * titles such as Chair and Ranking Member), its subcommittees (or its parent), upcoming meetings with its calendar,
 * the latest bills referred to it or reported by it, and a follow button (the `committee` follow kind).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { pageReads } from '../../app/page-reads.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../../components/QueryState.tsx';
import { FollowToggle } from '../../follow/FollowToggle.tsx';
import { AddToCalendar } from '../../schedule/AddToCalendar.tsx';
import { MeetingItem } from '../../schedule/MeetingItem.tsx';
import { useCommittees } from '../../schedule/use-committees.ts';
import { useTimeZone } from '../../schedule/use-time-zone.ts';
import { displayName, formatDate } from '../../words/format.ts';
import { billIdLabel, CHAMBER_WORDS } from '../../words/meeting-words.ts';

type Committee = Schemas['CommitteeDetail'];

export default function CommitteePage() {
  const params = useParams();
  const { $api } = useApi();
  const committee = useQuery(pageReads.committee($api, params));
  if (committee.isPending) return <LoadingPlaceholder label="Loading the committee…" lines={6} />;
  if (committee.error || !committee.data)
    return (
      <>
        <PageHeading>Committee {params.id}</PageHeading>
        <ErrorState error={committee.error} onRetry={() => void committee.refetch()} />
        <p>
          See <Link to="/committees">every committee</Link>.
        </p>
      </>
    );
  return <CommitteeView c={committee.data} />;
}

function CommitteeView({ c }: { c: Committee }) {
  const { zone } = useTimeZone();
  const { byId } = useCommittees();
  const name = c.parent_name ? `${c.parent_name}: ${c.name}` : c.name;
  return (
    <>
      <p className="margin-0">
        {c.parent_id ? (
          <>
            Subcommittee of <Link to={`/committees/${c.parent_id}`}>{c.parent_name ?? c.parent_id}</Link>
          </>
        ) : (
          <Link to="/committees">{CHAMBER_WORDS[c.chamber]} committees</Link>
        )}
      </p>
      <PageHeading title={name}>{c.name}</PageHeading>
      <p className="font-sans-lg margin-0">
        {CHAMBER_WORDS[c.chamber]} {c.parent_id ? 'subcommittee' : 'committee'}
        {!c.current && ', no longer current'}
      </p>
      <div className="margin-y-2">
        <FollowToggle type="committee" id={c.id} name={c.name} />
        <p className="bw-muted font-sans-xs">Followers hear of bills referred to it, its reports and its meetings before they happen.</p>
      </div>
      {c.jurisdiction && <p>{c.jurisdiction}</p>}
      {c.url && (
        <p className="bw-wrap">
          <a href={c.url}>The committee&apos;s website</a>
        </p>
      )}

      <section aria-labelledby="meetings-heading">
        <h2 id="meetings-heading">Upcoming meetings</h2>
        <AddToCalendar feed={`/api/committees/${encodeURIComponent(c.id)}/calendar.ics`} what={c.name} />
        {c.upcoming_meetings.length === 0 ? (
          <p>
            No meeting is announced yet. <Link to={`/schedule?committee=${c.parent_id ?? c.id}`}>See the week&apos;s schedule</Link>.
          </p>
        ) : (
          <div className="bw-card-list">
            {c.upcoming_meetings.map((m) => (
              <MeetingItem key={m.id} meeting={m} zone={zone} committees={byId} withDate />
            ))}
          </div>
        )}
      </section>

      <Roster members={c.members} />

      {c.subcommittees.length > 0 && (
        <section aria-labelledby="subcommittees-heading">
          <h2 id="subcommittees-heading">Subcommittees</h2>
          <ul className="usa-list">
            {c.subcommittees.map((s) => (
              <li key={s.id}>
                <Link to={`/committees/${s.id}`}>{s.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading">Recent referrals and reports</h2>
        {c.recent_activity.length === 0 ? (
          <EmptyState>No bill referred to it or reported by it is on record here yet.</EmptyState>
        ) : (
          <ul className="usa-list">
            {c.recent_activity.map((a) => (
              <li key={`${a.bill_id}-${a.kind}-${a.date}`}>
                {formatDate(a.date)}, {a.kind === 'referral' ? 'referred' : 'reported'}: <Link to={`/bills/${a.bill_id}`}>{billIdLabel(a.bill_id)}</Link>
                {a.title && <>: {a.title}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Roster({ members }: { members: Committee['members'] }) {
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {members.length === 0 && <p>No members are listed.</p>}
      {(['majority', 'minority'] as const).map((side) => {
        const seats = members.filter((m) => m.side === side);
        if (seats.length === 0) return null;
        const caption = side === 'majority' ? 'Majority' : 'Minority';
        return (
          <section key={side} aria-labelledby={`${side}-heading`}>
            <h3 id={`${side}-heading`}>
              {caption} ({seats.length})
            </h3>
            <div className="bw-table-wrap">
              <table className="usa-table usa-table--borderless usa-table--compact">
                <caption className="usa-sr-only">{caption} members by rank</caption>
                <thead>
                  <tr>
                    <th scope="col">Rank</th>
                    <th scope="col">Member</th>
                    <th scope="col">Party and state</th>
                    <th scope="col">Title</th>
                  </tr>
                </thead>
                <tbody>
                  {seats.map((m) => (
                    <tr key={m.id}>
                      <td>{m.rank ?? ''}</td>
                      <th scope="row">
                        <Link to={`/members/${m.id}`}>{displayName(m.name)}</Link>
                      </th>
                      <td>{[m.party, m.state].filter(Boolean).join('-')}</td>
                      <td>{m.title ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </section>
  );
}
