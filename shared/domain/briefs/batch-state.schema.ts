/**
 * The LLM batch state kept in the settings store (key llm_batch): which batch
 * is out, with which provider and model, which documents it carries, and
 * how far it got. Status values, as GET /api/admin/llm-batch-status shows
 * them: none, submitted, in_progress, completed, failed, expired, cancelled.
 */
import * as z from 'zod';
import { BATCH_STATUSES } from '#shared/domain/llm/llm-provider.ts';

export const BatchStatus = z.enum(BATCH_STATUSES);

/** Statuses that leave room for a new batch. */
export const FINISHED_BATCH_STATUSES = ['none', 'completed', 'failed', 'expired', 'cancelled'] as const;

export const BatchItemRef = z.object({ custom_id: z.string(), bill_id: z.string(), version_code: z.string() });

export const BatchState = z.object({
  status: BatchStatus,
  batch_id: z.string().nullable(),
  provider: z.enum(['openai', 'anthropic']),
  model: z.string(),
  submitted_at: z.string(),
  updated_at: z.string(),
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  imported: z.number().int().nonnegative().default(0),
  import_failed: z.number().int().nonnegative().default(0),
  error: z.string().nullable().default(null),
  items: z.array(BatchItemRef),
});
export type BatchState = z.infer<typeof BatchState>;

/** The custom id of a document in a batch (Anthropic allows [a-zA-Z0-9_-]{1,64}). */
export const batchCustomId = (billId: string, versionCode: string) => `${billId}__${versionCode}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
