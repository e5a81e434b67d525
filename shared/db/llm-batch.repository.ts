/**
 * The LLM batch slot (docs/data-model.md A11, SETTINGS / llm_batch): claimed
 * by a batch request, leased by the job that builds the batch, held by the
 * submitted batch until it finishes. Every move is one conditional write,
 * so two requests, or two builders of one request, never both win. The rule
 * is the one of slotHolder (shared/domain/briefs/batch-state.schema.ts).
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { BatchState, FINISHED_BATCH_STATUSES } from '#shared/domain/briefs/batch-state.schema.ts';
import { conditional } from './dynamo.ts';
import { settingKeys } from './keys/settings.keys.ts';
import { getSetting, SETTING_KEYS } from './settings.repository.ts';
import { tableName } from './table.ts';

const key = () => settingKeys.setting(SETTING_KEYS.llmBatch);

/** The stored batch state, or null when no batch was ever requested. */
export const getBatchState = () => getSetting(SETTING_KEYS.llmBatch, BatchState());

const item = (state: BatchState) => ({ ...key(), entity: 'setting', value: state, updated_at: state.updated_at });

/**
 * Puts a new request in the slot when it is free at `now`: absent, finished,
 * a request whose lease has passed, or a submit that died before leases
 * existed (submitted, no batch id, no lease). False when someone holds it.
 */
export function claimBatchSlot(state: BatchState, now: Date): Promise<boolean> {
  const finished = FINISHED_BATCH_STATUSES.map((_, i) => `:f${i}`);
  return conditional(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: item(state),
        ConditionExpression: [
          'attribute_not_exists(pk)',
          `#v.#st IN (${finished.join(', ')})`,
          '(#v.#st = :requested AND (attribute_not_exists(#v.#lease) OR #v.#lease = :null OR #v.#lease <= :now))',
          '(#v.#st = :submitted AND #v.#bid = :null AND (attribute_not_exists(#v.#lease) OR #v.#lease = :null))',
        ].join(' OR '),
        ExpressionAttributeNames: { '#v': 'value', '#st': 'status', '#lease': 'lease_until', '#bid': 'batch_id' },
        ExpressionAttributeValues: {
          ...Object.fromEntries(FINISHED_BATCH_STATUSES.map((s, i) => [`:f${i}`, s])),
          ':requested': 'requested',
          ':submitted': 'submitted',
          ':null': null,
          ':now': now.toISOString(),
        },
      }),
    ),
  );
}

/**
 * A builder's claim on a request: only while the request is still in the
 * slot, its lease is live and no other run claimed it. The lease restarts
 * from the claim (`leaseUntil`), outliving the builder's own timeout.
 */
export function claimBatchBuild(requestId: string, runId: string, now: Date, leaseUntil: Date): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(),
        UpdateExpression: 'SET #v.#run = :run, #v.#lease = :lease, #v.#upd = :now, updated_at = :now',
        ConditionExpression: '#v.#st = :requested AND #v.#rid = :rid AND #v.#lease > :now AND (attribute_not_exists(#v.#run) OR #v.#run = :null)',
        ExpressionAttributeNames: {
          '#v': 'value',
          '#st': 'status',
          '#rid': 'request_id',
          '#run': 'builder_run_id',
          '#lease': 'lease_until',
          '#upd': 'updated_at',
        },
        ExpressionAttributeValues: {
          ':requested': 'requested',
          ':rid': requestId,
          ':run': runId,
          ':null': null,
          ':now': now.toISOString(),
          ':lease': leaseUntil.toISOString(),
        },
      }),
    ),
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
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: item(state),
        ConditionExpression: '#v.#st = :requested AND #v.#rid = :rid AND #v.#run = :run',
        ExpressionAttributeNames: { '#v': 'value', '#st': 'status', '#rid': 'request_id', '#run': 'builder_run_id' },
        ExpressionAttributeValues: { ':requested': 'requested', ':rid': requestId, ':run': runId },
      }),
    ),
  );
}

/** Records the poll's progress or result on the batch it read (the same batch id, still in flight). */
export function recordBatchProgress(batchId: string, state: BatchState): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: item(state),
        ConditionExpression: '#v.#bid = :bid',
        ExpressionAttributeNames: { '#v': 'value', '#bid': 'batch_id' },
        ExpressionAttributeValues: { ':bid': batchId },
      }),
    ),
  );
}
