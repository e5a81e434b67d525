/**
 * Public share links: one router for briefs and collections by token.
 * collection: 1. resolve TOKEN#collection#{token} (strongly consistent);
 *   2. read the owner's collection; 3. serve it only when public (private and
 *   unknown tokens answer the same 404, so a token's existence does not leak);
 *   4. attach a page of its bills. The owner's id is never served.
 * brief: 1. resolve the brief token (briefs repository); 2. attach its bill.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getBriefByShareToken } from '#shared/adapters/db/briefs.repository.ts';
import { getCollection } from '#shared/adapters/db/collections.repository.ts';
import { resolveCollectionToken } from '#shared/adapters/db/share-tokens.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import type { Paging } from '#shared/domain/paging.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { collectionBillsPage, type CollectionWithBills } from './collections.ts';
import { billSummary, type BillSummary } from '#shared/domain/personal/summaries.ts';

export type PublicCollection = Omit<CollectionWithBills, 'user_id'>;

const noSharedCollection = () => new NotFoundError('No public collection for this link', 'share.not_found');

/** The public collection a share token points at, with a page of its bills. */
export async function sharedCollection(token: string, paging: Paging): Promise<PublicCollection> {
  const target = await resolveCollectionToken(token);
  if (!target) throw noSharedCollection();
  const collection = await getCollection(target.user_id, target.collection_id);
  if (!collection || !collection.is_public || collection.share_token !== token) throw noSharedCollection();
  const { user_id: _owner, ...visible } = collection;
  return { ...visible, bills: await collectionBillsPage(target.user_id, collection.id, paging) };
}

/** The brief fields a public link shows (no provider costs or token counts). */
export type PublicBrief = Pick<Brief, 'bill_id' | 'version' | 'type' | 'summary' | 'points' | 'topic_tags' | 'method' | 'share_token' | 'created_at'>;

/** A shared brief with its bill. */
export async function sharedBrief(token: string): Promise<{ brief: PublicBrief; bill: BillSummary | null }> {
  const found = await getBriefByShareToken(token);
  if (!found) throw new NotFoundError('No shared brief for this link', 'share.not_found');
  const b = found.brief;
  const bill = await getBill(b.bill_id);
  return {
    brief: {
      bill_id: b.bill_id,
      version: b.version,
      type: b.type,
      summary: b.summary,
      points: b.points,
      topic_tags: b.topic_tags,
      method: b.method,
      share_token: b.share_token,
      created_at: b.created_at,
    },
    bill: bill ? billSummary(bill) : null,
  };
}
