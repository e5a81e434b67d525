/**
 * Home and /dashboard: Most Popular for everyone (with how it was ranked and over what window); signed in, the
 * personal feed first: followed bills' recent activity, followed members' latest votes, saved searches, followed topics.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { pageReads } from '../app/page-reads.ts';
import { BillCard } from '../components/BillCard.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../components/QueryState.tsx';
import { useSession } from '../session/session-context.tsx';
import { SavedSearchList } from '../follow/SavedSearchList.tsx';
import { displayName, formatDate, memberPlace } from '../words/format.ts';
import { stanceLabel } from '../words/stance-words.ts';
import { topicWords } from '../words/topic-words.ts';

export default function HomePage() {
  const { $api } = useApi();
  const { signedIn } = useSession();
  const dashboard = useQuery(pageReads.dashboard($api));
  return (
    <>
      <PageHeading title={signedIn ? 'My dashboard' : 'Follow what Congress is doing'}>
        {signedIn ? 'My dashboard' : 'Follow what Congress is doing'}
      </PageHeading>
      {!signedIn && (
        <p className="usa-intro">
          Plain-language briefs of federal bills that cite the bill&apos;s own words, where each bill stands, and how your representatives vote.{' '}
          <Link to="/signup">Create a free account</Link> to follow bills and hear when they move.
        </p>
      )}
      <QueryState query={dashboard} label="Loading the dashboard…">
        {(d) => (
          <>
            {d.personalized && (
              <>
                <section aria-labelledby="followed-bills">
                  <h2 id="followed-bills">Bills you follow</h2>
                  {d.followed_bills && d.followed_bills.length > 0 ? (
                    <ul className="bw-card-list">
                      {d.followed_bills.map((b) => (
                        <li key={b.id}>
                          <BillCard bill={b} extra={<p className="font-sans-xs">Your stance: {stanceLabel(b.follow_mode)}</p>} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <EmptyState>
                      You follow no bills yet. Open any bill below or <Link to="/bills">browse bills</Link> and press Follow to see its activity here.
                    </EmptyState>
                  )}
                </section>
                <section aria-labelledby="followed-members">
                  <h2 id="followed-members">Members you follow</h2>
                  {d.followed_members && d.followed_members.length > 0 ? (
                    <ul className="bw-card-list">
                      {d.followed_members.map(({ member, recent_votes }) => (
                        <li key={member.id}>
                          <article className="bw-card">
                            <h3>
                              <Link to={`/members/${member.id}`}>{displayName(member.name)}</Link> <span className="bw-muted">({memberPlace(member)})</span>
                            </h3>
                            {recent_votes.length ? (
                              <ul className="usa-list font-sans-xs">
                                {recent_votes.slice(0, 3).map((v) => (
                                  <li key={v.vote_id}>
                                    {formatDate(v.date)}: voted <strong>{v.position}</strong> on {v.question}
                                    {v.bill_id && (
                                      <>
                                        {' '}
                                        (<Link to={`/bills/${v.bill_id}`}>bill</Link>)
                                      </>
                                    )}
                                  </li>
                                ))}
                              </ul>
                            ) : (
                              <p className="font-sans-xs">No recorded votes yet.</p>
                            )}
                          </article>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <EmptyState>
                      You follow no members yet. <Link to="/representatives">Find your representatives</Link> and follow them to see how they vote.
                    </EmptyState>
                  )}
                </section>
                <SavedSearchList />
                {d.followed_topics && d.followed_topics.length > 0 && (
                  <section aria-labelledby="followed-topics">
                    <h2 id="followed-topics">Topics you follow</h2>
                    <ul className="display-flex flex-wrap gap-1 usa-list--unstyled">
                      {d.followed_topics.map((t) => (
                        <li key={t}>
                          <Link to={`/bills?topic=${encodeURIComponent(t)}`} className="usa-tag usa-tag--big bw-topic">
                            {topicWords(t)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )}
            <section aria-labelledby="most-popular">
              <h2 id="most-popular">{d.most_popular.title}</h2>
              <p className="bw-source">
                {d.most_popular.trending_source === 'scores'
                  ? `Ranked by public-interest score (news coverage and search interest)${d.most_popular.window_days ? ` over the last ${d.most_popular.window_days} days` : ''}.`
                  : 'Ranked by recent congressional activity: no public-interest scores are computed yet.'}
              </p>
              {d.most_popular.items.length ? (
                <ul className="bw-card-list">
                  {d.most_popular.items.map((b) => (
                    <li key={b.id}>
                      <BillCard bill={b} extra={b.score !== null ? <p className="font-sans-xs">Public-interest score: {b.score} of 100</p> : undefined} />
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState>
                  No bills are stored yet. Once the service has polled Congress.gov, the most popular bills show here; meanwhile{' '}
                  <Link to="/search">search</Link>.
                </EmptyState>
              )}
            </section>
          </>
        )}
      </QueryState>
    </>
  );
}
