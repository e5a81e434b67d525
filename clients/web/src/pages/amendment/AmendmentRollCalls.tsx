// The roll calls on an amendment: question, result, the tally, and every member's position in a table.
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
import { VoteBar } from '../../components/VoteBar.tsx';
import { displayName, formatDate } from '../../words/format.ts';

type RollCall = Schemas['Amendment']['roll_calls'][number];

export function AmendmentRollCalls({ rollCalls }: { rollCalls: RollCall[] }) {
  return (
    <section aria-labelledby="amendment-votes-heading">
      <h2 id="amendment-votes-heading">Roll-call votes</h2>
      {rollCalls.length === 0 ? <p>No roll-call vote on this amendment is recorded.</p> : rollCalls.map((r) => <RollCallCard key={r.vote_id} r={r} />)}
    </section>
  );
}

function RollCallCard({ r }: { r: RollCall }) {
  const title = `${r.chamber === 'house' ? 'House' : 'Senate'} roll call ${r.roll_number}, ${formatDate(r.date)}`;
  return (
    <div className="bw-card margin-bottom-2">
      <h3>
        {title}: {r.question}
      </h3>
      <p>
        Result: <strong>{r.result}</strong>
      </p>
      <VoteBar yea={r.yea} nay={r.nay} present={r.present} notVoting={r.not_voting} />
      <details>
        <summary>Every member's position ({r.positions.length})</summary>
        <table className="usa-table usa-table--borderless usa-table--compact">
          <caption>How each member voted in {title}</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Party and state</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {r.positions.map((p) => (
              <tr key={p.member_id}>
                <th scope="row">
                  <Link to={`/members/${p.member_id}`}>{displayName(p.name)}</Link>
                </th>
                <td>
                  {p.party ?? '?'}-{p.state ?? '?'}
                </td>
                <td>{p.position}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
