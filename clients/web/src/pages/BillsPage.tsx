/**
 * Browse bills with every filter of GET /api/bills (status, text published, Congress, chamber, category, topic),
 * kept in the URL so a filtered list can be shared; newest action first, more on demand.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { BillCard } from '../components/BillCard.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { EmptyState, ErrorState, LoadingPlaceholder } from '../components/QueryState.tsx';
import { FollowToggle } from '../follow/FollowToggle.tsx';
import { SearchIcon } from '../components/SearchIcon.tsx';
import { ALL_STATUSES, statusWords } from '../words/status-words.ts';
import { topicWords } from '../words/topic-words.ts';

const STATUS_GROUPS = [
  { value: 'ENACTED', label: 'Became law (any way)' },
  { value: 'PASS_OVER', label: 'Passed one chamber' },
  { value: 'PASSED', label: 'Passed Congress or agreed to' },
  { value: 'VETOED', label: 'Vetoed' },
  { value: 'FAIL', label: 'Failed a vote' },
];

const FILTERS = ['status', 'has_document', 'congress', 'chamber', 'bill_category', 'topic'] as const;

export default function BillsPage() {
  const { $api, client } = useApi();
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
  // The first page goes without a cursor (openapi-react-query's infinite hook would send cursor=0).
  const bills = useInfiniteQuery({
    queryKey: ['bills-list', query],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) =>
      (await client.GET('/api/bills', { params: { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })).data!,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const topics = $api.useQuery('get', '/api/topics', { params: { query: { limit: 100 } } });
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
        <div className="bw-filters">
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="f-status">
              Status
            </label>
            <select className="usa-select" id="f-status" value={value('status')} onChange={(e) => set('status', e.target.value)}>
              <option value="">Any status</option>
              <optgroup label="Groups">
                {STATUS_GROUPS.map((g) => (
                  <option key={g.value} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Exact status">
                {ALL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusWords(s)}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="f-doc">
              Text published
            </label>
            <select className="usa-select" id="f-doc" value={value('has_document')} onChange={(e) => set('has_document', e.target.value)}>
              <option value="">Either</option>
              <option value="true">With published text</option>
              <option value="false">No text yet</option>
            </select>
          </div>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="f-congress">
              Congress
            </label>
            <input
              className="usa-input"
              id="f-congress"
              type="number"
              inputMode="numeric"
              min={93}
              max={200}
              placeholder="e.g. 119"
              value={value('congress')}
              onChange={(e) => set('congress', e.target.value)}
            />
          </div>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="f-chamber">
              Chamber
            </label>
            <select className="usa-select" id="f-chamber" value={value('chamber')} onChange={(e) => set('chamber', e.target.value)}>
              <option value="">Both</option>
              <option value="house">House</option>
              <option value="senate">Senate</option>
            </select>
          </div>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="f-category">
              Kind of bill
            </label>
            <select className="usa-select" id="f-category" value={value('bill_category')} onChange={(e) => set('bill_category', e.target.value)}>
              <option value="">Any kind</option>
              <option value="substantive">Substantive (changes policy)</option>
              <option value="commemorative">Commemorative (names, honours)</option>
              <option value="administrative">Administrative (procedure)</option>
            </select>
          </div>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="f-topic">
              Topic
            </label>
            <select className="usa-select" id="f-topic" value={value('topic')} onChange={(e) => set('topic', e.target.value)}>
              <option value="">Any topic</option>
              {value('topic') && !topics.data?.items.some((t) => t.topic === value('topic')) && <option value={value('topic')}>{value('topic')}</option>}
              {topics.data?.items.map((t) => (
                <option key={t.topic} value={t.topic}>
                  {topicWords(t.topic)} ({t.bill_count})
                </option>
              ))}
            </select>
          </div>
        </div>
        {value('topic') && (
          <div className="margin-top-2">
            <FollowToggle type="topic" id={value('topic')} name={`the topic ${value('topic')}`} />
          </div>
        )}
        {search.get('sponsor_id') && (
          <p className="margin-bottom-0">
            Only bills sponsored by member {search.get('sponsor_id')}.{' '}
            <button type="button" className="usa-button usa-button--unstyled" onClick={() => set('sponsor_id', '')}>
              Show every sponsor
            </button>
          </p>
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
