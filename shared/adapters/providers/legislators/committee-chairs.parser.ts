/**
 * The congress-legislators committee files (committees-current.json and
 * committee-membership-current.json) → the committees each member chairs,
 * by Bioguide id, for the effectiveness score's committee-chair factor.
 * Only full committees count: a subcommittee (its thomas id carries a
 * two-digit suffix, "SSAF13") does not, nor do vice chairs or ranking members.
 */
import * as z from 'zod';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { LEGISLATORS } from './legislators.parser.ts';

/** "Chairman", "Chair", "Chairwoman", "Cochairman": the titles the dataset gives a committee's chair. */
const CHAIR_TITLE = /^co-?chair(man|woman|person)?$|^chair(man|woman|person)?$/i;
const FULL_COMMITTEE_ID = /^[A-Z]{4}$/;

const Committees = z.array(z.object({ thomas_id: z.string(), name: z.string() }).passthrough());
const Membership = z.record(z.string(), z.array(z.object({ bioguide: z.string().optional(), title: z.string().optional() }).passthrough()));

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ProviderError(LEGISLATORS, `${what} is not JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** Bioguide id → names of the full committees the member chairs (members chairing none are absent). */
export function parseCommitteeChairs(committeesText: string, membershipText: string): Map<string, string[]> {
  const committees = parsePayload(LEGISLATORS, 'committees', Committees, parseJson(committeesText, 'committees'));
  const membership = parsePayload(LEGISLATORS, 'committee membership', Membership, parseJson(membershipText, 'committee membership'));
  const names = new Map(committees.map((c) => [c.thomas_id, c.name]));
  const chairs = new Map<string, string[]>();
  for (const [committeeId, members] of Object.entries(membership)) {
    if (!FULL_COMMITTEE_ID.test(committeeId)) continue;
    for (const m of members) {
      if (!m.bioguide || !m.title || !CHAIR_TITLE.test(m.title.trim())) continue;
      chairs.set(m.bioguide, [...(chairs.get(m.bioguide) ?? []), names.get(committeeId) ?? committeeId]);
    }
  }
  return chairs;
}
