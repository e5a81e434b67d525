/** Platform jobs: data migrations and the public bulk snapshot. */
import { exportBulkSnapshot } from '#shared/use-cases/bills/bulk-export.ts';
import { jobFunction } from '#shared/edges/jobs/job-function.ts';
import { runPendingMigrations } from '#shared/use-cases/migrations/runner.ts';

export const handler = jobFunction('system', {
  run_migrations: async () => ({ ...(await runPendingMigrations()) }),
  export_bulk: async () => ({ ...(await exportBulkSnapshot()) }),
});
