// Search bills, members and topics at once; the query lives in the URL (?q=), and the 500-character cap is said up front.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { BillCard } from '../components/BillCard.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, QueryState } from '../components/QueryState.tsx';
import { FollowToggle } from '../follow/FollowToggle.tsx';
import { SearchIcon } from '../components/SearchIcon.tsx';
import { displayName, memberPlace } from '../words/format.ts';

const MAX = 500;

export default function SearchPage() {
  const { $api } = useApi();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const results = $api.useQuery('get', '/api/search', { params: { query: { q, limit: 20 } } }, { enabled: q.trim().length > 0 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <>
      <PageHeading>Search</PageHeading>
      <form className="usa-form maxw-none" role="search" onSubmit={submit}>
        <label className="usa-label" htmlFor="search-q">
          Bills, members and topics
        </label>
        <div className="usa-hint" id="search-hint">
          Words from a title, summary or text, a bill number such as “H.R. 3076”, a member&apos;s name or a topic. Put “quoted phrases” in quotes. At most {MAX}{' '}
          characters.
        </div>
        <div className="usa-search">
          <input
            className="usa-input"
            id="search-q"
            type="search"
            value={draft}
            maxLength={MAX}
            aria-describedby="search-hint search-count"
            onChange={(e) => setDraft(e.target.value)}
          />
          <button className="usa-button" type="submit" aria-label="Search">
            <span className="usa-search__submit-text">Search</span>
            <SearchIcon />
          </button>
        </div>
        <p id="search-count" className="usa-hint font-sans-xs" aria-live="polite">
          {draft.length >= MAX - 50 ? `${MAX - draft.length} characters left` : ''}
        </p>
      </form>
      {q.trim() && (
        <QueryState query={results} label="Searching…">
          {(d) =>
            d.bills.length + d.members.length + d.topics.length === 0 ? (
              <EmptyState>Nothing matches “{d.q}”. Try fewer or different words, or a bill number such as H.R. 1.</EmptyState>
            ) : (
              <>
                <section aria-labelledby="r-bills">
                  <h2 id="r-bills">Bills ({d.bills.length})</h2>
                  {d.bills.length ? (
                    <ul className="bw-card-list">
                      {d.bills.map((b) => (
                        <li key={b.id}>
                          <BillCard bill={b} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p>No bill matches.</p>
                  )}
                </section>
                <section aria-labelledby="r-members">
                  <h2 id="r-members">Members ({d.members.length})</h2>
                  {d.members.length ? (
                    <ul className="usa-list">
                      {d.members.map((m) => (
                        <li key={m.id}>
                          <Link to={`/members/${m.id}`}>{displayName(m.name)}</Link> ({memberPlace(m)}, {m.chamber === 'senate' ? 'Senate' : 'House'})
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p>No member matches.</p>
                  )}
                </section>
                <section aria-labelledby="r-topics">
                  <h2 id="r-topics">Topics ({d.topics.length})</h2>
                  {d.topics.length ? (
                    <ul className="usa-list usa-list--unstyled">
                      {d.topics.map((t) => (
                        <li key={t.topic} className="display-flex flex-wrap flex-align-center gap-2 margin-bottom-1">
                          <Link to={`/bills?topic=${encodeURIComponent(t.topic)}`}>
                            {t.topic} ({t.bill_count} bills)
                          </Link>
                          <FollowToggle type="topic" id={t.topic} name={`the topic ${t.topic}`} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p>No topic matches.</p>
                  )}
                </section>
              </>
            )
          }
        </QueryState>
      )}
    </>
  );
}
