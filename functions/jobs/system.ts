/** Platform jobs: data migrations and the public bulk snapshot. */
import { exportBulkSnapshot } from '#shared/bills/bulk-export.ts';
import { jobFunction } from '#shared/jobs/job-function.ts';
import { runPendingMigrations } from '#shared/migrations/runner.ts';

export const handler = jobFunction('system', {
  run_migrations: async () => ({ ...(await runPendingMigrations()) }),
  export_bulk: async () => ({ ...(await exportBulkSnapshot()) }),
});
