/** Jobs of the llm domain (see the job table in ./job-table.ts). */
import type { JobDef } from './job.ts';

export const LLM_JOBS: JobDef[] = [];
