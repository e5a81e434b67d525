/**
 * The LLM batch slot (docs/data-model.md A11, SETTINGS / llm_batch): claimed
 * by a batch request, leased by the job that builds the batch, held by the
 * submitted batch until it finishes. Every move is one conditional write,
 * so two requests, or two builders of one request, never both win. The rule
 * is the one of slotHolder (shared/domain/briefs/batch-state.schema.ts).
 */
import { BatchState, FINISHED_BATCH_STATUSES } from '#shared/domain/briefs/batch-state.schema.ts';
import { conditional } from './dynamo.ts';
import { settingKeys } from './keys/settings.keys.ts';
import { getSetting, SETTING_KEYS } from './settings.repository.ts';
import { cond, expressions, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const key = () => settingKeys.setting(SETTING_KEYS.llmBatch);

/** The stored batch state, or null when no batch was ever requested. */
export const getBatchState = () => getSetting(SETTING_KEYS.llmBatch, BatchState());

const item = (state: BatchState) => entityItem('setting', key(), { value: state, updated_at: state.updated_at });

/**
 * Puts a new request in the slot when it is free at `now`: absent, finished,
 * a request whose lease has passed, or a submit that died before leases
 * existed (submitted, no batch id, no lease). False when someone holds it.
 */
export function claimBatchSlot(state: BatchState, now: Date): Promise<boolean> {
  const status = ['value', 'status'];
  const lease = ['value', 'lease_until'];
  const noLease = cond.or(cond.absent(lease), cond.eq(lease, null));
  return conditional(() =>
    table.putItem({
      Item: item(state),
      ...expressions({
        condition: cond.or(
          cond.itemAbsent(),
          cond.oneOf(status, FINISHED_BATCH_STATUSES),
          cond.and(cond.eq(status, 'requested'), cond.or(noLease, cond.lte(lease, now.toISOString()))),
          cond.and(cond.eq(status, 'submitted'), cond.eq(['value', 'batch_id'], null), noLease),
        ),
      }),
    }),
  );
}

/**
 * A builder's claim on a request: only while the request is still in the
 * slot, its lease is live and no other run claimed it. The lease restarts
 * from the claim (`leaseUntil`), outliving the builder's own timeout.
 */
export function claimBatchBuild(requestId: string, runId: string, now: Date, leaseUntil: Date): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: key(),
      ...update(
        {
          set: { updated_at: now.toISOString() },
          setPaths: [
            [['value', 'builder_run_id'], runId],
            [['value', 'lease_until'], leaseUntil.toISOString()],
            [['value', 'updated_at'], now.toISOString()],
          ],
        },
        cond.and(
          cond.eq(['value', 'status'], 'requested'),
          cond.eq(['value', 'request_id'], requestId),
          cond.gt(['value', 'lease_until'], now.toISOString()),
          cond.or(cond.absent(['value', 'builder_run_id']), cond.eq(['value', 'builder_run_id'], null)),
        ),
      ),
    }),
  );
}

/**
 * Replaces the request with what its builder made of it (the submitted
 * batch, an empty batch, or a failure), only while this run still holds the
 * request. False when the slot moved on (the lease passed and a new request
 * took it).
 */
export function recordBatchBuild(requestId: string, runId: string, state: BatchState): Promise<boolean> {
  return conditional(() =>
    table.putItem({
      Item: item(state),
      ...expressions({
        condition: cond.and(
          cond.eq(['value', 'status'], 'requested'),
          cond.eq(['value', 'request_id'], requestId),
          cond.eq(['value', 'builder_run_id'], runId),
        ),
      }),
    }),
  );
}

/** Records the poll's progress or result on the batch it read (the same batch id, still in flight). */
export function recordBatchProgress(batchId: string, state: BatchState): Promise<boolean> {
  return conditional(() =>
    table.putItem({
      Item: item(state),
      ...expressions({ condition: cond.eq(['value', 'batch_id'], batchId) }),
    }),
  );
}
