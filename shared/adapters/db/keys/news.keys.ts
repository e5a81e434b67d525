/**
 * News of bills and members (docs/data-model.md B13, B13a, B13b, M11, M11a):
 *   {owner pk} / NEWS#{sha256(url)}   an article, unique per (owner, url); listed on
 *       secondaryListings (gsi3) NEWS#{owner pk} / {published_at or stored_at}#{sha256(url)}
 *   {owner pk} / NEWSCLAIM            the claim of a background fetch; a member's claim is
 *       listed on gsi3 NEWS_MEMBERS / {claimed_at}#{bioguide}
 *   BILL#{id} / NEWSREQUEST           a pending fetch after a brief, listed on
 *       gsi3 NEWS_REQUESTS / {requested_at}#{bill_id}
 * where the owner pk is BILL#{id} or MEMBER#{bioguide}.
 */
import { createHash } from 'node:crypto';
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';
import { memberKeys } from './member.keys.ts';

export type NewsOwner = { kind: 'bill'; id: string } | { kind: 'member'; id: string };

const PREFIX = 'NEWS#';
const ownerPartition = (owner: NewsOwner) => (owner.kind === 'bill' ? billKeys.partition(owner.id) : memberKeys.partition(owner.id));
const urlHash = (url: string) => createHash('sha256').update(url).digest('hex');
const byOwnerPartition = (owner: NewsOwner) => `${PREFIX}${ownerPartition(owner)}`;
const MEMBERS_READ = 'NEWS_MEMBERS';
const REQUESTS = 'NEWS_REQUESTS';

export const newsKeys = {
  /** The SHA-256 (hex) of an article URL, which its keys carry. */
  urlHash,
  article: (owner: NewsOwner, url: string): ItemKey => ({ pk: ownerPartition(owner), sk: `${PREFIX}${urlHash(url)}` }),
  /** begins_with prefix of the articles among a partition's items. */
  prefix: PREFIX,
  /** B13, M11: an owner's articles, newest first. */
  byOwner: {
    index: 'secondaryListings',
    partition: byOwnerPartition,
    /** `datedAt` is the article's published_at, or when it was stored for undated ones. */
    keys: (owner: NewsOwner, url: string, datedAt: string) => onIndex('secondaryListings', byOwnerPartition(owner), `${datedAt}#${urlHash(url)}`),
  },
  /** B13b, M11a: the claim of an owner's background news fetch. */
  claim: (owner: NewsOwner): ItemKey => ({ pk: ownerPartition(owner), sk: 'NEWSCLAIM' }),
  /** M11a: members whose news was read, by claim time. */
  membersRead: {
    index: 'secondaryListings',
    partition: MEMBERS_READ,
    keys: (memberId: string, claimedAt: string) => onIndex('secondaryListings', MEMBERS_READ, `${claimedAt}#${memberId}`),
  },
  /** B13a: a bill's pending news fetch. */
  request: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: 'NEWSREQUEST' }),
  /** B13a: pending requests, oldest first. */
  requests: {
    index: 'secondaryListings',
    partition: REQUESTS,
    sortKey: (billId: string, requestedAt: string) => `${requestedAt}#${billId}`,
  },
} as const;
