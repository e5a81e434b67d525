// Bill backfills: start one for a Congress (from the API or the bulk files) and follow each with a progress bar
// drawn from its counts.
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, ErrorState, QueryState } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../words/format.ts';

export function BackfillsSection() {
  const { $api } = useApi();
  const [congress, setCongress] = useState('');
  const [source, setSource] = useState<'api' | 'bulk'>('api');
  const backfills = $api.useQuery(
    'get',
    '/api/admin/backfill-bills',
    {},
    { refetchInterval: (q) => (q.state.data?.items.some((b) => b.state === 'running') ? 5000 : false) },
  );
  const start = $api.useMutation('post', '/api/admin/backfill-bills', { onSuccess: () => void backfills.refetch() });

  function submit(e: FormEvent) {
    e.preventDefault();
    start.mutate({ body: { congress: Number(congress), source } });
  }

  return (
    <section aria-labelledby="admin-backfills">
      <h2 id="admin-backfills">Bill backfills</h2>
      <form className="usa-form" onSubmit={submit} aria-label="Start a bill backfill">
        <label className="usa-label" htmlFor="backfill-congress">
          Congress
        </label>
        <span className="usa-hint" id="backfill-congress-hint">
          The number of the Congress to load whole, such as 118. Starting it again resumes a stalled or failed one.
        </span>
        <input
          className="usa-input usa-input--small"
          id="backfill-congress"
          inputMode="numeric"
          pattern="[0-9]+"
          required
          aria-describedby="backfill-congress-hint"
          value={congress}
          onChange={(e) => setCongress(e.target.value)}
        />
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
              checked={source === 'bulk'}
              onChange={() => setSource('bulk')}
            />
            <label className="usa-radio__label" htmlFor="backfill-bulk">
              GovInfo bulk files
              <span className="usa-checkbox__label-description">A whole Congress in about an hour.</span>
            </label>
          </div>
        </fieldset>
        <button type="submit" className="usa-button margin-top-2" disabled={start.isPending}>
          Start the backfill
        </button>
      </form>
      {start.isSuccess && <p role="status">The backfill of {scopeWords(start.data)} has started.</p>}
      {start.error && <ErrorState error={start.error} />}
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
