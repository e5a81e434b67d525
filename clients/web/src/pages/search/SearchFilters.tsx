/**
 * The filters and sort of a bill search (every one GET /api/search takes), read from and written to the URL, and
 * the search query they make. A filter that changes applies at once, as on the bills list.
 */
import type { SetURLSearchParams } from 'react-router';
import type { paths } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { ALL_STATUSES, statusWords } from '../../words/status-words.ts';

type Query = NonNullable<paths['/api/search']['get']['parameters']['query']>;

export const SEARCH_FILTERS = ['congress', 'chamber', 'type', 'status', 'topic', 'sponsor_id', 'has_document', 'from', 'to'] as const;

const BILL_TYPES: { value: NonNullable<Query['type']>; label: string }[] = [
  { value: 'hr', label: 'H.R. (House bill)' },
  { value: 's', label: 'S. (Senate bill)' },
  { value: 'hjres', label: 'H.J.Res. (House joint resolution)' },
  { value: 'sjres', label: 'S.J.Res. (Senate joint resolution)' },
  { value: 'hconres', label: 'H.Con.Res. (House concurrent resolution)' },
  { value: 'sconres', label: 'S.Con.Res. (Senate concurrent resolution)' },
  { value: 'hres', label: 'H.Res. (House simple resolution)' },
  { value: 'sres', label: 'S.Res. (Senate simple resolution)' },
];
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
  const { $api } = useApi();
  const topics = $api.useQuery('get', '/api/topics', { params: { query: { limit: 100 } } });
  const value = (k: string) => params.get(k) ?? '';
  const set = (k: string, v: string) =>
    setParams((s) => {
      const next = new URLSearchParams(s);
      if (v) next.set(k, v);
      else next.delete(k);
      return next;
    });
  const filtered = SEARCH_FILTERS.some((k) => value(k));
  return (
    <form aria-label="Filter and sort bills" onSubmit={(e) => e.preventDefault()}>
      <div className="bw-filters">
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-sort">
            Sort bills by
          </label>
          <select className="usa-select" id="s-sort" value={value('sort') === 'date' ? 'date' : ''} onChange={(e) => set('sort', e.target.value)}>
            <option value="">Best match</option>
            <option value="date">Newest action first</option>
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-congress">
            Congress
          </label>
          <input
            className="usa-input"
            id="s-congress"
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
          <label className="usa-label" htmlFor="s-chamber">
            Chamber
          </label>
          <select className="usa-select" id="s-chamber" value={value('chamber')} onChange={(e) => set('chamber', e.target.value)}>
            <option value="">Both</option>
            <option value="house">House</option>
            <option value="senate">Senate</option>
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-type">
            Type
          </label>
          <select className="usa-select" id="s-type" value={value('type')} onChange={(e) => set('type', e.target.value)}>
            <option value="">Any type</option>
            {BILL_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-status">
            Status
          </label>
          <select className="usa-select" id="s-status" value={value('status')} onChange={(e) => set('status', e.target.value)}>
            <option value="">Any status</option>
            {ALL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusWords(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-topic">
            Topic
          </label>
          <select className="usa-select" id="s-topic" value={value('topic')} onChange={(e) => set('topic', e.target.value)}>
            <option value="">Any topic</option>
            {value('topic') && !topics.data?.items.some((t) => t.topic === value('topic')) && <option value={value('topic')}>{value('topic')}</option>}
            {topics.data?.items.map((t) => (
              <option key={t.topic} value={t.topic}>
                {t.topic} ({t.bill_count})
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-doc">
            Text published
          </label>
          <select className="usa-select" id="s-doc" value={value('has_document')} onChange={(e) => set('has_document', e.target.value)}>
            <option value="">Either</option>
            <option value="true">With published text</option>
            <option value="false">No text yet</option>
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-from">
            Latest action from
          </label>
          <input className="usa-input" id="s-from" type="date" value={value('from')} onChange={(e) => set('from', e.target.value)} />
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="s-to">
            Latest action to
          </label>
          <input className="usa-input" id="s-to" type="date" value={value('to')} onChange={(e) => set('to', e.target.value)} />
        </div>
      </div>
      {value('sponsor_id') && (
        <p className="margin-bottom-0">
          Only bills sponsored by member {value('sponsor_id')}.{' '}
          <button type="button" className="usa-button usa-button--unstyled" onClick={() => set('sponsor_id', '')}>
            Show every sponsor
          </button>
        </p>
      )}
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
  );
}
