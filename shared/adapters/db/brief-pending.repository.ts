/**
 * Text versions waiting for a brief (docs/data-model.md B12): a marker item
 * BILL#{bill_id} / BRIEFPENDING#{version_code} with the sparse gsi3 key
 * PENDING#brief / {bill_id}#{version_code}. The brief worker writes it when a
 * message arrives and deletes it once the brief is stored, so a provider
 * failure leaves the marker: resume_analysis re-queues those, submit_llm_batch
 * sends them, and the admin stats count them as "remaining" (a Query, no Scan).
 */
import { collectPages, indexPartition, queryPage } from './dynamo.ts';
import { briefKeys } from './keys/brief.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const LIST = indexPartition(briefKeys.pendingList.index, briefKeys.pendingList.partition);

export interface PendingBrief {
  bill_id: string;
  version_code: string;
  queued_at: string;
}

/** Marks a text version as waiting for its brief (idempotent). */
export async function markBriefPending(billId: string, versionCode: string, at: string): Promise<void> {
  await table.putItem({
    Item: entityItem('brief_pending', briefKeys.pending(billId, versionCode), {
      bill_id: billId,
      version_code: versionCode,
      queued_at: at,
      ...briefKeys.pendingList.keys(billId, versionCode),
    }),
  });
}

/** Clears the marker once the brief is stored. */
export async function clearBriefPending(billId: string, versionCode: string): Promise<void> {
  await table.deleteItem({ Key: briefKeys.pending(billId, versionCode) });
}

/** Up to `limit` waiting text versions. */
export async function listPendingBriefs(limit: number): Promise<PendingBrief[]> {
  const items = await collectPages((n, cursor) => queryPage({ ...LIST, Limit: n }, cursor), limit);
  return items.map((i) => ({ bill_id: String(i.bill_id), version_code: String(i.version_code), queued_at: String(i.queued_at) }));
}

/** How many text versions wait for a brief (a COUNT query on the sparse index). */
export async function countPendingBriefs(): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table.query({
      ...LIST,
      Select: 'COUNT',
      ExclusiveStartKey: start,
    });
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
