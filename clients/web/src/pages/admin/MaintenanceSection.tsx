// Maintenance actions: one row per one-shot admin action of the API (./maintenance-actions.ts), each run after a
// confirmation, with the service's answer or its `detail` shown in the row.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { readsOf } from '../../api/query-keys.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorState } from '../../components/QueryState.tsx';
import { AdminTable } from './AdminTable.tsx';
import { answerWords, MAINTENANCE_ROWS, type MaintenanceAction, type MaintenancePath } from './maintenance-actions.ts';

type Row = MaintenanceAction & { path: MaintenancePath };

export function MaintenanceSection() {
  return (
    <section aria-labelledby="admin-maintenance">
      <h2 id="admin-maintenance">Maintenance actions</h2>
      <p>One-off repairs and catch-ups. Each runs in the background; the jobs among them show their progress under Jobs.</p>
      <AdminTable<Row>
        label="Maintenance actions table"
        caption="Maintenance actions with what each does"
        rows={MAINTENANCE_ROWS}
        rowKey={(r) => r.path}
        columns={[
          { header: 'Action', cell: (r) => r.name },
          { header: 'What it does', cell: (r) => r.does },
          { header: 'Run', cell: (r) => <ActionControl row={r} /> },
        ]}
      />
    </section>
  );
}

/** One action's button, its confirmation and its last answer. */
function ActionControl({ row }: { row: Row }) {
  const { $api } = useApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const run = $api.useMutation('post', row.path, {
    // A job it started shows its run under Jobs at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: readsOf('/api/admin/jobs') }),
  });
  return (
    <>
      <button type="button" className="usa-button usa-button--outline usa-button--small" disabled={run.isPending} onClick={() => setAsking(true)}>
        {row.name}
      </button>
      {run.isSuccess && (
        <p role="status" className="margin-y-05">
          {answerWords(run.data)}
        </p>
      )}
      {run.error && <ErrorState error={run.error} heading={`${row.name}: it did not start`} />}
      <Dialog open={asking} onClose={() => setAsking(false)} title={`${row.name}?`}>
        <p>{row.does}</p>
        <div className="usa-button-group">
          <button
            type="button"
            className="usa-button"
            onClick={() => {
              setAsking(false);
              run.mutate({});
            }}
          >
            Yes, run it
          </button>
          <button type="button" className="usa-button usa-button--unstyled" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </>
  );
}
