/**
 * Document fetches skipped while an admin had their source switched off
 * (docs/data-model.md B5a): a marker BILL#{id} / DOCFETCH, one per bill, with
 * the sparse gsi3 listing DOCFETCHES_PENDING / {bill_id}. The document-fetch
 * worker writes it instead of fetching; the poller queues the fetch again and
 * removes the marker once the sources are back on.
 */
import { collectPages, indexPartition, queryPage } from './dynamo.ts';
import { textVersionKeys } from './keys/text-version.keys.ts';
import { PendingDocumentFetch } from '#shared/domain/bills/document-fetch-pending.schema.ts';
import { expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

const listing = textVersionKeys.fetchPendingList;

/** Records a skipped fetch; asking again keeps the first time, so a redelivery writes nothing new. */
export async function markDocumentFetchPending(billId: string, reason: string, skippedBecause: string, now: Date): Promise<void> {
  await table.updateItem({
    Key: textVersionKeys.fetchPending(billId),
    ...expressions({
      update: {
        set: { ...entityTag('document_fetch_pending'), bill_id: billId, reason, skipped_because: skippedBecause, ...listing.keys(billId) },
        setIfNotExists: { pending_since: now.toISOString() },
      },
    }),
  });
}

/** Up to `limit` pending fetches (one Query page after another on the sparse index). */
export async function listPendingDocumentFetches(limit: number): Promise<PendingDocumentFetch[]> {
  const items = await collectPages((n, cursor) => queryPage({ ...indexPartition(listing.index, listing.partition), Limit: n }, cursor), limit);
  return items.map((i) => PendingDocumentFetch().parse(i));
}

/** Removes a bill's marker (once its fetch is queued again). */
export async function clearDocumentFetchPending(billId: string): Promise<void> {
  await table.deleteItem({ Key: textVersionKeys.fetchPending(billId) });
}
