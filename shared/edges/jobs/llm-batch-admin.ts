/**
 * The admin's batch submit, kept off the request path: it records the batch
 * request (shared/use-cases/briefs/llm-batch.ts) and asks for build_llm_batch at once
 * through the job bus, then answers. Building reads up to 1,000 texts, which
 * does not fit in an API request; the job has its own 15 minutes.
 */
import { requestLlmBatch } from '#shared/use-cases/briefs/llm-batch.ts';
import { logger } from '#shared/platform/logger.ts';
import { requestJobRun } from './trigger.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** The job that builds a requested batch (shared/edges/jobs/llm.jobs.ts). */
export const BUILD_LLM_BATCH_JOB = 'build_llm_batch';

/**
 * Records the request and triggers its build. When the bus refuses the
 * trigger the request still stands: the scheduled poll_llm_batch_results
 * builds it within 30 minutes, inside the request's lease, so the reply
 * says `run_id: null` rather than failing a request that was recorded.
 */
export async function submitLlmBatchRequest(requestedBy: string, now = new Date()) {
  const { items: _items, ...request } = await requestLlmBatch(requestedBy, now);
  let runId: string | null = null;
  try {
    runId = (await requestJobRun(BUILD_LLM_BATCH_JOB, requestedBy, { request_id: request.request_id })).run_id;
  } catch (err) {
    logger.warn('build_llm_batch not triggered; the scheduled poll will build the request', {
      request_id: request.request_id,
      error: errorText(err),
    });
  }
  return { ...request, run_id: runId };
}
