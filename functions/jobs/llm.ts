/** The llm job group: batch build and poll, and the brief backfills, each one use case. */
import { backfillCategories, backfillCitations, backfillLabels, resumeAnalysis } from '#shared/use-cases/briefs/brief-admin.ts';
import { buildLlmBatch, pollLlmBatch } from '#shared/use-cases/briefs/llm-batch.ts';
import { jobFunction } from '#shared/edges/jobs/job-function.ts';

export const handler = jobFunction('llm', {
  build_llm_batch: async ({ runId, now, input }) =>
    buildLlmBatch({ runId, now, requestId: typeof input.request_id === 'string' ? input.request_id : undefined }),
  poll_llm_batch_results: async ({ runId, now }) => {
    const { items: _items, ...summary } = await pollLlmBatch({ runId, now });
    return summary;
  },
  backfill_citations: async () => backfillCitations(),
  backfill_labels: async () => backfillLabels(),
  backfill_categories: async () => backfillCategories(),
  resume_analysis: async ({ now, input }) => resumeAnalysis(now, typeof input.older_than_minutes === 'number' ? input.older_than_minutes : 15),
});
