/** Jobs of the notify domain (see the job table in ./job-table.ts). */
import type { JobDef } from './job.ts';

export const NOTIFY_JOBS: JobDef[] = [];
