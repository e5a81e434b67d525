/**
 * The brief worker's use case: brief one text version of a bill. Steps:
 *   1. unless forced, a brief of this version that exists is only completed
 *      (bill marks, classification, event), never written again; forced (an
 *      admin reprocess), a brief of the same text written with the settings in
 *      force now makes it a no-op: the same inputs would write the same brief;
 *   2. load the bill (with its CRS subjects), the text versions and this
 *      version's stored text and outline; the version before it, when there
 *      is one, makes this an amendment brief;
 *   3. mark the version pending (so a failure leaves it visible and retryable);
 *   4. in batch mode, stop here for a text that fits one request: submit_llm_batch will send it;
 *   5. draft the brief with the resolved provider and model, or the offline
 *      extractive briefer when none is configured;
 *   6. finish it (citation check, store, stats, classification, event).
 */
import * as z from 'zod';
import { getBriefByDedupeKey, listBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { PROMPT_VERSION } from '#shared/domain/briefs/prompts.ts';
import { markBriefPending } from '#shared/adapters/db/brief-pending.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getSetting, SETTING_KEYS } from '#shared/adapters/db/settings.repository.ts';
import { getStoredText, listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { getFacts } from '#shared/adapters/db/bill-facts.repository.ts';
import { writeExtractiveBrief } from '#shared/domain/briefs/extractive-briefer.ts';
import { resolveLlm } from '#shared/adapters/providers/llm/llm-settings.ts';
import { providerFor } from '#shared/adapters/providers/llm/provider-factory.ts';
import type { RetryOptions } from '#shared/adapters/providers/llm/retry.ts';
import { briefInput, type BriefInput } from '#shared/domain/briefs/brief-input.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { ZERO_COST, type DraftBrief } from '#shared/domain/briefs/draft-brief.ts';
import { finishBrief } from './finish-brief.ts';
import { briefRequests, writeLlmBrief } from './llm-briefer.ts';

export interface BriefJob {
  bill_id: string;
  version_code: string;
  force: boolean;
  /** Distinguishes forced re-briefs: the SQS message id, the same on redelivery. */
  request_id: string;
  /** A text version the local stack's demo replay released: its announcement is marked demo. */
  demo?: true;
}

export type BriefOutcome = { status: 'written' | 'completed_existing'; brief: Brief } | { status: 'deferred_to_batch' } | { status: 'skipped'; reason: string };

/** Thrown when the text to brief is not stored (yet); the message is retried. */
export class TextNotStoredError extends Error {
  override name = 'TextNotStoredError';
}

/**
 * Loads what a brief of (bill, version) is written from; null when the bill or
 * the text version is unknown (the document fetcher lists a version only after
 * storing it, so waiting would not help). A listed version whose text cannot
 * be read yet is an error, retried.
 */
export async function loadBriefInput(billId: string, versionCode: string): Promise<BriefInput | null> {
  const bill = await getBill(billId);
  if (!bill) return null;
  const versions = await listTextVersions(billId);
  const index = versions.findIndex((v) => v.version_code === versionCode);
  const version = versions[index];
  if (!version) return null;
  const previousVersion = index > 0 ? versions[index - 1] : undefined;
  const [stored, previous, facts] = await Promise.all([
    getStoredText(version),
    previousVersion ? getStoredText(previousVersion) : Promise.resolve(null),
    getFacts(billId),
  ]);
  if (stored === null) throw new TextNotStoredError(`Text ${versionCode} of ${billId} is listed but cannot be read`);
  return briefInput(
    { ...bill, subjects: facts?.subjects ?? [] },
    { code: versionCode, ...stored },
    previousVersion && previous !== null ? { code: previousVersion.version_code, ...previous } : null,
  );
}

/** Briefs one text version (see the steps above). */
export async function generateBrief(job: BriefJob, options: { retry?: RetryOptions; now?: Date } = {}): Promise<BriefOutcome> {
  const now = options.now ?? new Date();
  const dedupeKey = job.force ? `${job.version_code}#${job.request_id}` : job.version_code;
  const input = await loadBriefInput(job.bill_id, job.version_code);
  if (!input) return { status: 'skipped', reason: `bill ${job.bill_id} or its text ${job.version_code} is not stored` };

  const resolved = await resolveLlm();
  const provider = resolved.kind === 'llm' ? await providerFor(resolved.provider) : null;
  const llm = provider && resolved.kind === 'llm' ? { provider, model: resolved.model } : null;

  const existing = await getBriefByDedupeKey(job.bill_id, dedupeKey);
  if (existing) {
    // putBrief recognises the dedupe key and returns the stored brief: only the steps after it run.
    const { brief } = await finishBrief(input, draftOf(existing), { dedupeKey, llm, retry: options.retry, now, demo: job.demo });
    return { status: 'completed_existing', brief };
  }
  // A redelivery of this same forced message was completed above, so a crash between its steps is still finished.
  if (job.force) {
    const same = await briefOfSameInputs(job.bill_id, input, llm ? { provider: llm.provider.name, model: llm.model, method: 'llm' } : EXTRACTIVE);
    if (same) return { status: 'skipped', reason: `unchanged: brief ${same.version} was written from this text with these settings` };
  }

  await markBriefPending(job.bill_id, job.version_code, now.toISOString());
  // Only single-request briefs go to a batch; a text that must be split is briefed now, or it would never be.
  const batchable = provider?.batch && briefRequests(input).length === 1;
  if (llm && batchable && (await getSetting(SETTING_KEYS.briefMode, z.enum(['realtime', 'batch']))) === 'batch') {
    return { status: 'deferred_to_batch' };
  }
  const draft = llm ? await writeLlmBrief(llm.provider, llm.model, input, options.retry) : writeExtractiveBrief(input);
  const { brief, written } = await finishBrief(input, draft, { dedupeKey, llm, retry: options.retry, now, demo: job.demo });
  return { status: written ? 'written' : 'completed_existing', brief };
}

const EXTRACTIVE = { provider: 'extractive', model: 'extractive', method: 'extractive' } as const;

/** A stored brief of the same text (and, for an amendment, the same earlier text) by the same provider, model, method and prompts; null when none. */
async function briefOfSameInputs(billId: string, input: BriefInput, settings: Pick<Brief, 'provider' | 'model' | 'method'>): Promise<Brief | null> {
  const briefs = await listBriefs(billId);
  return (
    briefs.find(
      (b) =>
        b.text_version_code === input.version_code &&
        b.previous_text_version_code === (input.previous?.version_code ?? null) &&
        b.provider === settings.provider &&
        b.model === settings.model &&
        b.method === settings.method &&
        b.prompt_version === PROMPT_VERSION,
    ) ?? null
  );
}

/** A stored brief as a draft, so that finishBrief can complete the steps after it. */
const draftOf = (existing: Brief): DraftBrief => ({
  brief: { summary: existing.summary, points: existing.points, topic_tags: existing.topic_tags },
  provider: existing.provider,
  model: existing.model,
  method: existing.method,
  cost: ZERO_COST,
});
