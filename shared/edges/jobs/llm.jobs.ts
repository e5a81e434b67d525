/** Jobs of the llm domain (see the job table in ./job-table.ts): the batch build and poll, and the brief backfills. */
import { BATCH_BUILD_TIMEOUT_SECONDS } from '#shared/domain/briefs/batch-state.schema.ts';
import type { JobDef } from './job.ts';

export const LLM_JOBS: JobDef[] = [
  {
    name: 'build_llm_batch',
    group: 'llm',
    description:
      'Builds and submits the LLM batch an admin requested (POST /api/admin/submit-llm-batch triggers it), with the provider, model and settings recorded with the request',
    // The builder's lease outlives this timeout (shared/domain/briefs/batch-state.schema.ts).
    timeoutSeconds: BATCH_BUILD_TIMEOUT_SECONDS,
  },
  {
    name: 'poll_llm_batch_results',
    group: 'llm',
    schedule: '*/30 * * * *',
    description:
      'Builds a requested LLM batch nobody picked up, then imports the results of a finished batch (idempotent) from the provider that took it, then notifies',
    timeoutSeconds: 900,
  },
  {
    name: 'backfill_citations',
    group: 'llm',
    description:
      'Deletes the briefs without a verified citation (keeping those with one) and re-queues LLM work on the stored text; the re-briefs notify no one',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-citations',
  },
  {
    name: 'backfill_labels',
    group: 'llm',
    description:
      'Puts existing briefs through the citation check in place: labels unlabelled points, locates every quote in the text (its offsets and section) and withholds a point whose quote is not there',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-labels',
  },
  {
    name: 'backfill_categories',
    group: 'llm',
    description: 'Classifies bills without bill_category',
    timeoutSeconds: 900,
    adminPath: '/api/admin/backfill-categories',
  },
  {
    name: 'resume_analysis',
    group: 'llm',
    description: 'Re-queues documents whose brief has been pending for more than 15 minutes',
    timeoutSeconds: 300,
    adminPath: '/api/admin/resume-analysis',
  },
];
