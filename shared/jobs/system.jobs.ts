/** Jobs of the platform itself. */
import type { JobDef } from './job.ts';

export const SYSTEM_JOBS: JobDef[] = [
  {
    name: 'run_migrations',
    group: 'system',
    description: 'Applies pending numbered data migrations (also run at deploy and at local start)',
    timeoutSeconds: 900,
  },
];
