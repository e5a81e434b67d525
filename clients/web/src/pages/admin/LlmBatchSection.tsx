// The LLM batch: ask for one (a job builds and submits it) and follow its progress until it is imported.
import { useApi } from '../../api/api-context.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { formatDateTime, plural } from '../../words/format.ts';

// The statuses that leave the slot free (shared/domain/briefs/batch-state.schema.ts); any other is still moving.
const FINISHED = ['none', 'completed', 'failed', 'expired', 'cancelled'];

export function LlmBatchSection() {
  const { $api } = useApi();
  const status = $api.useQuery(
    'get',
    '/api/admin/llm-batch-status',
    {},
    { refetchInterval: (q) => (q.state.data && !FINISHED.includes(q.state.data.status) ? 10_000 : false) },
  );
  const submit = $api.useMutation('post', '/api/admin/submit-llm-batch', { onSuccess: () => void status.refetch() });
  // The same read as the language model section above (one request): with no provider, or one without a batch
  // interface, there is nothing to submit to, and the button says why instead of answering an error.
  const settings = $api.useQuery('get', '/api/settings');
  const why = !settings.data
    ? null
    : settings.data.llm_provider === 'none'
      ? 'No language model provider is set, so there is nothing to send a batch to: choose a provider under Language model first.'
      : settings.data.batch_supported
        ? null
        : `The provider in force (${settings.data.llm_provider}) has no batch interface: choose one that has, under Language model.`;
  return (
    <section aria-labelledby="admin-llm-batch">
      <h2 id="admin-llm-batch">LLM batch</h2>
      <p>A batch briefs up to 1,000 documents at the provider’s batch price; a job builds it, submits it and imports the briefs when it ends.</p>
      <QueryState query={status} label="Loading the LLM batch…">
        {(b) =>
          b.status === 'none' ? (
            <p>No batch has been asked for.</p>
          ) : (
            <div>
              <p id="llm-batch-state">
                Batch {b.batch_id ?? ''} ({b.provider ?? 'provider unknown'}
                {b.model ? `, ${b.model}` : ''}): <strong>{b.status.replace('_', ' ')}</strong>
                {b.requested_at ? `, asked for ${formatDateTime(b.requested_at)}` : ''}
                {b.status === 'submitted' && !b.batch_id && b.lease_until
                  ? `; if it is not built by ${formatDateTime(b.lease_until)} the slot frees itself`
                  : ''}
                .
              </p>
              {b.total !== undefined && b.total > 0 ? (
                <progress aria-labelledby="llm-batch-state" max={b.total} value={Math.min((b.completed ?? 0) + (b.failed ?? 0), b.total)} />
              ) : (
                !FINISHED.includes(b.status) && <progress aria-labelledby="llm-batch-state" />
              )}
              {b.total !== undefined && (
                <p className="margin-y-05">
                  {b.completed ?? 0} of {plural(b.total, 'document')} done, {b.failed ?? 0} failed; {plural(b.imported ?? 0, 'brief')} imported
                  {b.import_failed ? `, ${b.import_failed} could not be imported` : ''}.
                </p>
              )}
              {b.error && <p className="text-error">{b.error}</p>}
            </div>
          )
        }
      </QueryState>
      <button
        type="button"
        className="usa-button"
        disabled={submit.isPending || why !== null}
        aria-describedby={why ? 'llm-batch-why' : undefined}
        onClick={() => submit.mutate({})}
      >
        Submit an LLM batch
      </button>
      {why && (
        <p id="llm-batch-why" className="usa-hint">
          {why}
        </p>
      )}
      {submit.isSuccess && <p role="status">The batch is asked for; a job is building it.</p>}
      {submit.error && <ErrorState error={submit.error} />}
    </section>
  );
}
