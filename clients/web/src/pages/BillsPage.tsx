/**
 * Browse bills with every filter of GET /api/bills (status, text published, Congress, chamber, category, topic),
 * kept in the URL so a filtered list can be shared; newest action first, more on demand.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { pagesQuery } from '../api/query-keys.ts';
import { BillCard } from '../components/BillCard.tsx';
import { BillFilterFields, type BillFilter } from '../components/BillFilterFields.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../components/QueryState.tsx';
import { FollowToggle } from '../follow/FollowToggle.tsx';
import { SearchIcon } from '../components/SearchIcon.tsx';
import { topicWords } from '../words/topic-words.ts';

/** The filters GET /api/bills takes that have a field (sponsor_id comes from a member's page). */
const FILTERS = ['status', 'has_document', 'congress', 'chamber', 'bill_category', 'topic'] as const satisfies readonly BillFilter[];

export default function BillsPage() {
  const { client } = useApi();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const value = (k: (typeof FILTERS)[number]) => search.get(k) ?? '';
  const congress = Number(value('congress'));
  const query = {
    limit: 20,
    ...(value('status') ? { status: value('status') } : {}),
    ...(value('has_document') ? { has_document: value('has_document') as 'true' | 'false' } : {}),
    ...(Number.isInteger(congress) && congress > 0 ? { congress } : {}),
    ...(value('chamber') ? { chamber: value('chamber') as 'house' | 'senate' } : {}),
    ...(value('bill_category') ? { bill_category: value('bill_category') as 'substantive' | 'commemorative' | 'administrative' } : {}),
    ...(value('topic') ? { topic: value('topic') } : {}),
    ...(search.get('sponsor_id') ? { sponsor_id: search.get('sponsor_id')! } : {}),
  };
  const bills = useInfiniteQuery(pagesQuery(client, '/api/bills', query));
  const set = (k: string, v: string) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (v) next.set(k, v);
      else next.delete(k);
      return next;
    });
  const submitSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = new FormData(e.currentTarget).get('q');
    if (typeof q === 'string' && q.trim()) navigate(`/search?q=${encodeURIComponent(q.trim())}`);
  };
  const items = bills.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = FILTERS.some((k) => value(k)) || search.has('sponsor_id');
  return (
    <>
      <PageHeading>Bills</PageHeading>
      <form className="usa-search margin-bottom-2" role="search" onSubmit={submitSearch}>
        <label className="usa-sr-only" htmlFor="bills-search">
          Search bills by words
        </label>
        <input className="usa-input" id="bills-search" type="search" name="q" maxLength={500} placeholder="Search bills by words" />
        <button className="usa-button" type="submit" aria-label="Search">
          <span className="usa-search__submit-text">Search</span>
          <SearchIcon />
        </button>
      </form>
      <form aria-label="Filter bills" onSubmit={(e) => e.preventDefault()}>
        <BillFilterFields idPrefix="f" filters={FILTERS} params={search} set={set} statusGroups />
        {value('topic') && (
          <div className="margin-top-2">
            <FollowToggle type="topic" id={value('topic')} name={`the topic ${topicWords(value('topic'))}`} />
          </div>
        )}
        {filtered && (
          <button type="button" className="usa-button usa-button--unstyled margin-top-2" onClick={() => setSearch(new URLSearchParams())}>
            Clear all filters
          </button>
        )}
      </form>
      <h2 className="usa-sr-only">Results</h2>
      <div aria-live="polite" aria-busy={bills.isFetching}>
        {bills.isPending ? (
          <LoadingPlaceholder label="Loading bills…" />
        ) : bills.error && items.length === 0 ? (
          <ErrorState error={bills.error} onRetry={() => void bills.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>{filtered ? 'No bill matches these filters. Remove a filter to see more.' : 'No bills are stored yet.'}</EmptyState>
        ) : (
          <>
            <ul className="bw-card-list margin-top-2">
              {items.map((b) => (
                <li key={b.id}>
                  <BillCard bill={b} />
                </li>
              ))}
            </ul>
            {bills.error && <ErrorState error={bills.error} onRetry={() => void bills.fetchNextPage()} />}
            {bills.hasNextPage && (
              <button
                type="button"
                className="usa-button usa-button--outline margin-top-2"
                disabled={bills.isFetchingNextPage}
                onClick={() => void bills.fetchNextPage()}
              >
                {bills.isFetchingNextPage ? 'Loading…' : 'Show more bills'}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
