/**
 * The effectiveness score of a member: the distance-traveled points of each
 * sponsored bill, × 1.5 for a bill with a cosponsor from another party,
 * × 0.1 for a commemorative bill, and the total × 1.2 for a committee chair
 * (docs/product-rules.md, "Scores"). Pure; the job gathers the inputs.
 */
import type { BillCategory } from '#shared/domain/bills/bill.schema.ts';
import type { LeadershipRole } from '#shared/domain/members/member.schema.ts';
import { partyCode } from '#shared/domain/members/party.ts';
import { stagePoints, type BillStage } from './bill-stage.ts';

export const BIPARTISAN_MULTIPLIER = 1.5;
export const COMMEMORATIVE_MULTIPLIER = 0.1;
export const CHAIR_MULTIPLIER = 1.2;

/** What the score needs of one sponsored bill. */
export interface ScoredBill {
  stage: BillStage;
  bill_category: BillCategory | null;
  /** Parties of the bill's cosponsors (withdrawn cosponsors left out by the caller). */
  cosponsor_parties: readonly (string | null)[];
}

/** 'Democratic' and 'D' are one party; unknown is null. */
const normalParty = (p: string | null | undefined): string | null => partyCode(p?.trim() || null);

/** True when some cosponsor's party is known and differs from the sponsor's (known) party. */
export function isBipartisan(sponsorParty: string | null, cosponsorParties: readonly (string | null)[]): boolean {
  const own = normalParty(sponsorParty);
  if (own === null) return false;
  return cosponsorParties.some((p) => {
    const theirs = normalParty(p);
    return theirs !== null && theirs !== own;
  });
}

/** One bill's points with its multipliers. */
export function billPoints(bill: ScoredBill, sponsorParty: string | null): number {
  let points = stagePoints(bill.stage);
  if (isBipartisan(sponsorParty, bill.cosponsor_parties)) points *= BIPARTISAN_MULTIPLIER;
  if (bill.bill_category === 'commemorative') points *= COMMEMORATIVE_MULTIPLIER;
  return points;
}

/**
 * Whether the member chairs a committee: the full committees sync_members
 * stored from congress-legislators' committee membership. Until that data
 * has been read (chaired_committees null), the stored leadership roles
 * stand in: a current role whose title names a committee and a chair
 * ("… Committee Chair", "Chairman of the … Committee"; a vice chair is not one).
 */
export function chairsCommittee(member: {
  chaired_committees: readonly string[] | null;
  leadership_roles: readonly Pick<LeadershipRole, 'title' | 'current'>[];
}): boolean {
  if (member.chaired_committees !== null) return member.chaired_committees.length > 0;
  return member.leadership_roles.some((r) => r.current && /\bcommittee\b/i.test(r.title) && /(?<!\bvice[ -])\bchair(man|woman|person)?\b/i.test(r.title));
}

/** Rounded to two decimals, so equal scores compare equal (0.1 × 1.5 is not exactly 0.15). */
const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A member's score: the sum of their bills' points, × 1.2 for a chair; 0 without sponsored bills. */
export function memberScore(bills: readonly ScoredBill[], sponsorParty: string | null, chair: boolean): number {
  const total = bills.reduce((sum, b) => sum + billPoints(b, sponsorParty), 0);
  return round2(chair ? total * CHAIR_MULTIPLIER : total);
}
