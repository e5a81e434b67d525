// Bill backfills: start one for a Congress (from the API or the bulk files) or for a window of update dates (from the
// API), and follow each with a progress bar drawn from its counts.
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { ErrorSummary, FormField, formErrors, type FormErrors } from '../../components/FormField.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import type { FormFields } from '../../words/field-errors.ts';
import { formatDateTime } from '../../words/format.ts';

type Scope = 'congress' | 'window';

/** The fields a refused backfill may name. */
const FIELDS: FormFields = {
  congress: { id: 'backfill-congress', label: 'the Congress' },
  from: { id: 'backfill-from', label: 'the first date', words: [[/after to\b/, 'The first date must not be after the last.']] },
  to: { id: 'backfill-to', label: 'the last date' },
  source: { id: 'backfill-api', label: 'the source' },
};

/** One end of the window of update dates, described by the window's hint too. */
function WindowDate({
  id,
  label,
  value,
  bounds,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  value: string;
  bounds: { min?: string | undefined; max?: string | undefined };
  onChange: (value: string) => void;
  errors: FormErrors;
}) {
  return (
    <FormField id={id} label={label} errors={errors}>
      {(aria) => (
        <input
          className="usa-input usa-input--medium"
          id={id}
          type="date"
          required
          value={value}
          {...bounds}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
          aria-describedby={['backfill-window-hint', aria['aria-describedby']].filter(Boolean).join(' ')}
        />
      )}
    </FormField>
  );
}

export function BackfillsSection() {
  const { $api } = useApi();
  const [scope, setScope] = useState<Scope>('congress');
  const [congress, setCongress] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [source, setSource] = useState<'api' | 'bulk'>('api');
  const backfills = $api.useQuery(
    'get',
    '/api/admin/backfill-bills',
    {},
    { refetchInterval: (q) => (q.state.data?.items.some((b) => b.state === 'running') ? 5000 : false) },
  );
  const start = $api.useMutation('post', '/api/admin/backfill-bills', { onSuccess: () => void backfills.refetch() });

  const errors = formErrors(start.error, FIELDS);

  function submit(e: FormEvent) {
    e.preventDefault();
    // The bulk files come a whole Congress at a time, so a window of dates is read from the API.
    start.mutate({ body: scope === 'congress' ? { congress: Number(congress), source } : { from, to, source: 'api' } });
  }

  return (
    <section aria-labelledby="admin-backfills">
      <h2 id="admin-backfills">Bill backfills</h2>
      <form className="usa-form" onSubmit={submit} aria-label="Start a bill backfill">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">Which bills</legend>
          <div className="usa-radio">
            <input
              className="usa-radio__input"
              id="backfill-scope-congress"
              type="radio"
              name="backfill-scope"
              checked={scope === 'congress'}
              onChange={() => setScope('congress')}
            />
            <label className="usa-radio__label" htmlFor="backfill-scope-congress">
              A whole Congress
            </label>
          </div>
          <div className="usa-radio">
            <input
              className="usa-radio__input"
              id="backfill-scope-window"
              type="radio"
              name="backfill-scope"
              checked={scope === 'window'}
              onChange={() => {
                setScope('window');
                setSource('api');
              }}
            />
            <label className="usa-radio__label" htmlFor="backfill-scope-window">
              Bills updated between two dates
              <span className="usa-checkbox__label-description">At most 366 days, from the Congress.gov API.</span>
            </label>
          </div>
        </fieldset>
        {scope === 'congress' ? (
          <>
            <FormField
              id="backfill-congress"
              label="Congress"
              hint="The number of the Congress to load whole, such as 118. Starting it again resumes a stalled or failed one."
              errors={errors}
            >
              {(aria) => (
                <input
                  className="usa-input usa-input--small"
                  id="backfill-congress"
                  inputMode="numeric"
                  pattern="[0-9]+"
                  required
                  value={congress}
                  onChange={(e) => setCongress(e.target.value)}
                  {...aria}
                />
              )}
            </FormField>
          </>
        ) : (
          <>
            <span className="usa-hint" id="backfill-window-hint">
              Loads every bill Congress.gov updated from the first date to the last, both included (UTC). Starting the same window again resumes it.
            </span>
            <WindowDate id="backfill-from" label="Updated from" value={from} bounds={{ max: to || undefined }} onChange={setFrom} errors={errors} />
            <WindowDate id="backfill-to" label="Updated to" value={to} bounds={{ min: from || undefined }} onChange={setTo} errors={errors} />
          </>
        )}
        <fieldset className="usa-fieldset margin-top-2">
          <legend className="usa-legend">Source</legend>
          <div className="usa-radio">
            <input
              className="usa-radio__input"
              id="backfill-api"
              type="radio"
              name="backfill-source"
              checked={source === 'api'}
              onChange={() => setSource('api')}
            />
            <label className="usa-radio__label" htmlFor="backfill-api">
              Congress.gov API
              <span className="usa-checkbox__label-description">Paced within the hourly call budget.</span>
            </label>
          </div>
          <div className="usa-radio">
            <input
              className="usa-radio__input"
              id="backfill-bulk"
              type="radio"
              name="backfill-source"
              disabled={scope === 'window'}
              checked={source === 'bulk'}
              onChange={() => setSource('bulk')}
            />
            <label className="usa-radio__label" htmlFor="backfill-bulk">
              GovInfo bulk files
              <span className="usa-checkbox__label-description">A whole Congress in about an hour (not for a window of dates).</span>
            </label>
          </div>
        </fieldset>
        <button type="submit" className="usa-button margin-top-2" disabled={start.isPending}>
          Start the backfill
        </button>
      </form>
      {start.isSuccess && <p role="status">The backfill of {scopeWords(start.data)} has started.</p>}
      <ErrorSummary errors={errors} />
      <QueryState query={backfills} label="Loading the backfills…">
        {(d) =>
          d.items.length === 0 ? (
            <EmptyState>No backfill has run yet. Start one above to load the bills of a past Congress.</EmptyState>
          ) : (
            <ul className="usa-list usa-list--unstyled">
              {d.items.map((b) => (
                <BackfillProgress key={b.id} backfill={b} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function scopeWords(b: Schemas['BillBackfill']): string {
  return b.scope.kind === 'congress' ? `Congress ${b.scope.congress}` : `bills updated ${b.scope.from} to ${b.scope.to}`;
}

function BackfillProgress({ backfill: b }: { backfill: Schemas['BillBackfill'] }) {
  const name = `Backfill of ${scopeWords(b)} (${b.source === 'bulk' ? 'bulk files' : 'API'})`;
  const total = b.bills_total;
  const state = b.state === 'running' && b.stalled ? 'stalled: start it again to resume' : b.state;
  return (
    <li className="margin-bottom-2">
      <strong id={`backfill-${b.id}`}>{name}</strong>: {state}
      <div>
        {total !== null && total > 0 ? (
          <progress aria-labelledby={`backfill-${b.id}`} max={total} value={Math.min(b.bills_seen, total)} />
        ) : (
          b.state === 'running' && <progress aria-labelledby={`backfill-${b.id}`} />
        )}
      </div>
      <p className="margin-y-05">
        {b.bills_seen} of {total ?? 'unknown'} bills read, {b.bills_queued} new, {b.bills_refreshed} refreshed
        {b.files_failed ? `, ${b.files_failed} files unreadable` : ''}; pages {b.pages_done} of {b.pages_total ?? 'unknown'}. Started{' '}
        {formatDateTime(b.started_at)} by {b.started_by}
        {b.finished_at ? `, finished ${formatDateTime(b.finished_at)}` : ''}.
      </p>
      {b.error && <p className="text-error">{b.error}</p>}
    </li>
  );
}
