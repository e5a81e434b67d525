/** Jobs of the ingest domain (see the job table in ./job-table.ts). */
import type { JobDef } from './job.ts';

export const INGEST_JOBS: JobDef[] = [];
