// Roll calls on the bill: question, result, yea/nay bars, and how the members the person follows voted.
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { VoteBar } from '../../components/VoteBar.tsx';
import { useSession } from '../../session/session-context.tsx';
import { displayName, formatDate } from '../../words/format.ts';

export function VotesSection({ billId }: { billId: string }) {
  const { $api } = useApi();
  const { signedIn } = useSession();
  const votes = $api.useQuery('get', '/api/bills/{id}/votes', { params: { path: { id: billId } } });
  return (
    <section aria-labelledby="votes-heading">
      <h2 id="votes-heading">Roll-call votes</h2>
      <QueryState query={votes} label="Loading the votes…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>
              {d.vote_fetch_queued ? 'The recorded votes are being fetched now: look again in a minute.' : 'No roll-call vote on this bill is recorded.'}
            </EmptyState>
          ) : (
            <ul className="usa-list usa-list--unstyled">
              {d.items.map((v) => (
                <li key={v.vote_id} className="bw-card margin-bottom-2">
                  <h3>
                    {v.chamber === 'house' ? 'House' : 'Senate'} roll call {v.roll_number}, {formatDate(v.date)}: {v.question}
                  </h3>
                  <p>
                    Result: <strong>{v.result}</strong>
                  </p>
                  {v.tally_kind === 'candidates' && v.candidate_totals ? (
                    <ul className="usa-list">
                      {v.candidate_totals.map((c) => (
                        <li key={c.candidate}>
                          {c.candidate}: {c.total}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <VoteBar yea={v.yea} nay={v.nay} present={v.present} notVoting={v.not_voting} />
                  )}
                  {v.followed_positions.length > 0 ? (
                    <>
                      <h4 className="margin-bottom-0">Members you follow</h4>
                      <ul className="usa-list">
                        {v.followed_positions.map((p) => (
                          <li key={p.member_id}>
                            {p.title} <Link to={`/members/${p.member_id}`}>{displayName(p.name)}</Link> ({p.party ?? '?'}-{p.state ?? '?'}):{' '}
                            <strong>{p.position}</strong>
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    signedIn && <p className="font-sans-xs bw-muted">No member you follow voted in this roll call.</p>
                  )}
                  <p className="bw-source">
                    Source: {v.chamber === 'house' ? 'the House Clerk' : 'the Senate'}
                    {v.source_url && (
                      <>
                        {' '}
                        (<a href={v.source_url}>roll-call record</a>)
                      </>
                    )}
                    , as of {formatDate(v.data_as_of)}.
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
