/**
 * Committees (docs/data-model.md C1-C6):
 *   COMMITTEE#{id} / META                      the committee or subcommittee
 *   COMMITTEE#{id} / SEAT#{member_id}          one member's seat on it
 *   gsi3 COMMITTEES / {chamber}#{full committee id}#{id}   current committees, each full committee before its subcommittees (secondaryListings)
 *   gsi2 MEMBERSEATS#{member_id} / {committee_id}          a member's seats (reverseLookups)
 *   gsi4 COMMITTEECHANGES / {updated_at}#{id}              every committee by content change (changeFeed)
 *   COMMITTEEACTIVITY#{id} / {date}#{bill_id}#{kind}       bills referred to or reported by it, by date
 */
import type { CommitteeChamber } from '#shared/domain/committees/committee.schema.ts';
import { META, onIndex, type ItemKey } from './key.ts';

const partition = (committeeId: string) => `COMMITTEE#${committeeId}`;
const SEAT = 'SEAT#';
const LISTING = 'COMMITTEES';
const CHANGES = 'COMMITTEECHANGES';
const seatsPartition = (memberId: string) => `MEMBERSEATS#${memberId}`;
const activityPartition = (committeeId: string) => `COMMITTEEACTIVITY#${committeeId}`;

export const committeeKeys = {
  partition,
  meta: (committeeId: string): ItemKey => ({ pk: partition(committeeId), sk: META }),
  isMeta: (item: { sk?: unknown }) => item.sk === META,
  seat: (committeeId: string, memberId: string): ItemKey => ({ pk: partition(committeeId), sk: `${SEAT}${memberId}` }),
  seatPrefix: SEAT,

  /** C2: current committees, by chamber, each full committee before its subcommittees. */
  listing: {
    index: 'secondaryListings',
    partition: LISTING,
    chamberPrefix: (chamber: CommitteeChamber) => `${chamber}#`,
    keys: (c: { id: string; chamber: CommitteeChamber; parent_id: string | null }) =>
      onIndex('secondaryListings', LISTING, `${c.chamber}#${c.parent_id ?? c.id}#${c.id}`),
  },
  /** C3: a member's seats. */
  seatsOf: {
    index: 'reverseLookups',
    partition: seatsPartition,
    keys: (s: { member_id: string; committee_id: string }) => onIndex('reverseLookups', seatsPartition(s.member_id), s.committee_id),
  },
  /** C5: every committee by content change. */
  byContentChange: {
    index: 'changeFeed',
    partition: CHANGES,
    keys: (c: { id: string }, updatedAt: string) => onIndex('changeFeed', CHANGES, `${updatedAt}#${c.id}`),
  },
  /** C4: one bill's referral to, or report by, a committee. */
  activityPartition,
  activity: (a: { committee_id: string; date: string; bill_id: string; kind: string }): ItemKey => ({
    pk: activityPartition(a.committee_id),
    sk: `${a.date}#${a.bill_id}#${a.kind}`,
  }),
} as const;
