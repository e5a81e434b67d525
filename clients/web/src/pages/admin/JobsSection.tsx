// The jobs: each with its schedule and last run (a progress indicator while it runs), a button to run it now, and its recent runs on request.
import { useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../words/format.ts';
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
          <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="Jobs table">
            <table className="usa-table usa-table--borderless">
              <caption className="usa-sr-only">Jobs with their schedules and last runs</caption>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Schedule (UTC)</th>
                  <th scope="col">Last run</th>
                  <th scope="col">Run now</th>
                  <th scope="col">History</th>
                </tr>
              </thead>
              <tbody>
                {d.items.map((j) => (
                  <tr key={j.name}>
                    <th scope="row">
                      {j.name}
                      <div className="usa-hint">{j.description}</div>
                    </th>
                    <td>{j.schedule ?? 'only when run'}</td>
                    <td>
                      {j.last_run ? (
                        j.last_run.status === 'running' ? (
                          <span role="status">
                            <progress aria-label={`${j.name} is running`} /> running since {formatDateTime(j.last_run.started_at)}
                          </span>
                        ) : (
                          `${j.last_run.status.replace('_', ' ')}, ${formatDateTime(j.last_run.finished_at ?? j.last_run.started_at)}`
                        )
                      ) : (
                        'never'
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="usa-button usa-button--outline usa-button--small"
                        disabled={run.isPending}
                        onClick={() => run.mutate({ params: { path: { name: j.name } } })}
                      >
                        Run {j.name}
                      </button>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="usa-button usa-button--unstyled"
                        aria-expanded={shown === j.name}
                        onClick={() => setShown(shown === j.name ? null : j.name)}
                      >
                        Runs of {j.name}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {shown && <JobRunsTable name={shown} />}
    </section>
  );
}
