/** The llm job group: batch poll and brief backfills, each one use case. */
import { backfillCategories, backfillCitations, backfillLabels, resumeAnalysis } from '#shared/briefs/brief-admin.ts';
import { pollLlmBatch } from '#shared/briefs/llm-batch.ts';
import { jobFunction } from '#shared/jobs/job-function.ts';

export const handler = jobFunction('llm', {
  poll_llm_batch_results: async () => {
    const { items: _items, ...summary } = await pollLlmBatch();
    return summary;
  },
  backfill_citations: async () => backfillCitations(),
  backfill_labels: async () => backfillLabels(),
  backfill_categories: async () => backfillCategories(),
  resume_analysis: async ({ now, input }) => resumeAnalysis(now, typeof input.older_than_minutes === 'number' ? input.older_than_minutes : 15),
});
