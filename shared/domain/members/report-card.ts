/**
 * The figures of a member's report card for one Congress, from what the
 * service holds (report-card.schema.ts says what each means): the member's
 * positions in that Congress's roll calls (each carrying how most of the
 * member's party voted, party-majority.ts), the bills they sponsored, and the
 * bills they cosponsor with their sponsors' parties. Pure: the job reads,
 * this counts.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { BillStatus } from '#shared/domain/bills/bill-status.ts';
import type { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import {
  RECORD_LIST_MAX,
  type BillReach,
  type MemberRecordCongress,
  type RecordBill,
  type RecordChamberVotes,
  type RecordRollCall,
} from './report-card.schema.ts';

/** The parties a party-line figure is told for: an independent has no party majority to vote with. */
export const MAJOR_PARTIES: ReadonlySet<string> = new Set(['D', 'R']);

const REACH_ORDER: readonly BillReach[] = ['law', 'passed', 'passed_one_chamber', 'floor', 'committee', 'introduced'];

/** How far a bill went, read from its status (the unitedstates/congress vocabulary). */
export function billReach(status: BillStatus): BillReach {
  if (status.startsWith('ENACTED:')) return 'law';
  if (status.startsWith('PASSED:') || status.startsWith('VETOED:') || status === 'PROV_KILL:VETO') return 'passed';
  if (
    status.startsWith('PASS_OVER:') ||
    status.startsWith('PASS_BACK:') ||
    status.startsWith('CONFERENCE:') ||
    status.startsWith('FAIL:SECOND:') ||
    status === 'PROV_KILL:PINGPONGFAIL'
  )
    return 'passed_one_chamber';
  if (status.startsWith('FAIL:ORIGINATING:') || status === 'PROV_KILL:SUSPENSIONFAILED' || status === 'PROV_KILL:CLOTUREFAILED') return 'floor';
  if (status === 'REPORTED') return 'committee';
  return 'introduced';
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const rollCallOf = (v: MemberVote): RecordRollCall => ({ vote_id: v.vote_id, bill_id: v.bill_id, date: v.date, question: v.question, position: v.position });
const newestFirst = (a: MemberVote, b: MemberVote) => b.date.localeCompare(a.date) || b.vote_id.localeCompare(a.vote_id);

/** The member's party as their positions record it: the latest one given. */
const partyOf = (votes: readonly MemberVote[]) => [...votes].sort(newestFirst).find((v) => v.party)?.party ?? null;

/** The vote figures of one chamber from the member's positions in its roll calls (each roll call once). */
export function chamberVotes(chamber: 'house' | 'senate', positions: readonly MemberVote[]): RecordChamberVotes {
  const votes = [...new Map(positions.filter((p) => p.chamber === chamber).map((p) => [p.vote_id, p])).values()].sort(newestFirst);
  const missed = votes.filter((v) => v.position === 'Not Voting');
  const party = partyOf(votes);
  const onTheLine = votes.filter(
    (v) => (v.position === 'Yea' || v.position === 'Nay') && v.party !== null && MAJOR_PARTIES.has(v.party) && v.party_majority != null,
  );
  const against = onTheLine.filter((v) => v.position !== v.party_majority);
  return {
    chamber,
    roll_calls: votes.length,
    first_date: votes.at(-1)?.date ?? null,
    last_date: votes[0]?.date ?? null,
    cast: votes.length - missed.length,
    missed: missed.length,
    missed_share: share(missed.length, votes.length),
    missed_votes: missed.slice(0, RECORD_LIST_MAX).map(rollCallOf),
    party,
    party_votes: onTheLine.length,
    with_party: onTheLine.length - against.length,
    with_party_share: share(onTheLine.length - against.length, onTheLine.length),
    against_party_votes: against.slice(0, RECORD_LIST_MAX).map(rollCallOf),
  };
}

/** A cosponsorship as the card reads it: the bill, the member's party when they signed, and the sponsor's party. */
export interface CosponsorshipInput {
  bill_id: string;
  label: string;
  member_party: string | null;
  sponsor_party: string | null;
}

/** The report card of one Congress. */
export function reportCard(input: {
  congress: number;
  computedAt: string;
  positions: readonly MemberVote[];
  sponsored: readonly Pick<Bill, 'id' | 'label' | 'title' | 'short_title' | 'status'>[];
  cosponsored: readonly CosponsorshipInput[];
}): MemberRecordCongress {
  const chambers = (['house', 'senate'] as const).filter((c) => input.positions.some((p) => p.chamber === c));
  const bills: RecordBill[] = input.sponsored
    .map((b) => ({ bill_id: b.id, label: b.label, title: b.short_title ?? b.title, status: b.status, reach: billReach(b.status) }))
    .sort((a, b) => REACH_ORDER.indexOf(a.reach) - REACH_ORDER.indexOf(b.reach) || a.bill_id.localeCompare(b.bill_id));
  const byReach = Object.fromEntries(REACH_ORDER.map((r) => [r, bills.filter((b) => b.reach === r).length])) as Record<BillReach, number>;
  const known = input.cosponsored.filter(
    (c) => c.member_party !== null && c.sponsor_party !== null && MAJOR_PARTIES.has(c.member_party) && MAJOR_PARTIES.has(c.sponsor_party),
  );
  const across = known.filter((c) => c.member_party !== c.sponsor_party);
  return {
    congress: input.congress,
    computed_at: input.computedAt,
    votes: chambers.map((c) => chamberVotes(c, input.positions)),
    sponsored: { bills: bills.length, by_reach: byReach, items: bills.slice(0, RECORD_LIST_MAX) },
    cosponsored: {
      bills: input.cosponsored.length,
      with_known_parties: known.length,
      across_the_aisle: across.length,
      across_share: share(across.length, known.length),
      across_items: across.slice(0, RECORD_LIST_MAX).map((c) => ({ bill_id: c.bill_id, label: c.label, sponsor_party: c.sponsor_party as string })),
    },
  };
}
