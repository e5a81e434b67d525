// The jobs: each with its schedule and last run (a progress indicator while it runs), a button to run it now, and its recent runs on request.
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../words/format.ts';
import { AdminTable } from './AdminTable.tsx';
import { JobRunsTable } from './JobRunsTable.tsx';

export function JobsSection() {
  const { $api } = useApi();
  const [shown, setShown] = useState<string | null>(null);
  const jobs = $api.useQuery(
    'get',
    '/api/admin/jobs',
    {},
    { refetchInterval: (q) => (q.state.data?.items.some((j) => j.last_run?.status === 'running') ? 3000 : false) },
  );
  const run = $api.useMutation('post', '/api/admin/jobs/{name}', { onSuccess: () => void jobs.refetch() });
  return (
    <section aria-labelledby="admin-jobs">
      <h2 id="admin-jobs">Jobs</h2>
      {run.error && <ErrorState error={run.error} />}
      <QueryState query={jobs} label="Loading the jobs…">
        {(d) => (
          <AdminTable
            label="Jobs table"
            caption="Jobs with their schedules and last runs"
            rows={d.items}
            rowKey={(j) => j.name}
            columns={[
              {
                header: 'Job',
                cell: (j) => (
                  <>
                    {j.name}
                    <div className="usa-hint">{j.description}</div>
                  </>
                ),
              },
              { header: 'Schedule (UTC)', cell: (j) => j.schedule ?? 'only when run' },
              {
                header: 'Last run',
                cell: (j) =>
                  j.last_run ? (
                    j.last_run.status === 'running' ? (
                      <span role="status">
                        <progress aria-label={`${j.name} is running`} /> running since {formatDateTime(j.last_run.started_at)}
                      </span>
                    ) : (
                      `${j.last_run.status.replace('_', ' ')}, ${formatDateTime(j.last_run.finished_at ?? j.last_run.started_at)}`
                    )
                  ) : (
                    'never'
                  ),
              },
              {
                header: 'Run now',
                cell: (j) => (
                  <button
                    type="button"
                    className="usa-button usa-button--outline usa-button--small"
                    disabled={run.isPending}
                    onClick={() => run.mutate({ params: { path: { name: j.name } } })}
                  >
                    Run {j.name}
                  </button>
                ),
              },
              {
                header: 'History',
                cell: (j) => (
                  <button
                    type="button"
                    className="usa-button usa-button--unstyled"
                    aria-expanded={shown === j.name}
                    onClick={() => setShown(shown === j.name ? null : j.name)}
                  >
                    Runs of {j.name}
                  </button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {shown && <JobRunsTable name={shown} />}
    </section>
  );
}
