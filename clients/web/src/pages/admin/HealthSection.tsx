// External API health: each provider's check with its status and latency, checked when the admin asks.
import { useApi } from '../../api/api-context.tsx';
import { QueryState } from '../../components/QueryState.tsx';

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
            <table className="usa-table usa-table--borderless">
              <caption>{h.status === 'ok' ? 'Every configured provider answered.' : 'At least one configured provider failed its check.'}</caption>
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col">Status</th>
                  <th scope="col">Latency</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {h.checks.map((c) => (
                  <tr key={c.name}>
                    <th scope="row">{c.name}</th>
                    <td>{STATUS_WORDS[c.status]}</td>
                    <td>{c.latency_ms === null ? '–' : `${c.latency_ms} ms`}</td>
                    <td>{c.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryState>
      )}
    </section>
  );
}
