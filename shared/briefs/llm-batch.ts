/**
 * LLM batches: submit_llm_batch sends up to 1000 unbriefed documents in one
 * submission, and poll_llm_batch_results imports the finished results.
 * Submit steps:
 *   1. the provider in force must have a batch interface (openai, anthropic);
 *   2. claim the batch slot in the settings store (refused while a batch exists);
 *   3. build one brief request per pending document (texts that need splitting stay realtime);
 *   4. submit and record the batch id and its documents.
 * Poll steps:
 *   1. no active batch: nothing to do; still running: record progress;
 *   2. failed, expired or cancelled: record it (the documents stay pending);
 *   3. completed: parse each result with zod and finish its brief (idempotent per
 *      bill and text version, so importing twice writes nothing twice), then record the counts.
 */
import { getSetting, putSetting, putSettingIf, SETTING_KEYS } from '#shared/db/settings.repository.ts';
import { listPendingBriefs } from '#shared/db/brief-pending.repository.ts';
import { costUsd } from '#shared/domain/llm/cost-table.ts';
import { resolveLlm } from '#shared/providers/llm/llm-settings.ts';
import { providerFor } from '#shared/providers/llm/provider-factory.ts';
import type { BatchItem, LlmProvider } from '#shared/domain/llm/llm-provider.ts';
import { logger } from '#shared/platform/logger.ts';
import { batchCustomId, BatchState, FINISHED_BATCH_STATUSES } from '#shared/domain/briefs/batch-state.schema.ts';
import type { DraftBrief } from '#shared/domain/briefs/draft-brief.ts';
import { finishBrief } from './finish-brief.ts';
import { loadBriefInput } from './generate-brief.ts';
import { briefRequests, parseModelBrief } from './llm-briefer.ts';
import { BRIEF_TOOL } from '#shared/domain/briefs/model-output.schema.ts';
import { ConflictError, InvalidInputError } from '#shared/errors/app-error.ts';

/** Documents per batch at most, bounding one submission; the rest wait for the next batch. */
export const MAX_BATCH_DOCUMENTS = 1000;

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

/** The batch state, or null when no batch was ever submitted. */
export const getBatchState = () => getSetting(SETTING_KEYS.llmBatch, BatchState);

async function batchProvider(): Promise<{ provider: LlmProvider & { batch: NonNullable<LlmProvider['batch']> }; name: 'openai' | 'anthropic'; model: string }> {
  const resolved = await resolveLlm();
  if (resolved.kind !== 'llm') throw new BatchUnsupportedError(`No LLM provider is configured (${resolved.reason}); batches need openai or anthropic`);
  const provider = await providerFor(resolved.provider);
  if (!provider?.batch || (resolved.provider !== 'openai' && resolved.provider !== 'anthropic')) {
    throw new BatchUnsupportedError(`The ${resolved.provider} provider has no batch interface; batches need openai or anthropic`);
  }
  return { provider: provider as LlmProvider & { batch: NonNullable<LlmProvider['batch']> }, name: resolved.provider, model: resolved.model };
}

/** Submits a batch of pending documents (see the steps above). */
export async function submitLlmBatch(now = new Date()): Promise<BatchState> {
  const { provider, name, model } = await batchProvider();
  const claim: BatchState = {
    status: 'submitted',
    batch_id: null,
    provider: name,
    model,
    submitted_at: now.toISOString(),
    updated_at: now.toISOString(),
    total: 0,
    completed: 0,
    failed: 0,
    imported: 0,
    import_failed: 0,
    error: null,
    items: [],
  };
  if (!(await putSettingIf(SETTING_KEYS.llmBatch, claim, FINISHED_BATCH_STATUSES))) {
    throw new BatchExistsError('An LLM batch is already running; wait for poll_llm_batch_results to import it');
  }
  try {
    const items: BatchItem[] = [];
    const refs: BatchState['items'] = [];
    for (const pending of await listPendingBriefs(MAX_BATCH_DOCUMENTS)) {
      const input = await loadBriefInput(pending.bill_id, pending.version_code).catch(() => null);
      const requests = input ? briefRequests(input) : [];
      if (requests.length !== 1 || !requests[0]) continue;
      const custom_id = batchCustomId(pending.bill_id, pending.version_code);
      items.push({ custom_id, request: requests[0] });
      refs.push({ custom_id, bill_id: pending.bill_id, version_code: pending.version_code });
    }
    if (items.length === 0) {
      const empty: BatchState = { ...claim, status: 'completed', error: 'no unbriefed documents to send' };
      await putSetting(SETTING_KEYS.llmBatch, empty);
      return empty;
    }
    const info = await provider.batch.submit(model, items);
    const state: BatchState = { ...claim, status: info.status, batch_id: info.id, total: items.length, items: refs, updated_at: new Date().toISOString() };
    await putSetting(SETTING_KEYS.llmBatch, state);
    return state;
  } catch (err) {
    await putSetting(SETTING_KEYS.llmBatch, { ...claim, status: 'failed', error: err instanceof Error ? err.message : String(err) });
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

/** Polls the batch in flight and imports its results when done (see the steps above). */
export async function pollLlmBatch(): Promise<Pick<BatchState, 'status'> & Partial<BatchState>> {
  const state = await getBatchState();
  if (!state || !state.batch_id || (FINISHED_BATCH_STATUSES as readonly string[]).includes(state.status)) return { status: state?.status ?? 'none' };
  const { provider } = await batchProvider();
  const info = await provider.batch.retrieve(state.batch_id);
  const progressed: BatchState = {
    ...state,
    status: info.status === 'completed' ? 'in_progress' : info.status,
    completed: info.completed,
    failed: info.failed,
    updated_at: new Date().toISOString(),
  };
  if (info.status !== 'completed') {
    await putSetting(SETTING_KEYS.llmBatch, progressed);
    return progressed;
  }
  let imported = 0;
  let importFailed = 0;
  for (const result of await provider.batch.results(state.batch_id, BRIEF_TOOL)) {
    try {
      if (result.ok && (await importResult(state, result.custom_id, result.response.toolInput, result.response.usage, provider))) imported += 1;
      else importFailed += 1;
    } catch (err) {
      // One unusable result must not stop the others; its document stays pending for resume_analysis.
      importFailed += 1;
      logger.warn('batch result not imported', { custom_id: result.custom_id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  const done: BatchState = { ...progressed, status: 'completed', imported, import_failed: importFailed };
  await putSetting(SETTING_KEYS.llmBatch, done);
  return done;
}
