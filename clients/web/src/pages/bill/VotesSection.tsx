// Roll calls on the bill: question, result, yea/nay bars, and how the members the person follows voted; the recorded votes
// whose member-by-member record is not held, with why; and what became of the vote fetch, never "look again" forever.
import { Link } from 'react-router';
import type { Schemas } from '../../../../typescript/index.ts';
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
        {(d) => (
          <>
            <FetchState fetch={d.vote_fetch} />
            {d.items.length === 0 && d.missing_votes.length === 0 && d.vote_fetch.state !== 'queued' ? (
              <EmptyState>No roll-call vote on this bill is recorded.</EmptyState>
            ) : null}
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
            <MissingVotes votes={d.missing_votes} />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** What became of the vote fetch, when that is news: asked for and not run yet, or asked for long ago and never run. */
function FetchState({ fetch }: { fetch: Schemas['VoteFetch'] }) {
  if (fetch.state === 'queued') return <p className="bw-muted">The recorded votes were asked for {formatDate(fetch.requested_at)} and are being fetched.</p>;
  if (fetch.state === 'stalled')
    return (
      <p className="bw-muted">A fetch of the recorded votes was asked for {formatDate(fetch.requested_at)} and has not run; what is shown is what is stored.</p>
    );
  return null;
}

const WHY: Record<Schemas['MissingVote']['reason'], string> = {
  not_fetched: 'its member-by-member record has not been fetched yet',
  not_in_offline_data: 'its member-by-member record is not in the offline data',
  fetch_failed: 'its member-by-member record could not be fetched',
};

/** Recorded votes the actions name whose roll call is not stored: what the action says of each, and why the positions are missing. */
function MissingVotes({ votes }: { votes: Schemas['MissingVote'][] }) {
  if (votes.length === 0) return null;
  return (
    <>
      <h3>Recorded votes without their roll call</h3>
      <ul className="usa-list">
        {votes.map((v) => (
          <li key={v.vote_id}>
            {v.chamber === 'house' ? 'House roll call' : 'Senate vote'} {v.roll_number}
            {v.date ? `, ${formatDate(v.date)}` : ''}
            {v.action_text ? `: ${v.action_text}` : ''} ({WHY[v.reason]}
            {v.detail ? `: ${v.detail}` : ''}; <a href={v.source_url}>the record at its source</a>)
          </li>
        ))}
      </ul>
    </>
  );
}
