// The jobs: each with its schedule and last run (a progress indicator while it runs), a button to run it now (after a
// confirmation naming the job and what it does), and its recent runs in a dialog on request.
import { useState } from 'react';
import type { paths } from '../../../../typescript/index.ts';
import { useApi } from '../../api/api-context.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorState, QueryState } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../words/format.ts';
import { AdminTable } from './AdminTable.tsx';
import { JobRunsTable } from './JobRunsTable.tsx';

type Job = paths['/api/admin/jobs']['get']['responses'][200]['content']['application/json']['items'][number];

export function JobsSection() {
  const { $api } = useApi();
  const [shown, setShown] = useState<string | null>(null);
  const [asking, setAsking] = useState<Job | null>(null);
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
                    <span className="bw-wrap">{j.name}</span>
                    <div className="usa-hint">{j.description}</div>
                  </>
                ),
              },
              { header: 'Schedule (UTC)', cell: (j) => j.schedule ?? 'only when run' },
              { header: 'Last run', cell: lastRunWords },
              {
                // The job's name is in each button's accessible name, not on screen: the row already shows it.
                header: 'Actions',
                cell: (j) => (
                  <div className="bw-row-actions">
                    <button type="button" className="usa-button usa-button--outline usa-button--small" disabled={run.isPending} onClick={() => setAsking(j)}>
                      Run <span className="usa-sr-only">{j.name}</span>
                    </button>
                    <button type="button" className="usa-button usa-button--unstyled" aria-haspopup="dialog" onClick={() => setShown(j.name)}>
                      Runs <span className="usa-sr-only">of {j.name}</span>
                    </button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} title={`Run ${asking?.name ?? ''} now?`}>
        <p>{asking?.description}</p>
        <div className="usa-button-group">
          <button
            type="button"
            className="usa-button"
            onClick={() => {
              if (asking) run.mutate({ params: { path: { name: asking.name } } });
              setAsking(null);
            }}
          >
            Yes, run it
          </button>
          <button type="button" className="usa-button usa-button--unstyled" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      </Dialog>
      <Dialog open={shown !== null} onClose={() => setShown(null)} title={`Recent runs of ${shown ?? ''}`}>
        {shown && <JobRunsTable name={shown} />}
      </Dialog>
    </section>
  );
}

function lastRunWords(j: Job) {
  if (!j.last_run) return 'never';
  if (j.last_run.status === 'running')
    return (
      <span role="status">
        <progress aria-label={`${j.name} is running`} /> running since {formatDateTime(j.last_run.started_at)}
      </span>
    );
  return `${j.last_run.status.replace('_', ' ')}, ${formatDateTime(j.last_run.finished_at ?? j.last_run.started_at)}`;
}
