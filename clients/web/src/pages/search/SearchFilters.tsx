/**
 * The filters and sort of a bill search (every one GET /api/search takes), read from and written to the URL, and
 * the search query they make. A filter that changes applies at once, as on the bills list.
 */
import type { SetURLSearchParams } from 'react-router';
import type { paths } from '../../../../typescript/index.ts';
import { BILL_TYPES, BillFilterFields, type BillFilter } from '../../components/BillFilterFields.tsx';
import { useWideScreen } from '../../components/use-wide-screen.ts';
import { ALL_STATUSES } from '../../words/status-words.ts';

type Query = NonNullable<paths['/api/search']['get']['parameters']['query']>;

export const SEARCH_FILTERS = ['congress', 'chamber', 'type', 'status', 'topic', 'sponsor_id', 'has_document', 'from', 'to'] as const;
/** The filters with a field, in the order the form shows them (sponsor_id comes from a member's page). */
const FIELD_FILTERS = ['congress', 'chamber', 'type', 'status', 'topic', 'has_document', 'from', 'to'] as const satisfies readonly BillFilter[];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters and sort in the URL as the search query's fields (values the API would refuse are left out). */
export function searchQueryOf(params: URLSearchParams): Omit<Query, 'q' | 'limit' | 'cursor'> {
  const get = (k: string) => params.get(k) ?? '';
  const congress = Number(get('congress'));
  const chamber = get('chamber');
  const type = BILL_TYPES.find((t) => t.value === get('type'))?.value;
  const status = ALL_STATUSES.find((s) => s === get('status'));
  const hasDocument = get('has_document');
  return {
    ...(Number.isInteger(congress) && congress > 0 ? { congress } : {}),
    ...(chamber === 'house' || chamber === 'senate' ? { chamber } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    ...(get('topic') ? { topic: get('topic') } : {}),
    ...(get('sponsor_id') ? { sponsor_id: get('sponsor_id') } : {}),
    ...(hasDocument === 'true' || hasDocument === 'false' ? { has_document: hasDocument } : {}),
    ...(DATE.test(get('from')) ? { from: get('from') } : {}),
    ...(DATE.test(get('to')) ? { to: get('to') } : {}),
    ...(get('sort') === 'date' ? { sort: 'date' as const } : {}),
  };
}

export function SearchFilters({ params, setParams }: { params: URLSearchParams; setParams: SetURLSearchParams }) {
  const value = (k: string) => params.get(k) ?? '';
  const set = (k: string, v: string) =>
    setParams((s) => {
      const next = new URLSearchParams(s);
      if (v) next.set(k, v);
      else next.delete(k);
      return next;
    });
  const on = SEARCH_FILTERS.filter((k) => value(k)).length;
  const filtered = on > 0;
  // On a phone the results come first: the filters wait behind a disclosure that says how many are on.
  const wide = useWideScreen();
  return (
    <details className="bw-disclosure" open={wide}>
      <summary>Filters and sort{on > 0 ? ` (${on} on)` : ''}</summary>
      <form aria-label="Filter and sort bills" onSubmit={(e) => e.preventDefault()}>
        <BillFilterFields idPrefix="s" filters={FIELD_FILTERS} params={params} set={set}>
          <div className="usa-form-group">
            <label className="usa-label" htmlFor="s-sort">
              Sort bills by
            </label>
            <select className="usa-select" id="s-sort" value={value('sort') === 'date' ? 'date' : ''} onChange={(e) => set('sort', e.target.value)}>
              <option value="">Best match</option>
              <option value="date">Newest action first</option>
            </select>
          </div>
        </BillFilterFields>
        {filtered && (
          <button
            type="button"
            className="usa-button usa-button--unstyled margin-top-2"
            onClick={() => setParams((s) => new URLSearchParams(s.get('q') ? { q: s.get('q')! } : {}))}
          >
            Clear all filters
          </button>
        )}
      </form>
    </details>
  );
}
