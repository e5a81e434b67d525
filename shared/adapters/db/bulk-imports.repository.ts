/**
 * Bulk Bill Status import progress (A20, ./keys/bulk-import.keys.ts). The
 * record is created once per Congress and replaced for a new run only by a
 * write conditional on the run read; each zip's listing and each chunk of
 * files is counted by a transaction that also puts its marker on condition
 * of absence, so a redelivered message never counts twice.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { BulkImport, isBulkDone } from '#shared/domain/bills/bulk-import.ts';
import { conditional, transactionReasons } from './dynamo.ts';
import { bulkImportKeys } from './keys/bulk-import.keys.ts';
import { tableName } from './table.ts';
import { cond, expressions, query, update } from './expressions.ts';

const fromItem = (item: Record<string, unknown>) => BulkImport().parse(item);

export async function getBulkImport(id: string): Promise<BulkImport | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: bulkImportKeys.record(id), ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : null;
}

export async function listBulkImports(): Promise<BulkImport[]> {
  const out = await dynamo().send(new QueryCommand({ TableName: tableName(), ...query({ pk: bulkImportKeys.partition }) }));
  return (out.Items ?? []).map(fromItem);
}

/** Writes a new run's record: on absence for a first run, else on the run it replaces. False when someone else moved it. */
export async function putBulkRun(next: BulkImport, previousRun: number | null): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...bulkImportKeys.record(next.id), entity: 'bulk_import', ...next },
        ...expressions({ condition: previousRun === null ? cond.itemAbsent() : cond.eq('run', previousRun) }),
      }),
    ),
  );
}

/** Counts of one step, added once under its marker. */
export interface BulkStepCounts {
  zips_listed?: number;
  files_total?: number;
  files_done?: number;
  bills_created?: number;
  bills_changed?: number;
  files_failed?: number;
}

/**
 * Adds a step's counts to the run's record under its marker; false when the
 * marker was there already (a redelivery) or the record moved to another
 * run. Then marks the import completed once everything is counted.
 */
export async function recordBulkStep(id: string, run: number, marker: { pk: string; sk: string }, counts: BulkStepCounts, now: Date): Promise<boolean> {
  const added = Object.fromEntries(Object.entries(counts).filter((e): e is [string, number] => e[1] !== undefined));
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...marker, entity: 'bulk_import_step', at: now.toISOString() },
              ...expressions({ condition: cond.itemAbsent() }),
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: bulkImportKeys.record(id),
              ...update({ set: { updated_at: now.toISOString() }, add: added }, cond.eq('run', run)),
            },
          },
        ],
      }),
    );
  } catch (err) {
    if (transactionReasons(err)?.some((r) => r === 'ConditionalCheckFailed')) return false;
    throw err;
  }
  const after = await getBulkImport(id);
  if (after && after.run === run && after.state === 'running' && isBulkDone(after)) {
    await conditional(() =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: bulkImportKeys.record(id),
          ...update(
            { set: { state: 'completed', finished_at: now.toISOString(), updated_at: now.toISOString() } },
            cond.and(cond.eq('run', run), cond.eq('state', 'running')),
          ),
        }),
      ),
    );
  }
  return true;
}

/** Marks a run failed with its error (a message's last delivery failed). */
export async function failBulkImport(id: string, run: number, error: string, now: Date): Promise<void> {
  await conditional(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: bulkImportKeys.record(id),
        ...update({ set: { state: 'failed', error: error.slice(0, 1000), updated_at: now.toISOString() } }, cond.eq('run', run)),
      }),
    ),
  );
}
