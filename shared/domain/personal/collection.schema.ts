/**
 * The Collection (a watchlist of bills) and its bills. A collection lives at
 * USER#{uid} / COLLECTION#{cid}; each bill in it at
 * USER#{uid} / COLLECTION#{cid}#BILL#{bill_id} (unique per pair by key); its
 * name is claimed per owner by USER#{uid} / COLLNAME#{name key}; its share
 * link is TOKEN#collection#{token} / TOKEN (data-model P4, P5, A14).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const Collection = lazySchema(() =>
  z
    .object({
      id: z.string().describe('The collection id (a UUID)'),
      user_id: z.string().describe('The id of the user'),
      name: z.string().describe('The name, unique per owner'),
      slug: z.string().describe('The name in URL form'),
      share_token: z.string().uuid().describe('The token of its share link'),
      is_public: z.boolean().describe('Whether its share link shows it to anyone'),
      bill_count: z.number().int().nonnegative().describe('How many bills it holds'),
      created_at: z.string().describe('When it was created (ISO 8601, UTC)'),
      updated_at: z.string().describe('When it was last changed (ISO 8601, UTC)'),
    })
    .meta({ id: 'Collection', description: 'A named collection of bills of the signed-in user' }),
);
export type Collection = z.infer<ReturnType<typeof Collection>>;

export const CollectionBill = lazySchema(() =>
  z.object({
    collection_id: z.string().describe('The id of the collection'),
    bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
    added_at: z.string().describe('When the bill was added'),
  }),
);
export type CollectionBill = z.infer<ReturnType<typeof CollectionBill>>;

/** Body of POST /api/collections; the name rules are checked by validateCollectionName. */
export const CollectionCreate = lazySchema(() =>
  z.object({
    name: z.string({ error: 'is required' }).describe('The name: 1-100 characters after trimming, no control characters, unique per owner'),
    is_public: z.boolean().default(false).describe('Whether its share link shows it to anyone'),
  }),
);
export type CollectionCreate = z.infer<ReturnType<typeof CollectionCreate>>;

/** Body of PATCH /api/collections/{id}: rename and/or toggle is_public. */
export const CollectionUpdate = lazySchema(() =>
  z
    .object({
      name: z.string().optional().describe('A new name (the same rules as at creation)'),
      is_public: z.boolean().optional().describe('Whether its share link shows it to anyone'),
    })
    .refine((b) => b.name !== undefined || b.is_public !== undefined, { error: 'give name or is_public' }),
);
export type CollectionUpdate = z.infer<ReturnType<typeof CollectionUpdate>>;
