/**
 * Search bills, members and topics at once. The words, filters and sort live in the URL (?q=&congress=&sort=…) so
 * a search can be shared; bills come a page at a time with the total, each with the passage that matched and its
 * words highlighted. The 500-character cap is said up front. "Follow this search" saves the words and filters as a
 * search follow that alerts on new matching bills and text versions.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { pagesOf } from '../api/query-keys.ts';
import { BillCard } from '../components/BillCard.tsx';
import { MatchSnippet } from '../components/MatchSnippet.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../components/QueryState.tsx';
import { FollowToggle } from '../follow/FollowToggle.tsx';
import { SearchIcon } from '../components/SearchIcon.tsx';
import { displayName, memberPlace, plural } from '../words/format.ts';
import { SearchFilters, searchQueryOf, SEARCH_FILTERS } from './search/SearchFilters.tsx';
import { FollowSearchButton } from './search/FollowSearchButton.tsx';
import { savedFiltersOf } from '../follow/saved-searches.ts';
import { topicWords } from '../words/topic-words.ts';

const MAX = 500;
const PAGE = 20;

export default function SearchPage() {
  const { client } = useApi();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const query = { ...searchQueryOf(params), q, limit: PAGE };
  // The first page goes without a cursor (openapi-react-query's infinite hook would send cursor=0).
  const results = useInfiniteQuery({
    queryKey: pagesOf('/api/search', query),
    enabled: q.trim().length > 0,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await client.GET('/api/search', { params: { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })).data!,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams((s) => {
      const next = new URLSearchParams(s);
      if (draft.trim()) next.set('q', draft.trim());
      else next.delete('q');
      return next;
    });
  };
  const first = results.data?.pages[0];
  const bills = results.data?.pages.flatMap((p) => p.bills) ?? [];
  const filtered = SEARCH_FILTERS.some((k) => params.get(k));
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
      <SearchFilters params={params} setParams={setParams} />
      {q.trim() && <FollowSearchButton search={{ q: q.trim(), filters: savedFiltersOf(searchQueryOf(params)) }} />}
      {q.trim() && (
        <div aria-live="polite" aria-busy={results.isFetching}>
          {results.isPending ? (
            <LoadingPlaceholder label="Searching…" />
          ) : !first ? (
            <ErrorState error={results.error} onRetry={() => void results.refetch()} />
          ) : first.total + first.members.length + first.topics.length === 0 ? (
            <EmptyState>
              Nothing matches “{first.q}”{filtered ? ' with these filters. Remove a filter, or try' : '. Try'} fewer or different words, or a bill number such
              as H.R. 1.
            </EmptyState>
          ) : (
            <>
              <section aria-labelledby="r-bills">
                <h2 id="r-bills">Bills ({first.total.toLocaleString('en-US')})</h2>
                {bills.length ? (
                  <>
                    <p className="font-sans-xs">
                      {plural(first.total, 'bill')} match{first.total === 1 ? 'es' : ''}
                      {params.get('sort') === 'date' ? ', newest action first' : ', most relevant first'}; showing {bills.length.toLocaleString('en-US')}.
                    </p>
                    <ul className="bw-card-list">
                      {bills.map((b) => (
                        <li key={b.id}>
                          <BillCard bill={b} extra={b.match ? <MatchSnippet match={b.match} /> : undefined} />
                        </li>
                      ))}
                    </ul>
                    {results.error && <ErrorState error={results.error} onRetry={() => void results.fetchNextPage()} />}
                    {results.hasNextPage && (
                      <button
                        type="button"
                        className="usa-button usa-button--outline margin-top-2"
                        disabled={results.isFetchingNextPage}
                        onClick={() => void results.fetchNextPage()}
                      >
                        {results.isFetchingNextPage ? 'Loading…' : 'Show more bills'}
                      </button>
                    )}
                  </>
                ) : (
                  <p>No bill matches{filtered ? ' with these filters' : ''}.</p>
                )}
              </section>
              <section aria-labelledby="r-members">
                <h2 id="r-members">Members ({first.members.length})</h2>
                {first.members.length ? (
                  <ul className="usa-list">
                    {first.members.map((m) => (
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
                <h2 id="r-topics">Topics ({first.topics.length})</h2>
                {first.topics.length ? (
                  <ul className="usa-list usa-list--unstyled">
                    {first.topics.map((t) => (
                      <li key={t.topic} className="display-flex flex-wrap flex-align-center gap-2 margin-bottom-1">
                        <Link to={`/bills?topic=${encodeURIComponent(t.topic)}`}>
                          {topicWords(t.topic)} ({t.bill_count} {t.bill_count === 1 ? 'bill' : 'bills'})
                        </Link>
                        <FollowToggle type="topic" id={t.topic} name={`the topic ${topicWords(t.topic)}`} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>No topic matches.</p>
                )}
              </section>
            </>
          )}
        </div>
      )}
    </>
  );
}
