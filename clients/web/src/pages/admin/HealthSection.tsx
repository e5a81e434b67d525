// External API health: each provider's check with its status and latency, checked when the admin asks.
import { useApi } from '../../api/api-context.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { AdminTable } from './AdminTable.tsx';

const STATUS_WORDS = { ok: 'Working', error: 'Failing', not_configured: 'Not configured', disabled: 'Switched off' } as const;

export function HealthSection() {
  const { $api } = useApi();
  // Each check calls the real providers: only on request, never on every visit of the console.
  const health = $api.useQuery('get', '/api/admin/health', {}, { enabled: false });
  return (
    <section aria-labelledby="admin-health">
      <h2 id="admin-health">External APIs</h2>
      <button type="button" className="usa-button usa-button--outline" disabled={health.isFetching} onClick={() => void health.refetch()}>
        {health.isFetching ? 'Checking…' : 'Check the external APIs'}
      </button>
      {(health.data || health.error) && (
        <QueryState query={health} label="Checking the external APIs…">
          {(h) => (
            <AdminTable
              label="External APIs table"
              caption={h.status === 'ok' ? 'Every configured provider answered.' : 'At least one configured provider failed its check.'}
              visibleCaption
              rows={h.checks}
              rowKey={(c) => c.name}
              columns={[
                { header: 'Provider', cell: (c) => c.name },
                { header: 'Status', cell: (c) => STATUS_WORDS[c.status] },
                { header: 'Latency', cell: (c) => (c.latency_ms === null ? '–' : `${c.latency_ms} ms`) },
                { header: 'Detail', cell: (c) => c.detail },
              ]}
            />
          )}
        </QueryState>
      )}
    </section>
  );
}
