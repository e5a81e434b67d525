/**
 * Members a search query names (GET /api/search and GET /api/members?q=): by
 * name or nickname in either form (the name items, one Query), and, when the
 * whole query is a state's name or code ("vermont", "VT"), that state's
 * sitting delegation, senators first, then the House by district (the state
 * listing, one Query per chamber). No Scan.
 */
import { listMembers, searchMembers } from '#shared/adapters/db/members.repository.ts';
import { memberCard, type MemberCard } from '#shared/domain/members/member.schema.ts';
import { stateOfQuery } from '#shared/domain/members/state-codes.ts';

/** The sitting members of a state, senators first, at most `limit`. */
async function delegation(state: string, limit: number): Promise<MemberCard[]> {
  const [senate, house] = await Promise.all(
    (['senate', 'house'] as const).map(async (chamber) => (await listMembers({ state, chamber }, limit)).items.filter((m) => m.in_office)),
  );
  return [...(senate ?? []), ...(house ?? [])].slice(0, limit).map(memberCard);
}

/** Cards of the members a query names: a state's delegation first when it names one, then name matches, each once. */
export async function findMembers(q: string, limit: number): Promise<MemberCard[]> {
  const state = stateOfQuery(q);
  const [inState, byName] = await Promise.all([state ? delegation(state, limit) : [], searchMembers(q, limit)]);
  const seen = new Set<string>();
  return [...inState, ...byName].filter((m) => !seen.has(m.id) && seen.add(m.id)).slice(0, limit);
}
