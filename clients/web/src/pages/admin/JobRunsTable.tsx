// One job's recent runs (the jobs section shows them in a dialog titled with the job): when each started, how it ended, how long it took and what it reported.
import type { Schemas } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { EmptyState, QueryState } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../words/format.ts';
import { AdminTable } from './AdminTable.tsx';

export function JobRunsTable({ name }: { name: string }) {
  const { $api } = useApi();
  const runs = $api.useQuery(
    'get',
    '/api/admin/jobs/{name}/runs',
    { params: { path: { name } } },
    { refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'running') ? 3000 : false) },
  );
  return (
    <QueryState query={runs} label={`Loading the runs of ${name}…`}>
      {(d) =>
        d.items.length === 0 ? (
          <EmptyState>{name} has not run yet. Use its Run button to start it.</EmptyState>
        ) : (
          <AdminTable
            label={`Runs of ${name} table`}
            caption={`Recent runs of ${name}`}
            compact
            rows={d.items}
            rowKey={(r) => r.run_id}
            columns={[
              {
                header: 'Started',
                cell: (r) => (
                  <>
                    {formatDateTime(r.started_at)}
                    <div className="usa-hint">by {r.trigger}</div>
                  </>
                ),
              },
              {
                header: 'Status',
                cell: (r) =>
                  r.status === 'running' ? (
                    <span>
                      <progress aria-label={`Run of ${formatDateTime(r.started_at)} is running`} /> running
                    </span>
                  ) : (
                    r.status.replace('_', ' ')
                  ),
              },
              { header: 'Duration', cell: (r) => formatDuration(r.duration_ms) },
              { header: 'Result', cell: describeResult },
            ]}
          />
        )
      }
    </QueryState>
  );
}

function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

function describeResult(r: Schemas['JobRun']): string {
  if (r.error) return r.error;
  if (!r.result) return '—';
  return Object.entries(r.result)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}
