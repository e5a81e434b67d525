/**
 * LLM batches, off the request path. An admin's submit only records a
 * request in the batch slot; a job builds and submits the batch; the poll
 * imports the results. Steps:
 *   request (POST /api/admin/submit-llm-batch, answers 202):
 *     1. the provider in force must have a batch interface (openai, anthropic);
 *     2. claim the slot with the request: who, when, and the provider, model and
 *        settings resolved now, under a lease (refused while a batch or a live
 *        request holds it; an expired lease frees it);
 *   build (build_llm_batch, triggered by the request; poll_llm_batch_results
 *   also picks up a request nobody claimed):
 *     3. claim the request for this run (one builder per request; its lease
 *        restarts and outlives the job's timeout);
 *     4. build one brief request per pending document with the recorded
 *        settings (texts that need splitting stay realtime);
 *     5. submit to the recorded provider and model, then record the batch id and
 *        its documents (the slot now holds until the batch finishes);
 *   poll (poll_llm_batch_results, every 30 minutes):
 *     6. no batch in flight: nothing to do; still running: record progress;
 *     7. failed, expired or cancelled: record it (the documents stay pending);
 *     8. completed: parse each result with zod and finish its brief (idempotent per
 *        bill and text version, so importing twice writes nothing twice), then record the counts.
 * The poll and the import ask the provider and model recorded with the batch,
 * never the ones in force now: a batch lives at the provider that took it.
 */
import { randomUUID } from 'node:crypto';
import { listPendingBriefs } from '#shared/adapters/db/brief-pending.repository.ts';
import { claimBatchBuild, claimBatchSlot, getBatchState, recordBatchBuild, recordBatchProgress } from '#shared/adapters/db/llm-batch.repository.ts';
import { costUsd } from '#shared/domain/llm/cost-table.ts';
import { resolveLlm } from '#shared/adapters/providers/llm/llm-settings.ts';
import { providerFor } from '#shared/adapters/providers/llm/provider-factory.ts';
import type { BatchApi, BatchItem, LlmProvider } from '#shared/domain/llm/llm-provider.ts';
import { config } from '#shared/platform/config.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { logger } from '#shared/platform/logger.ts';
import type { BatchState } from '#shared/domain/briefs/batch-state.schema.ts';
import { BATCH_BUILD_LEASE_MS, BATCH_REQUEST_LEASE_MS, batchCustomId, FINISHED_BATCH_STATUSES, slotHolder } from '#shared/domain/briefs/batch-state.schema.ts';
import type { DraftBrief } from '#shared/domain/briefs/draft-brief.ts';
import { PROMPT_VERSION } from '#shared/domain/briefs/prompts.ts';
import { finishBrief } from './finish-brief.ts';
import { loadBriefInput } from './generate-brief.ts';
import { briefRequests, parseModelBrief } from './llm-briefer.ts';
import { BRIEF_TOOL } from '#shared/domain/briefs/model-output.schema.ts';
import { ConflictError, InvalidInputError, UnavailableError } from '#shared/errors/app-error.ts';
import { errorText } from '#shared/errors/error-text.ts';

export { getBatchState } from '#shared/adapters/db/llm-batch.repository.ts';

/** Documents per batch at most, bounding one submission; the rest wait for the next batch. */
export const MAX_BATCH_DOCUMENTS = 1000;
/** Texts read at once while building: S3 reads in parallel, a few at a time, so 1,000 of them take seconds. */
const BUILD_CONCURRENCY = 8;

/** The provider in force has no batch interface: the setting at fault is the provider. */
export class BatchUnsupportedError extends InvalidInputError {
  override name = 'BatchUnsupportedError';
  constructor(message: string) {
    super(message, [{ path: 'settings.llm_provider', message }], 'llm_batch.unsupported');
  }
}
export class BatchExistsError extends ConflictError {
  override name = 'BatchExistsError';
  constructor(message: string) {
    super(message, 'llm_batch.exists');
  }
}

type BatchProvider = LlmProvider & { batch: BatchApi };
const hasBatch = (p: LlmProvider | null): p is BatchProvider => Boolean(p?.batch);

/** The provider in force now, for a new request (422 when it cannot take batches). */
async function providerInForce(): Promise<{ name: 'openai' | 'anthropic'; model: string; source: 'settings' | 'environment' }> {
  const resolved = await resolveLlm();
  if (resolved.kind !== 'llm') throw new BatchUnsupportedError(`No LLM provider is configured (${resolved.reason}); batches need openai or anthropic`);
  const provider = await providerFor(resolved.provider);
  if (!hasBatch(provider) || (resolved.provider !== 'openai' && resolved.provider !== 'anthropic')) {
    throw new BatchUnsupportedError(`The ${resolved.provider} provider has no batch interface; batches need openai or anthropic`);
  }
  return { name: resolved.provider, model: resolved.model, source: resolved.source };
}

/** The provider recorded with a batch, whatever is in force now; unavailable when its key is gone. */
async function recordedProvider(state: BatchState): Promise<BatchProvider> {
  const provider = await providerFor(state.provider);
  if (!hasBatch(provider)) {
    const what = state.batch_id ? `batch ${state.batch_id}` : `batch request ${state.request_id ?? ''}`.trim();
    throw new UnavailableError(
      `The ${state.provider} provider recorded with ${what} has no API key configured now; restore it to reach the batch`,
      'llm_batch.provider_unavailable',
    );
  }
  return provider;
}

/** Why the slot refused a request, with when it frees itself where that is known. */
function slotTaken(current: BatchState | null, now: Date): BatchExistsError {
  const holder = slotHolder(current, now);
  if (holder.kind === 'request') {
    return new BatchExistsError(
      `An LLM batch request (${holder.request_id ?? 'unknown'}) is being built; its lease expires at ${holder.lease_until}, after which a new batch can be submitted`,
    );
  }
  if (holder.kind === 'batch') {
    return new BatchExistsError(
      `LLM batch${holder.batch_id ? ` ${holder.batch_id}` : ''} is ${holder.status}; it holds the slot until poll_llm_batch_results imports it or records it failed`,
    );
  }
  return new BatchExistsError('The LLM batch slot changed while it was being claimed; submit again');
}

/**
 * Records a batch request (steps 1-2): the returned state is `requested`,
 * with its id and lease; the caller asks for the build job.
 */
export async function requestLlmBatch(requestedBy: string, now = new Date()): Promise<BatchState> {
  const { name, model, source } = await providerInForce();
  const c = config();
  const at = now.toISOString();
  const request: BatchState = {
    status: 'requested',
    batch_id: null,
    provider: name,
    model,
    submitted_at: null,
    updated_at: at,
    total: 0,
    completed: 0,
    failed: 0,
    imported: 0,
    import_failed: 0,
    error: null,
    items: [],
    request_id: randomUUID(),
    requested_by: requestedBy,
    requested_at: at,
    lease_until: new Date(now.getTime() + BATCH_REQUEST_LEASE_MS).toISOString(),
    builder_run_id: null,
    settings: { source, prompt_version: PROMPT_VERSION, max_tokens: c.LLM_BRIEF_MAX_TOKENS, chunk_tokens: c.LLM_CHUNK_TOKENS },
  };
  if (!(await claimBatchSlot(request, now))) throw slotTaken(await getBatchState(), now);
  return request;
}

export type BuildOutcome =
  { built: false; reason: string } | { built: true; request_id: string; status: BatchState['status']; batch_id: string | null; total: number };

/** Reads the pending documents and turns each into one brief request with the recorded settings (step 4). */
async function batchItems(state: BatchState): Promise<{ items: BatchItem[]; refs: BatchState['items'] }> {
  const c = config();
  const chunkTokens = state.settings?.chunk_tokens ?? c.LLM_CHUNK_TOKENS;
  const maxTokens = state.settings?.max_tokens ?? c.LLM_BRIEF_MAX_TOKENS;
  const built = await mapLimit(await listPendingBriefs(MAX_BATCH_DOCUMENTS), BUILD_CONCURRENCY, async (pending) => {
    const input = await loadBriefInput(pending.bill_id, pending.version_code).catch(() => null);
    const requests = input ? briefRequests(input, chunkTokens, maxTokens) : [];
    if (requests.length !== 1 || !requests[0]) return null;
    const custom_id = batchCustomId(pending.bill_id, pending.version_code);
    return { item: { custom_id, request: requests[0] }, ref: { custom_id, bill_id: pending.bill_id, version_code: pending.version_code } };
  });
  const kept = built.filter((b) => b !== null);
  return { items: kept.map((b) => b.item), refs: kept.map((b) => b.ref) };
}

/**
 * Builds and submits the requested batch (steps 3-5). `requestId` names the
 * request a triggered run was asked for; without it, the run takes the
 * request in the slot if nobody claimed it (the scheduled poll's pick-up).
 */
export async function buildLlmBatch(run: { runId: string; now: Date; requestId?: string }): Promise<BuildOutcome> {
  const state = await getBatchState();
  if (!state || state.status !== 'requested' || !state.request_id) return { built: false, reason: 'no batch request is waiting' };
  const requestId = state.request_id;
  if (run.requestId !== undefined && run.requestId !== requestId) return { built: false, reason: `request ${run.requestId} is no longer in the slot` };
  if (state.builder_run_id) return { built: false, reason: `request ${requestId} is claimed by run ${state.builder_run_id}` };
  const leaseUntil = new Date(run.now.getTime() + BATCH_BUILD_LEASE_MS);
  if (!(await claimBatchBuild(requestId, run.runId, run.now, leaseUntil))) {
    return { built: false, reason: `request ${requestId} was claimed by another run or its lease expired` };
  }
  const claimed: BatchState = { ...state, builder_run_id: run.runId, lease_until: leaseUntil.toISOString() };
  const record = async (next: BatchState) => {
    if (!(await recordBatchBuild(requestId, run.runId, next))) {
      // Only possible when this run outlived its lease and a new request took the slot: say which provider batch is orphaned.
      logger.error('LLM batch built after its request lost the slot', { request_id: requestId, batch_id: next.batch_id, status: next.status });
    }
  };
  try {
    const provider = await recordedProvider(state);
    const { items, refs } = await batchItems(state);
    if (items.length === 0) {
      const empty: BatchState = {
        ...claimed,
        status: 'completed',
        lease_until: null,
        error: 'no unbriefed documents to send',
        updated_at: new Date().toISOString(),
      };
      await record(empty);
      return { built: true, request_id: requestId, status: empty.status, batch_id: null, total: 0 };
    }
    const info = await provider.batch.submit(state.model, items);
    const at = new Date().toISOString();
    const submitted: BatchState = {
      ...claimed,
      status: info.status,
      batch_id: info.id,
      total: items.length,
      items: refs,
      submitted_at: at,
      updated_at: at,
      lease_until: null,
    };
    await record(submitted);
    return { built: true, request_id: requestId, status: submitted.status, batch_id: info.id, total: items.length };
  } catch (err) {
    await record({
      ...claimed,
      status: 'failed',
      lease_until: null,
      error: errorText(err),
      updated_at: new Date().toISOString(),
    });
    throw err;
  }
}

/** Imports one succeeded result; false when it could not be used (the document stays pending). */
async function importResult(
  state: BatchState,
  customId: string,
  toolInput: unknown,
  usage: Parameters<typeof costUsd>[1],
  provider: LlmProvider,
): Promise<boolean> {
  const ref = state.items.find((i) => i.custom_id === customId);
  if (!ref) return false;
  const input = await loadBriefInput(ref.bill_id, ref.version_code);
  if (!input) return false;
  const draft: DraftBrief = {
    brief: parseModelBrief(toolInput),
    provider: state.provider,
    model: state.model,
    method: 'llm',
    cost: { ...usage, cost_usd: costUsd(state.model, usage, true), requests: 1 },
  };
  await finishBrief(input, draft, { llm: { provider, model: state.model } });
  return true;
}

export type PollOutcome = Pick<BatchState, 'status'> & Partial<BatchState> & { build?: BuildOutcome };

/**
 * The scheduled poll: first builds a request nobody claimed (its trigger was
 * lost), then polls the batch in flight and imports its results when done
 * (steps 6-8), with the provider and model recorded with the batch.
 */
export async function pollLlmBatch(run: { runId: string; now: Date } = { runId: randomUUID(), now: new Date() }): Promise<PollOutcome> {
  let build: BuildOutcome | undefined;
  try {
    build = await buildLlmBatch(run);
  } catch (err) {
    // The build recorded its failure in the slot; the poll still reports, and the run shows why.
    build = { built: false, reason: errorText(err) };
  }
  const state = await getBatchState();
  if (!state || !state.batch_id || (FINISHED_BATCH_STATUSES as readonly string[]).includes(state.status)) return { status: state?.status ?? 'none', build };
  const batchId = state.batch_id;
  const provider = await recordedProvider(state);
  const info = await provider.batch.retrieve(batchId);
  const progressed: BatchState = {
    ...state,
    status: info.status === 'completed' ? 'in_progress' : info.status,
    completed: info.completed,
    failed: info.failed,
    updated_at: new Date().toISOString(),
  };
  if (info.status !== 'completed') {
    await recordBatchProgress(batchId, progressed);
    return { ...progressed, build };
  }
  let imported = 0;
  let importFailed = 0;
  for (const result of await provider.batch.results(batchId, BRIEF_TOOL)) {
    try {
      if (result.ok && (await importResult(state, result.custom_id, result.response.toolInput, result.response.usage, provider))) imported += 1;
      else importFailed += 1;
    } catch (err) {
      // One unusable result must not stop the others; its document stays pending for resume_analysis.
      importFailed += 1;
      logger.warn('batch result not imported', { custom_id: result.custom_id, error: errorText(err) });
    }
  }
  const done: BatchState = { ...progressed, status: 'completed', imported, import_failed: importFailed };
  await recordBatchProgress(batchId, done);
  return { ...done, build };
}
