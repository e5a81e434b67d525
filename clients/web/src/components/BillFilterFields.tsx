/**
 * The bill filter controls shared by the bills list and the search page: each filter a labelled field whose value
 * lives in the URL (the caller says which filters its API takes, and in what order), and the note for a sponsor
 * filter, which has no field of its own (it comes from a member's page). The caller owns the form around them.
 */
import type { ReactNode } from 'react';
import type { paths } from '../../../typescript/index.ts';
import { useApi } from '../api/api-context.tsx';
import { ALL_STATUSES, statusWords } from '../words/status-words.ts';
import { topicWords } from '../words/topic-words.ts';

export type BillFilter = 'status' | 'has_document' | 'congress' | 'chamber' | 'type' | 'bill_category' | 'topic' | 'from' | 'to';

export type BillType = NonNullable<NonNullable<paths['/api/search']['get']['parameters']['query']>['type']>;

export const BILL_TYPES: { value: BillType; label: string }[] = [
  { value: 'hr', label: 'H.R. (House bill)' },
  { value: 's', label: 'S. (Senate bill)' },
  { value: 'hjres', label: 'H.J.Res. (House joint resolution)' },
  { value: 'sjres', label: 'S.J.Res. (Senate joint resolution)' },
  { value: 'hconres', label: 'H.Con.Res. (House concurrent resolution)' },
  { value: 'sconres', label: 'S.Con.Res. (Senate concurrent resolution)' },
  { value: 'hres', label: 'H.Res. (House simple resolution)' },
  { value: 'sres', label: 'S.Res. (Senate simple resolution)' },
];

/** Status prefixes the bills list takes besides exact codes (GET /api/search takes exact codes only). */
const STATUS_GROUPS = [
  { value: 'ENACTED', label: 'Became law (any way)' },
  { value: 'PASS_OVER', label: 'Passed one chamber' },
  { value: 'PASSED', label: 'Passed Congress or agreed to' },
  { value: 'VETOED', label: 'Vetoed' },
  { value: 'FAIL', label: 'Failed a vote' },
];

/** Each filter's field id suffix and label (ids are `${idPrefix}-${suffix}`, unique per page). */
const FIELDS: Record<BillFilter, { suffix: string; label: string }> = {
  status: { suffix: 'status', label: 'Status' },
  has_document: { suffix: 'doc', label: 'Text published' },
  congress: { suffix: 'congress', label: 'Congress' },
  chamber: { suffix: 'chamber', label: 'Chamber' },
  type: { suffix: 'type', label: 'Type' },
  bill_category: { suffix: 'category', label: 'Kind of bill' },
  topic: { suffix: 'topic', label: 'Topic' },
  from: { suffix: 'from', label: 'Latest action from' },
  to: { suffix: 'to', label: 'Latest action to' },
};

interface Props {
  /** Prefix of the fields' ids, so two forms on one page cannot clash. */
  idPrefix: string;
  /** The filters to show, in order. */
  filters: readonly BillFilter[];
  params: URLSearchParams;
  /** Sets one parameter of the URL; an empty value removes it. */
  set: (key: string, value: string) => void;
  /** Offer the status groups (prefixes) before the exact statuses. */
  statusGroups?: boolean;
  /** Fields of the caller's own, shown first in the same grid (the search page's sort). */
  children?: ReactNode;
}

export function BillFilterFields({ idPrefix, filters, params, set, statusGroups = false, children }: Props) {
  const { $api } = useApi();
  const wantsTopics = filters.includes('topic');
  const topics = $api.useQuery('get', '/api/topics', { params: { query: { limit: 100 } } }, { enabled: wantsTopics });
  const value = (k: string) => params.get(k) ?? '';
  const sponsor = value('sponsor_id');

  const control = (filter: BillFilter, id: string): ReactNode => {
    const selectProps = { className: 'usa-select', id, value: value(filter), onChange: (e: { target: { value: string } }) => set(filter, e.target.value) };
    switch (filter) {
      case 'status':
        return (
          <select {...selectProps}>
            <option value="">Any status</option>
            {statusGroups ? (
              <>
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
              </>
            ) : (
              ALL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusWords(s)}
                </option>
              ))
            )}
          </select>
        );
      case 'has_document':
        return (
          <select {...selectProps}>
            <option value="">Either</option>
            <option value="true">With published text</option>
            <option value="false">No text yet</option>
          </select>
        );
      case 'congress':
        return (
          <input
            className="usa-input"
            id={id}
            type="number"
            inputMode="numeric"
            min={93}
            max={200}
            placeholder="e.g. 119"
            value={value('congress')}
            onChange={(e) => set('congress', e.target.value)}
          />
        );
      case 'chamber':
        return (
          <select {...selectProps}>
            <option value="">Both</option>
            <option value="house">House</option>
            <option value="senate">Senate</option>
          </select>
        );
      case 'type':
        return (
          <select {...selectProps}>
            <option value="">Any type</option>
            {BILL_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        );
      case 'bill_category':
        return (
          <select {...selectProps}>
            <option value="">Any kind</option>
            <option value="substantive">Substantive (changes policy)</option>
            <option value="commemorative">Commemorative (names, honours)</option>
            <option value="administrative">Administrative (procedure)</option>
          </select>
        );
      case 'topic': {
        const current = value('topic');
        return (
          <>
            {/* Without the list the filter still works for the topic in the link; it says why the list is short. */}
            {topics.error && (
              <span className="usa-error-message" role="alert">
                The list of topics did not load.
              </span>
            )}
            <select {...selectProps}>
              <option value="">Any topic</option>
              {/* A topic from a link that is not among the first hundred still shows as chosen. */}
              {current && !topics.data?.items.some((t) => t.topic === current) && <option value={current}>{topicWords(current)}</option>}
              {topics.data?.items.map((t) => (
                <option key={t.topic} value={t.topic}>
                  {topicWords(t.topic)} ({t.bill_count})
                </option>
              ))}
            </select>
          </>
        );
      }
      case 'from':
      case 'to':
        return <input className="usa-input" id={id} type="date" value={value(filter)} onChange={(e) => set(filter, e.target.value)} />;
    }
  };

  return (
    <>
      <div className="bw-filters">
        {children}
        {filters.map((filter) => {
          const id = `${idPrefix}-${FIELDS[filter].suffix}`;
          return (
            <div key={filter} className="usa-form-group">
              <label className="usa-label" htmlFor={id}>
                {FIELDS[filter].label}
              </label>
              {control(filter, id)}
            </div>
          );
        })}
      </div>
      {sponsor && (
        <p className="margin-bottom-0">
          Only bills sponsored by member {sponsor}.{' '}
          <button type="button" className="usa-button usa-button--unstyled" onClick={() => set('sponsor_id', '')}>
            Show every sponsor
          </button>
        </p>
      )}
    </>
  );
}
