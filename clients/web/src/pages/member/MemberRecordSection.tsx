// The member's report card, per Congress: votes cast, missed and with the party, each saying how many roll calls it rests on and
// listing the roll calls behind it; bills sponsored and how far each went; cosponsorships across the aisle; committee seats.
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { formatDate, ordinal, partyName, plural } from '../../words/format.ts';

/** Below this many roll calls a share is shown with a word of caution: a figure on five roll calls is not one on five hundred. */
const FEW_ROLL_CALLS = 20;

const percent = (share: number | null) => (share === null ? 'no share' : `${Math.round(share * 100)}%`);

const REACH_WORDS: Record<Schemas['RecordBill']['reach'], string> = {
  law: 'became law',
  passed: 'passed',
  passed_one_chamber: 'passed one chamber',
  floor: 'failed on the floor',
  committee: 'reported by committee',
  introduced: 'introduced',
};

export function MemberRecordSection({ memberId }: { memberId: string }) {
  const { $api } = useApi();
  const record = $api.useQuery('get', '/api/members/{id}/record', { params: { path: { id: memberId } } });
  return (
    <section aria-labelledby="record-heading">
      <h2 id="record-heading">Report card</h2>
      <QueryState query={record} label="Loading the report card…">
        {(d) => (
          <>
            {d.congresses.length === 0 ? (
              <EmptyState>No roll call or bill of this member is held yet, so there is no report card to show.</EmptyState>
            ) : (
              d.congresses.map((c) => <CongressCard key={c.congress} card={c} />)
            )}
            <Committees committees={d.committees} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function CongressCard({ card }: { card: Schemas['MemberRecordCongress'] }) {
  return (
    <div className="bw-card margin-bottom-2">
      <h3>{ordinal(card.congress)} Congress</h3>
      {card.votes.map((v) => (
        <ChamberVotes key={v.chamber} votes={v} />
      ))}
      <p>
        Sponsored {plural(card.sponsored.bills, 'bill')}
        {card.sponsored.bills > 0 &&
          `: ${Object.entries(card.sponsored.by_reach)
            .filter(([, n]) => n > 0)
            .map(([reach, n]) => `${n} ${REACH_WORDS[reach as Schemas['RecordBill']['reach']]}`)
            .join(', ')}`}
        .
      </p>
      {card.sponsored.items.length > 0 && (
        <ul className="usa-list">
          {card.sponsored.items.map((b) => (
            <li key={b.bill_id}>
              <Link to={`/bills/${b.bill_id}`}>{b.label}</Link> {b.title}: {REACH_WORDS[b.reach]}
            </li>
          ))}
        </ul>
      )}
      <p>
        Cosponsors {plural(card.cosponsored.bills, 'bill')}; of the {plural(card.cosponsored.with_known_parties, 'bill')} whose sponsor is a Democrat or a
        Republican, {card.cosponsored.across_the_aisle} {card.cosponsored.across_the_aisle === 1 ? 'is' : 'are'} the other party&apos;s (
        {percent(card.cosponsored.across_share)}).
      </p>
      {card.cosponsored.across_items.length > 0 && (
        <ul className="usa-list">
          {card.cosponsored.across_items.map((b) => (
            <li key={b.bill_id}>
              <Link to={`/bills/${b.bill_id}`}>{b.label}</Link> ({partyName(b.sponsor_party)} sponsor)
            </li>
          ))}
        </ul>
      )}
      <p className="bw-source">Computed {formatDate(card.computed_at)} from the roll calls and bills BillWatch holds.</p>
    </div>
  );
}

function ChamberVotes({ votes: v }: { votes: Schemas['RecordChamberVotes'] }) {
  const chamber = v.chamber === 'house' ? 'House' : 'Senate';
  return (
    <>
      <h4>
        {chamber} votes: rests on {plural(v.roll_calls, 'roll call')}
      </h4>
      {v.roll_calls < FEW_ROLL_CALLS && (
        <p className="bw-muted">
          Only {plural(v.roll_calls, 'roll call')} of the {chamber} while they served {v.roll_calls === 1 ? 'is' : 'are'} held here, so these shares say little.
        </p>
      )}
      <p>
        Voted in {v.cast} and missed {v.missed} of the {plural(v.roll_calls, 'roll call')} held from {formatDate(v.first_date)} to {formatDate(v.last_date)} (
        {percent(v.missed_share)} missed).
      </p>
      <RollCallList label={`Roll calls missed in the ${chamber}`} items={v.missed_votes} />
      {v.party_votes > 0 ? (
        <p>
          Voted with the {partyName(v.party)} majority on {v.with_party} of {plural(v.party_votes, 'yea-or-nay vote')} where most of the party voted one way (
          {percent(v.with_party_share)}).
        </p>
      ) : (
        <p>No party-majority figure: {v.party === 'D' || v.party === 'R' ? 'no yea-or-nay vote of theirs is held' : 'an independent has no party majority'}.</p>
      )}
      <RollCallList label={`Votes against the party majority in the ${chamber}`} items={v.against_party_votes} />
    </>
  );
}

/** The roll calls behind a figure, each linked to the bill page that shows it (a disclosure, so long lists stay out of the way). */
function RollCallList({ label, items }: { label: string; items: Schemas['RecordRollCall'][] }) {
  if (items.length === 0) return null;
  return (
    <details>
      <summary>
        {label} ({items.length})
      </summary>
      <ul className="usa-list">
        {items.map((r) => (
          <li key={r.vote_id}>
            {formatDate(r.date)}: {r.bill_id ? <Link to={`/bills/${r.bill_id}`}>{r.question}</Link> : r.question} ({r.position})
          </li>
        ))}
      </ul>
    </details>
  );
}

function Committees({ committees }: { committees: Schemas['MemberRecord']['committees'] }) {
  return (
    <>
      <h3>Committee assignments</h3>
      {committees.assignments.length === 0 ? (
        <p>No committee seat is listed for this member in the current Congress.</p>
      ) : (
        <ul className="usa-list">
          {committees.assignments.map((a) => (
            <li key={a.committee_id}>
              {a.parent_name ? `${a.parent_name}: ${a.committee_name}` : a.committee_name}
              {a.title ? ` (${a.title})` : ''}
            </li>
          ))}
        </ul>
      )}
      <p className="bw-source">Current seats, from {committees.source}.</p>
    </>
  );
}
