/**
 * Alignment: the members the person follows, ranked by how often they voted as the person wanted on the bills
 * they hold a stance on (Support or Oppose), as accessible bars, with every vote behind each figure.
 */
import { Link } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../components/QueryState.tsx';
import { RequireSignedIn } from '../session/RequireSignedIn.tsx';
import { displayName, formatDate, memberPlace, plural } from '../words/format.ts';
import { stanceLabel } from '../words/stance-words.ts';

export default function AlignmentPage() {
  return (
    <RequireSignedIn what="see how the members you follow vote on the bills you care about">
      <PageHeading>Alignment</PageHeading>
      <Alignment />
    </RequireSignedIn>
  );
}

// The service's `method` says this in the API's words (follow modes, field names); people read it here.
const METHOD =
  'Every passage vote on a bill you support (you wanted Yea) or oppose (you wanted Nay) is counted, whenever it was cast, and split by whether it came before or after you took your stance. Procedural votes (cloture, recommit, rules, amendments) and votes not cast are listed but not counted.';

const OUTCOME = { matched: 'as you wanted', differed: 'against your stance', not_voting: 'did not vote' } as const;

function Alignment() {
  const { $api } = useApi();
  const alignment = $api.useQuery('get', '/api/alignment');
  return (
    <QueryState query={alignment} label="Comparing votes…">
      {(d) => (
        <>
          <p>
            {plural(d.followed_members, 'member')} followed, {plural(d.stanced_bills, 'bill')} with your stance. {METHOD}
          </p>
          {d.items.length === 0 ? (
            <EmptyState>
              Nothing to compare yet. Follow members (<Link to="/representatives">find your representatives</Link>) and take a Support or Oppose stance on bills
              they vote on.
            </EmptyState>
          ) : (
            <ol className="usa-list usa-list--unstyled">
              {d.items.map((row) => {
                const name = 'name' in row.member ? displayName(row.member.name) : row.member_id;
                const a = row.alignment;
                return (
                  <li key={row.member_id} className="bw-card margin-bottom-2">
                    <h2 className="font-sans-lg margin-0">
                      <Link to={`/members/${row.member_id}`}>{name}</Link>
                      {'party' in row.member && <span className="bw-muted"> ({memberPlace(row.member)})</span>}
                    </h2>
                    {row.comparable && a.percent !== null ? (
                      <>
                        <div className="display-flex flex-align-center gap-1">
                          <div className="bw-bar" style={{ maxWidth: '30rem' }} aria-hidden="true">
                            <span className="bw-bar__yea" style={{ width: `${a.percent}%` }} />
                            <span className="bw-bar__nay" style={{ width: `${100 - a.percent}%` }} />
                          </div>
                          <strong>{Math.round(a.percent)}%</strong>
                        </div>
                        <p className="margin-0">
                          Voted as you wanted on {a.matched} of {plural(a.compared, 'counted vote')}
                          {row.before_stance.compared > 0 &&
                            ` (${row.before_stance.matched} of ${row.before_stance.compared} before you took your stance, ${row.after_stance.matched} of ${row.after_stance.compared} after)`}
                          . {row.procedural_votes > 0 && `${plural(row.procedural_votes, 'procedural vote')} not counted. `}
                          {row.not_voting > 0 && `Did not vote ${plural(row.not_voting, 'time')}.`}
                        </p>
                      </>
                    ) : (
                      <p>{row.note ?? 'Not enough votes to compare.'}</p>
                    )}
                    {row.votes.length > 0 && (
                      <details className="margin-top-1">
                        <summary>The votes behind this ({row.votes.length})</summary>
                        <div className="bw-table-wrap">
                          <table className="usa-table usa-table--borderless usa-table--compact">
                            <caption className="usa-sr-only">Votes of {name} on bills you hold a stance on</caption>
                            <thead>
                              <tr>
                                <th scope="col">Date</th>
                                <th scope="col">Bill and question</th>
                                <th scope="col">Your stance</th>
                                <th scope="col">Their vote</th>
                                <th scope="col">Outcome</th>
                              </tr>
                            </thead>
                            <tbody>
                              {row.votes.map((v) => (
                                <tr key={v.vote_id}>
                                  <td>{formatDate(v.date)}</td>
                                  <td>
                                    <Link to={`/bills/${v.bill_id}`}>{v.bill_label ?? v.bill_id}</Link>: {v.question}
                                    {v.vote_class === 'procedural' && ' (procedural, not counted)'}
                                  </td>
                                  <td>
                                    {stanceLabel(v.stance)} (wanted {v.wanted}){v.timing === 'before_stance' ? ', vote before your stance' : ''}
                                  </td>
                                  <td>{v.position}</td>
                                  <td>{OUTCOME[v.outcome]}</td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </div>
                      </details>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          <p className="bw-source">Votes from the House Clerk and Senate roll-call records; stances from your follows.</p>
        </>
      )}
    </QueryState>
  );
}
