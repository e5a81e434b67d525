/** The congress-legislators dataset (current members with LIS ids, bio, terms, leadership roles; committee chairs). */
import type { Member } from '#shared/domain/members/member.schema.ts';
import { config } from '#shared/platform/config.ts';
import { parseCommitteeChairs } from './committee-chairs.parser.ts';
import { LEGISLATORS, parseLegislatorsJson } from './legislators.parser.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';

const dataset = () => config().LEGISLATORS_BASE_URL.replace(/\/+$/, '');
export const legislatorsUrl = () => `${dataset()}/legislators-current.json`;
const committeesUrl = () => `${dataset()}/committees-current.json`;
const committeeMembershipUrl = () => `${dataset()}/committee-membership-current.json`;

/** Every current legislator. */
export async function fetchCurrentLegislators(fetchedAt: string, options: { timeoutMs?: number; retries?: number } = {}): Promise<Member[]> {
  const res = await getText({ provider: LEGISLATORS, url: legislatorsUrl(), timeoutMs: 60_000, ...options });
  return parseLegislatorsJson(res.text, fetchedAt);
}

/** The committees and committee-membership files, as text (sync_committees parses them). */
export async function fetchCommitteeFiles(): Promise<{ committees: string; membership: string }> {
  const [committees, membership] = await Promise.all([
    getText({ provider: LEGISLATORS, url: committeesUrl(), timeoutMs: 60_000 }),
    getText({ provider: LEGISLATORS, url: committeeMembershipUrl(), timeoutMs: 60_000 }),
  ]);
  return { committees: committees.text, membership: membership.text };
}

/** Bioguide id → names of the full committees the member chairs. */
export async function fetchCommitteeChairs(): Promise<Map<string, string[]>> {
  const files = await fetchCommitteeFiles();
  return parseCommitteeChairs(files.committees, files.membership);
}
