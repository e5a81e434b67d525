/** Jobs of the llm domain (see the job table in ./job-table.ts): the batch poll and the brief backfills. */
import type { JobDef } from './job.ts';

export const LLM_JOBS: JobDef[] = [
  {
    name: 'poll_llm_batch_results',
    group: 'llm',
    schedule: '*/30 * * * *',
    description: 'Imports the results of a finished LLM batch (idempotent), then notifies',
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
    description: 'Labels the cited points of existing briefs in place (cited_fact or inference)',
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
