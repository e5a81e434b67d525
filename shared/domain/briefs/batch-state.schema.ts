/**
 * The LLM batch state kept in the settings store (key llm_batch): the batch
 * slot. It holds the request that claimed it (who, when, the provider, model
 * and settings resolved then), the lease of the job building the batch, and
 * once submitted the batch id, its documents and how far it got. Status
 * values, as GET /api/admin/llm-batch-status shows them: none, requested,
 * submitted, in_progress, completed, failed, expired, cancelled.
 *
 * Why a lease: the batch is built by a job (up to 1,000 texts read from S3),
 * and a job can die (timeout, crash) between claiming the slot and recording
 * the batch id. A `requested` slot therefore carries `lease_until`; once it
 * has passed, the slot is free again (docs/runbooks.md "An LLM batch is
 * stuck"). A submitted batch has no lease: it holds the slot until the poll
 * records it completed (imported), failed, expired or cancelled.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BATCH_STATUSES } from '#shared/domain/llm/llm-provider.ts';

/** The provider's statuses, plus `requested`: the slot is claimed and a job is building the batch. */
export const BatchStatus = lazySchema(() => z.enum(['requested', ...BATCH_STATUSES]));
export type BatchStatus = z.infer<ReturnType<typeof BatchStatus>>;

/** Statuses that leave room for a new batch. */
export const FINISHED_BATCH_STATUSES = ['none', 'completed', 'failed', 'expired', 'cancelled'] as const;

/**
 * How long a request waits for its builder: longer than the batch poll's
 * interval (30 min), so the scheduled poll picks up a request whose trigger
 * was lost before the lease runs out.
 */
export const BATCH_REQUEST_LEASE_MS = 35 * 60_000;
/** The build job's Lambda timeout; the builder's lease outlives it, so a live builder never loses its lease. */
export const BATCH_BUILD_TIMEOUT_SECONDS = 900;
/** A builder's lease, from its claim: its timeout plus a minute of margin for clock skew between Lambdas. */
export const BATCH_BUILD_LEASE_MS = (BATCH_BUILD_TIMEOUT_SECONDS + 60) * 1000;

export const BatchItemRef = lazySchema(() => z.object({ custom_id: z.string(), bill_id: z.string(), version_code: z.string() }));

/** The settings the batch was built with, kept so the poll and the import never depend on what is in force later. */
export const BatchSettings = lazySchema(() =>
  z.object({
    /** Where the provider and model came from when the batch was requested. */
    source: z.enum(['settings', 'environment']),
    prompt_version: z.string(),
    max_tokens: z.number().int().positive(),
    chunk_tokens: z.number().int().positive(),
  }),
);
export type BatchSettings = z.infer<ReturnType<typeof BatchSettings>>;

export const BatchState = lazySchema(() =>
  z.object({
    status: BatchStatus(),
    batch_id: z.string().nullable(),
    provider: z.enum(['openai', 'anthropic']),
    model: z.string(),
    /** When the batch reached the provider; null while it is only requested. */
    submitted_at: z.string().nullable(),
    updated_at: z.string(),
    total: z.number().int().nonnegative(),
    completed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    imported: z.number().int().nonnegative().default(0),
    import_failed: z.number().int().nonnegative().default(0),
    error: z.string().nullable().default(null),
    items: z.array(BatchItemRef()),
    // The request (absent on states stored before batches were built by a job).
    request_id: z.string().nullable().default(null),
    requested_by: z.string().nullable().default(null),
    requested_at: z.string().nullable().default(null),
    /** While `requested`: when the slot frees itself if no batch was recorded. Null once submitted. */
    lease_until: z.string().nullable().default(null),
    /** The job run building the batch (one claim per request). */
    builder_run_id: z.string().nullable().default(null),
    settings: BatchSettings().nullable().default(null),
  }),
);
export type BatchState = z.infer<ReturnType<typeof BatchState>>;

/**
 * The status the API answers, in SPEC's vocabulary (none, submitted,
 * in_progress, completed, failed, expired, cancelled): a request a build job
 * has yet to submit reads as submitted (its batch_id is null until the
 * provider has it); `requested` is the slot's internal state only.
 */
export const publicBatchStatus = (status: BatchStatus): (typeof BATCH_STATUSES)[number] => (status === 'requested' ? 'submitted' : status);

export type SlotHolder =
  { kind: 'free' } | { kind: 'request'; request_id: string | null; lease_until: string } | { kind: 'batch'; batch_id: string | null; status: BatchStatus };

/**
 * Who holds the batch slot at `now`. The repository's conditional write
 * states the same rule (shared/adapters/db/llm-batch.repository.ts); this is its
 * readable form, used to explain a refusal. A `submitted` state with no
 * batch id and no lease was left by a submit that died before batches had
 * leases: nothing would ever finish it, so it holds nothing.
 */
export function slotHolder(state: BatchState | null, now: Date): SlotHolder {
  if (!state || (FINISHED_BATCH_STATUSES as readonly string[]).includes(state.status)) return { kind: 'free' };
  if (state.status === 'requested') {
    return state.lease_until !== null && state.lease_until > now.toISOString()
      ? { kind: 'request', request_id: state.request_id, lease_until: state.lease_until }
      : { kind: 'free' };
  }
  if (state.status === 'submitted' && state.batch_id === null && state.lease_until === null) return { kind: 'free' };
  return { kind: 'batch', batch_id: state.batch_id, status: state.status };
}

/** The custom id of a document in a batch (Anthropic allows [a-zA-Z0-9_-]{1,64}). */
export const batchCustomId = (billId: string, versionCode: string) => `${billId}__${versionCode}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
