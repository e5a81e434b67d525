/**
 * Loads a copy of the congress-legislators dataset (the files bundled in
 * shared/adapters/providers/legislators/data/) into the members table: where no
 * Congress.gov API is reachable (the offline local stack) it is the whole
 * membership, with terms, party, contact details, leadership roles and the
 * committees each member chairs. A member already stored (from Congress.gov)
 * keeps what it has; the dataset only fills what is missing. Idempotent, and
 * a repeat writes only the members that would change (one BatchGet per 100
 * members otherwise), so the local stack can run it at every start. Members
 * not stored yet are written in BatchWrites (a first start writes them all).
 */
import { getMembers, putMember, putNewMembers } from '#shared/adapters/db/members.repository.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { parseCommitteeChairs } from '#shared/adapters/providers/legislators/committee-chairs.parser.ts';
import { parseLegislatorsJson } from '#shared/adapters/providers/legislators/legislators.parser.ts';
import { mergeMember } from './member-tasks.ts';

/** Members written at once: each put is a few small writes in its own partition. */
const CONCURRENCY = 16;

export interface BundledLegislators {
  legislators: string;
  committees: string;
  membership: string;
}

/** Saves every member of the dataset; returns how many were new and how many filled in. */
export async function loadBundledLegislators(files: BundledLegislators, now: Date) {
  const fetchedAt = now.toISOString();
  const members = parseLegislatorsJson(files.legislators, fetchedAt);
  const chairs = parseCommitteeChairs(files.committees, files.membership);
  const stored = new Map((await getMembers(members.map((m) => m.id))).map((m) => [m.id, m]));
  const writes = members.flatMap((m) => {
    const before = stored.get(m.id);
    const member: Member = { ...(before ? mergeMember(before, m) : m), chaired_committees: chairs.get(m.id) ?? [] };
    return before && JSON.stringify(member) === JSON.stringify(before) ? [] : [member];
  });
  // New members (the whole membership at a first start) go in BatchWrites; a stored one that changed is merged by putMember.
  await putNewMembers(writes.filter((m) => !stored.has(m.id)));
  await mapLimit(
    writes.filter((m) => stored.has(m.id)),
    CONCURRENCY,
    putMember,
  );
  return { members: members.length, new: members.filter((m) => !stored.has(m.id)).length, written: writes.length, committee_chairs: chairs.size };
}
