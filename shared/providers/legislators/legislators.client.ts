/** The congress-legislators dataset (current members with LIS ids, bio, terms, leadership roles; committee chairs). */
import type { Member } from '#shared/domain/bills/bill.schema.ts';
import { parseCommitteeChairs } from './committee-chairs.parser.ts';
import { LEGISLATORS, parseLegislators } from './legislators.parser.ts';
import { getText } from '#shared/providers/transport/http-transport.ts';

const DATASET = 'https://unitedstates.github.io/congress-legislators';
export const LEGISLATORS_URL = `${DATASET}/legislators-current.json`;
export const COMMITTEES_URL = `${DATASET}/committees-current.json`;
export const COMMITTEE_MEMBERSHIP_URL = `${DATASET}/committee-membership-current.json`;

/** Every current legislator. */
export async function fetchCurrentLegislators(fetchedAt: string): Promise<Member[]> {
  const res = await getText({ provider: LEGISLATORS, url: LEGISLATORS_URL, timeoutMs: 60_000 });
  return parseLegislators(res.text, fetchedAt);
}

/** Bioguide id → names of the full committees the member chairs. */
export async function fetchCommitteeChairs(): Promise<Map<string, string[]>> {
  const [committees, membership] = await Promise.all([
    getText({ provider: LEGISLATORS, url: COMMITTEES_URL, timeoutMs: 60_000 }),
    getText({ provider: LEGISLATORS, url: COMMITTEE_MEMBERSHIP_URL, timeoutMs: 60_000 }),
  ]);
  return parseCommitteeChairs(committees.text, membership.text);
}
