/**
 * Who represents a district, decided from the state's stored members rather
 * than from a list of states: a state is at-large when its serving House
 * members hold a single seat, numbered 0 (the at-large and delegate number
 * the legislators dataset and the Census use) or not numbered at all. That
 * follows reapportionment by itself (Montana has had two seats since 2023),
 * and gives the delegates of DC, PR, GU, VI, AS and MP their territory.
 * "Serving" reads the stored terms, so a member who has left and is still
 * stored does not answer for a seat.
 */
import type { Member } from './member.schema.ts';
import { congressOfYear, termCongresses } from '#shared/domain/scores/seniority.ts';

type Delegate = Pick<Member, 'chamber' | 'district' | 'terms'> & Partial<Pick<Member, 'in_office'>>;

/**
 * The congress a state's delegation is serving in: the newest congress any
 * stored term starts in (every House term starts in the congress it serves);
 * null when no terms are stored.
 */
export function congressBeingServed(members: readonly Delegate[]): number | null {
  let newest: number | null = null;
  for (const t of members.flatMap((m) => m.terms)) {
    const c = t.congress ?? (t.start_year === null ? null : congressOfYear(t.start_year));
    if (c !== null && (newest === null || c > newest)) newest = c;
  }
  return newest;
}

/**
 * The members still serving: not flagged out of office, and a term of theirs
 * covers the congress being served; a member with no stored terms is kept
 * unless the flag says they left.
 * Pass the whole delegation: senators' terms alone may all have started
 * before the congress being served.
 */
export function servingMembers<M extends Delegate>(members: readonly M[]): M[] {
  const inOffice = members.filter((m) => m.in_office !== false);
  const congress = congressBeingServed(inOffice);
  if (congress === null) return inOffice;
  return inOffice.filter((m) => m.terms.length === 0 || m.terms.some((t) => termCongresses(t).includes(congress)));
}

/** The seats (district numbers, null when a provider gave none) of the state's serving House members, each once. */
export function houseSeats(members: readonly Delegate[]): (number | null)[] {
  return [...new Set(servingMembers(members).flatMap((m) => (m.chamber === 'house' ? [m.district] : [])))];
}

/** True when the state has a single House seat in the congress being served: one seat, numbered 0 or not numbered. */
export function isAtLarge(members: readonly Delegate[]): boolean {
  const seats = houseSeats(members);
  return seats.length === 1 && (seats[0] === 0 || seats[0] === null);
}

/**
 * The serving House members who hold `district` of the state: those stored
 * with that number; otherwise, when the state has a single seat, its holder
 * (a lookup that says district 0 meets a seat a provider numbered 1, and a
 * lookup that names a district meets an at-large seat stored as 0).
 */
export function houseMembersFor<M extends Delegate>(members: readonly M[], district: number): M[] {
  const house = servingMembers(members).filter((m) => m.chamber === 'house');
  const exact = house.filter((m) => m.district === district);
  if (exact.length > 0) return exact;
  const seats = [...new Set(house.map((m) => m.district))];
  const single = seats.length === 1 && (district === 0 || seats[0] === 0 || seats[0] === null);
  return single ? house : [];
}

/** The state's serving senators and the House member of one district: the representatives of a place in it. */
export function representativesOf<M extends Delegate>(members: readonly M[], district: number): M[] {
  const serving = servingMembers(members);
  return [...serving.filter((m) => m.chamber === 'senate'), ...houseMembersFor(serving, district)];
}
