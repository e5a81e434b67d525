// One meeting in a list (the week, a committee's or a bill's upcoming meetings): its title linked to its page, when in
// the person's zone, what kind, its status when not simply scheduled, the committees that meet and the bills taken up.
import { Link } from 'react-router';
import type { Schemas } from '../../../typescript/index.ts';
import { billIdLabel, CHAMBER_WORDS, MEETING_STATUS_WORDS, MEETING_TYPE_WORDS, meetingTime, meetingWhen } from '../words/meeting-words.ts';
import { committeeName, type CommitteeItem } from './use-committees.ts';

export function MeetingItem({
  meeting: m,
  zone,
  committees,
  withDate = false,
  headingLevel = 3,
}: {
  meeting: Schemas['Meeting'];
  zone: string;
  committees: Map<string, CommitteeItem>;
  withDate?: boolean;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const changed = m.status !== 'scheduled';
  return (
    <article className="bw-card">
      <p className="margin-0 text-bold">{withDate ? meetingWhen(m, zone) : meetingTime(m, zone)}</p>
      <Heading className="margin-y-1">
        <Link className="bw-clamp" to={`/meetings/${m.id}`}>
          {m.title}
        </Link>
      </Heading>
      <div className="display-flex flex-wrap gap-1 flex-align-center">
        <span className="usa-tag bg-base-lighter text-ink">{CHAMBER_WORDS[m.chamber]}</span>
        <span className="usa-tag bg-primary-dark">{MEETING_TYPE_WORDS[m.type]}</span>
        {changed && (
          <span className={`usa-tag ${m.status === 'cancelled' || m.status === 'postponed' ? 'bg-secondary-dark' : 'bg-base-darker'}`}>
            {MEETING_STATUS_WORDS[m.status]}
          </span>
        )}
      </div>
      {m.committees.length > 0 && <p className="font-sans-xs margin-y-1">{m.committees.map((c) => committeeName(c, committees)).join('; ')}</p>}
      {m.location && <p className="font-sans-xs margin-y-1">{m.location}</p>}
      {m.bill_ids.length > 0 && (
        <p className="font-sans-xs margin-y-1">
          Takes up:{' '}
          {m.bill_ids.slice(0, 8).map((b, i) => (
            <span key={b}>
              {i > 0 && ', '}
              <Link to={`/bills/${b}`}>{billIdLabel(b)}</Link>
            </span>
          ))}
          {m.bill_ids.length > 8 && ` and ${m.bill_ids.length - 8} more`}
        </p>
      )}
    </article>
  );
}
