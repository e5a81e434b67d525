/**
 * The congress-legislators committee files (committees-current.json and
 * committee-membership-current.json) → every member's committee and
 * subcommittee seats, by Bioguide id: the committee's name and chamber, a
 * subcommittee's full committee (its Thomas id is the committee's plus two
 * digits, "SSAF13"), the member's side, rank and title. Full committees
 * first, then by name.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import type { CommitteeAssignment } from '#shared/domain/members/report-card.schema.ts';
import { LEGISLATORS } from './legislators.parser.ts';

// Built on first parse (lazySchema): the members function imports this module, and a cold start builds no schema it may not need.
const Committees = lazySchema(() =>
  z.array(
    z
      .object({
        thomas_id: z.string(),
        name: z.string(),
        type: z.enum(['house', 'senate', 'joint']),
        subcommittees: z.array(z.object({ thomas_id: z.string(), name: z.string() }).passthrough()).optional(),
      })
      .passthrough(),
  ),
);
const Membership = lazySchema(() =>
  z.record(
    z.string(),
    z.array(
      z
        .object({
          bioguide: z.string().optional(),
          party: z.enum(['majority', 'minority']).optional(),
          rank: z.number().int().optional(),
          title: z.string().optional(),
        })
        .passthrough(),
    ),
  ),
);

/** Bioguide id → the member's seats (members on no committee are absent). */
export function parseCommitteeAssignments(committeesJson: unknown, membershipJson: unknown): Map<string, CommitteeAssignment[]> {
  const committees = parsePayload(LEGISLATORS, 'committees', Committees(), committeesJson);
  const membership = parsePayload(LEGISLATORS, 'committee membership', Membership(), membershipJson);
  const named = new Map<string, { name: string; chamber: CommitteeAssignment['chamber']; parent: { id: string; name: string } | null }>();
  for (const c of committees) {
    named.set(c.thomas_id, { name: c.name, chamber: c.type, parent: null });
    for (const sub of c.subcommittees ?? [])
      named.set(`${c.thomas_id}${sub.thomas_id}`, { name: sub.name, chamber: c.type, parent: { id: c.thomas_id, name: c.name } });
  }
  const seats = new Map<string, CommitteeAssignment[]>();
  for (const [committeeId, members] of Object.entries(membership)) {
    const committee = named.get(committeeId);
    for (const m of members) {
      if (!m.bioguide) continue;
      const seat: CommitteeAssignment = {
        committee_id: committeeId,
        name: committee?.name ?? committeeId,
        chamber: committee?.chamber ?? (committeeId.startsWith('S') ? 'senate' : committeeId.startsWith('J') ? 'joint' : 'house'),
        parent_id: committee?.parent?.id ?? null,
        parent_name: committee?.parent?.name ?? null,
        side: m.party ?? null,
        rank: m.rank ?? null,
        title: m.title ?? null,
      };
      seats.set(m.bioguide, [...(seats.get(m.bioguide) ?? []), seat]);
    }
  }
  for (const list of seats.values()) list.sort((a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null) || a.name.localeCompare(b.name));
  return seats;
}
