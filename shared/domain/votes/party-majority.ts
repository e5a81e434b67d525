/**
 * How most of each party voted on one roll call: Yea or Nay, whichever more
 * of the party's members cast; null for a tie or a party none of whose
 * members voted either way. Kept on each position when the roll call is
 * stored, so a member's report card tells votes with their party's majority
 * from their own positions alone.
 */
import type { VotePosition } from './vote.schema.ts';

export type PartyMajority = 'Yea' | 'Nay' | null;

/** Party → its majority position on the roll call. */
export function partyMajorities(positions: readonly Pick<VotePosition, 'party' | 'position'>[]): Map<string, PartyMajority> {
  const tallies = new Map<string, { yea: number; nay: number }>();
  for (const p of positions) {
    if (!p.party) continue;
    const t = tallies.get(p.party) ?? { yea: 0, nay: 0 };
    if (p.position === 'Yea') t.yea++;
    if (p.position === 'Nay') t.nay++;
    tallies.set(p.party, t);
  }
  return new Map([...tallies].map(([party, t]) => [party, t.yea > t.nay ? 'Yea' : t.nay > t.yea ? 'Nay' : null]));
}
