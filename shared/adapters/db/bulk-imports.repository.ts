/**
 * Bulk Bill Status import progress (A20, ./keys/bulk-import.keys.ts). The
 * record is created once per Congress and replaced for a new run only by a
 * write conditional on the run read; each zip's listing and each chunk of
 * files is counted by a transaction that also puts its marker on condition
 * of absence, so a redelivered message never counts twice.
 */
import { BulkImport, isBulkDone } from '#shared/domain/bills/bulk-import.ts';
import { conditional, transactionReasons } from './dynamo.ts';
import { bulkImportKeys } from './keys/bulk-import.keys.ts';
import { cond, expressions, query, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const fromItem = (item: Record<string, unknown>) => BulkImport().parse(item);

export async function getBulkImport(id: string): Promise<BulkImport | null> {
  const out = await table.getItem({ Key: bulkImportKeys.record(id), ConsistentRead: true });
  return out.Item ? fromItem(out.Item) : null;
}

export async function listBulkImports(): Promise<BulkImport[]> {
  const out = await table.query({ ...query({ pk: bulkImportKeys.partition }) });
  return (out.Items ?? []).map(fromItem);
}

/** Writes a new run's record: on absence for a first run, else on the run it replaces. False when someone else moved it. */
export async function putBulkRun(next: BulkImport, previousRun: number | null): Promise<boolean> {
  return conditional(() =>
    table.putItem({
      Item: entityItem('bulk_import', bulkImportKeys.record(next.id), { ...next }),
      ...expressions({ condition: previousRun === null ? cond.itemAbsent() : cond.eq('run', previousRun) }),
    }),
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
    await table.transactWrite([
      {
        Put: {
          Item: entityItem('bulk_import_step', marker, { at: now.toISOString() }),
          ...expressions({ condition: cond.itemAbsent() }),
        },
      },
      {
        Update: {
          Key: bulkImportKeys.record(id),
          ...update({ set: { updated_at: now.toISOString() }, add: added }, cond.eq('run', run)),
        },
      },
    ]);
  } catch (err) {
    if (transactionReasons(err)?.some((r) => r === 'ConditionalCheckFailed')) return false;
    throw err;
  }
  const after = await getBulkImport(id);
  if (after && after.run === run && after.state === 'running' && isBulkDone(after)) {
    await conditional(() =>
      table.updateItem({
        Key: bulkImportKeys.record(id),
        ...update(
          { set: { state: 'completed', finished_at: now.toISOString(), updated_at: now.toISOString() } },
          cond.and(cond.eq('run', run), cond.eq('state', 'running')),
        ),
      }),
    );
  }
  return true;
}

/** Marks a run failed with its error (a message's last delivery failed). */
export async function failBulkImport(id: string, run: number, error: string, now: Date): Promise<void> {
  await conditional(() =>
    table.updateItem({
      Key: bulkImportKeys.record(id),
      ...update({ set: { state: 'failed', error: error.slice(0, 1000), updated_at: now.toISOString() } }, cond.eq('run', run)),
    }),
  );
}
