/** Jobs of the platform itself: migrations, and the public bulk snapshot. */
import type { JobDef } from './job.ts';

export const SYSTEM_JOBS: JobDef[] = [
  {
    name: 'run_migrations',
    group: 'system',
    description: 'Applies pending numbered data migrations (also run at deploy and at local start)',
    timeoutSeconds: 900,
  },
  {
    name: 'export_bulk',
    group: 'system',
    // After the night's polls and scores (03:00-04:00 UTC), before US mornings.
    schedule: '0 5 * * *',
    description:
      'Writes the public bulk snapshot: bills, roll calls, briefs per Congress and members, as gzipped JSON Lines with a manifest (only changed files)',
    timeoutSeconds: 900,
  },
];
