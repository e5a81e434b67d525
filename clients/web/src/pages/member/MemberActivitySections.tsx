/**
 * A member's activity beyond the bills: recent recorded votes, news stories and the public-interest score. Each
 * section asks for its own data, so an answer re-renders only its section, not the whole profile above it.
 */
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { NewsList } from '../../components/NewsList.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { TrendPanel } from '../../components/TrendPanel.tsx';
import { formatDate } from '../../words/format.ts';

export function VotesSection({ memberId }: { memberId: string }) {
  const { $api } = useApi();
  const votes = $api.useQuery('get', '/api/members/{id}/votes', { params: { path: { id: memberId }, query: { limit: 15 } } });
  return (
    <section aria-labelledby="votes-heading">
      <h2 id="votes-heading">Recent votes</h2>
      <QueryState query={votes} label="Loading votes…">
        {(d) =>
          d.items.length ? (
            <div className="bw-table-wrap">
              <table className="usa-table usa-table--borderless usa-table--compact">
                <caption className="usa-sr-only">Recent recorded votes, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Question</th>
                    <th scope="col">Vote</th>
                    <th scope="col">Result</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((v) => (
                    <tr key={v.vote_id}>
                      <td>{formatDate(v.date)}</td>
                      <td>{v.bill_id ? <Link to={`/bills/${v.bill_id}`}>{v.question}</Link> : v.question}</td>
                      <td>
                        <strong>{v.position === 'Candidate' ? `For ${v.choice ?? 'a candidate'}` : v.position}</strong>
                      </td>
                      <td>{v.result}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="bw-source">Source: House Clerk and Senate roll-call records.</p>
            </div>
          ) : (
            <EmptyState>No recorded vote is stored for this member.</EmptyState>
          )
        }
      </QueryState>
    </section>
  );
}

export function NewsSection({ memberId, memberName }: { memberId: string; memberName: string }) {
  const { $api } = useApi();
  const news = $api.useQuery('get', '/api/members/{id}/news', { params: { path: { id: memberId }, query: { limit: 10 } } });
  return (
    <section aria-labelledby="news-heading">
      <h2 id="news-heading">In the news</h2>
      <QueryState query={news} label="Loading news…">
        {(d) => <NewsList items={d.items} subject={memberName} />}
      </QueryState>
    </section>
  );
}

export function InterestSection({ memberId, memberName }: { memberId: string; memberName: string }) {
  const { $api } = useApi();
  const trend = $api.useQuery('get', '/api/members/{id}/trend', { params: { path: { id: memberId } } });
  return (
    <section aria-labelledby="interest-heading">
      <h2 id="interest-heading">Public interest</h2>
      <QueryState query={trend} label="Loading the public-interest score…">
        {(d) => <TrendPanel days={d.items} subject={memberName} />}
      </QueryState>
    </section>
  );
}
