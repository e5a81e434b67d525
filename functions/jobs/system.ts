/** Platform jobs: data migrations. */
import { jobFunction } from '#shared/jobs/job-function.ts';
import { runPendingMigrations } from '#shared/migrations/runner.ts';

export const handler = jobFunction('system', {
  run_migrations: async () => ({ ...(await runPendingMigrations()) }),
});
