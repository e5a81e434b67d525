/**
 * Members (docs/data-model.md M1-M4, M8):
 *   MEMBER#{bioguide} / PROFILE                the member record (the partition also holds
 *                                              news and trend days, their own files)
 *   MEMBER#{bioguide} / ENRICH                 the hourly first-view enrichment claim
 *   MEMBER#{bioguide} / RECENTVOTES            the member's latest positions, for the dashboard
 *   gsi1 MEMBERS#{state} / {chamber}#{district:00}#{id}   a state's delegation (sortedListings)
 *   gsi3 MEMBERS / {lower-case name}#{id}      everyone by name (secondaryListings)
 *   gsi4 MEMBERCHANGES / {updated_at}#{id}    everyone by content updated_at (M13, changeFeed)
 *   NAME#{initial} / {token}#{id}              name search items, one per name word
 *   LIS#{lis_id} / MEMBER                      Senate LIS id → Bioguide id
 */
import type { Member } from '#shared/domain/members/member.schema.ts';
import { PROFILE, onIndex, type ItemKey } from './key.ts';

const partition = (memberId: string) => `MEMBER#${memberId}`;
const statePartition = (state: string) => `MEMBERS#${state}`;
const chamberPrefix = (chamber: string) => `${chamber}#`;
const BY_NAME = 'MEMBERS';
const namePartition = (token: string) => `NAME#${token[0]}`;
const LIS = 'LIS#';

export const memberKeys = {
  /** MEMBER#{id}: the partition a member detail reads with one Query. */
  partition,
  profile: (memberId: string): ItemKey => ({ pk: partition(memberId), sk: PROFILE }),
  /** True for the record among the items of a member's partition. */
  isProfile: (item: { sk?: unknown }) => item.sk === PROFILE,
  /** M7a: the member's latest recorded positions, kept by the vote writer so the dashboard needs no Query per member. */
  recentVotes: (memberId: string): ItemKey => ({ pk: partition(memberId), sk: 'RECENTVOTES' }),
  /** M1b: the claim of a member's first-view enrichment, with the outcome of a run that could not enrich. */
  enrichClaim: (memberId: string): ItemKey => ({ pk: partition(memberId), sk: 'ENRICH' }),
  /** True for the enrichment claim among the items of a member's partition. */
  isEnrichClaim: (item: { sk?: unknown }) => item.sk === 'ENRICH',

  /** M2, M8: a state's delegation, by chamber then district. */
  byState: {
    index: 'sortedListings',
    partition: statePartition,
    /** begins_with prefix of one chamber of the delegation. */
    chamberPrefix,
    keys: (m: Pick<Member, 'state' | 'chamber' | 'district' | 'id'>) =>
      onIndex('sortedListings', statePartition(m.state), `${chamberPrefix(m.chamber ?? 'unknown')}${String(m.district ?? 0).padStart(2, '0')}#${m.id}`),
  },

  /** M13: every member in the order their content last changed (changeFeed). */
  byContentChange: {
    index: 'changeFeed',
    partition: 'MEMBERCHANGES',
    keys: (m: Pick<Member, 'id'>, updatedAt: string) => onIndex('changeFeed', 'MEMBERCHANGES', `${updatedAt}#${m.id}`),
  },

  /** M1a, M9: every member by name. */
  byName: {
    index: 'secondaryListings',
    partition: BY_NAME,
    keys: (m: Pick<Member, 'name' | 'id'>) => onIndex('secondaryListings', BY_NAME, `${m.name.toLowerCase()}#${m.id}`),
  },

  /** M3: the partition of the name items of words beginning like `token`. */
  namePartition,
  /** M3: one name word's search item (a search reads `namePartition(word)` with begins_with(sk, word)). */
  nameItem: (token: string, memberId: string): ItemKey => ({ pk: namePartition(token), sk: `${token}#${memberId}` }),

  /** M4: the Senate LIS id mapping. */
  lis: (lisId: string): ItemKey => ({ pk: `${LIS}${lisId}`, sk: 'MEMBER' }),
  /** The LIS id a mapping item's partition key names. */
  lisIdOf: (pk: string) => pk.slice(LIS.length),
} as const;
