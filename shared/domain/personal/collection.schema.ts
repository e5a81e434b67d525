/**
 * The Collection (a watchlist of bills) and its bills. A collection lives at
 * USER#{uid} / COLLECTION#{cid}; each bill in it at
 * USER#{uid} / COLLECTION#{cid}#BILL#{bill_id} (unique per pair by key); its
 * name is claimed per owner by USER#{uid} / COLLNAME#{name key}; its share
 * link is TOKEN#collection#{token} / TOKEN (data-model P4, P5, A14).
 */
import * as z from 'zod';

export const Collection = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    slug: z.string(),
    share_token: z.string().uuid(),
    is_public: z.boolean(),
    bill_count: z.number().int().nonnegative(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Collection', description: 'A named collection of bills of the signed-in user' });
export type Collection = z.infer<typeof Collection>;

export const CollectionBill = z.object({
  collection_id: z.string(),
  bill_id: z.string(),
  added_at: z.string(),
});
export type CollectionBill = z.infer<typeof CollectionBill>;

/** Body of POST /api/collections; the name rules are checked by validateCollectionName. */
export const CollectionCreate = z.object({
  name: z.string({ error: 'is required' }),
  is_public: z.boolean().default(false),
});
export type CollectionCreate = z.infer<typeof CollectionCreate>;

/** Body of PATCH /api/collections/{id}: rename and/or toggle is_public. */
export const CollectionUpdate = z
  .object({ name: z.string().optional(), is_public: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.is_public !== undefined, { error: 'give name or is_public' });
export type CollectionUpdate = z.infer<typeof CollectionUpdate>;
