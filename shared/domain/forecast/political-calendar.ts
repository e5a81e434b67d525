/**
 * Who held the presidency and each chamber when a bill was introduced: public
 * record, known at introduction, and the strongest driver of how many bills
 * become law in a Congress (unified or divided government). A dataset record
 * carries only its own chamber's majority; the other chamber and the
 * presidency come from here. A date past the table reads as unknown (null),
 * so the table is extended when a new Congress or President begins.
 */

interface Term {
  from: string;
  party: 'D' | 'R';
}

/** Inauguration days (20 January) and the President's party. */
const PRESIDENTS: Term[] = [
  { from: '1993-01-20', party: 'D' },
  { from: '2001-01-20', party: 'R' },
  { from: '2009-01-20', party: 'D' },
  { from: '2017-01-20', party: 'R' },
  { from: '2021-01-20', party: 'D' },
  { from: '2025-01-20', party: 'R' },
];
/** The last day the table speaks for (the 119th Congress ends 3 January 2027). */
const KNOWN_UNTIL = '2027-01-03';

/**
 * The organising party of each chamber by Congress (the 107th Senate changed
 * hands on 6 June 2001, when Senator Jeffords left the Republican conference).
 */
const HOUSE: Record<number, 'D' | 'R'> = {
  ...Object.fromEntries([104, 105, 106, 107, 108, 109, 112, 113, 114, 115, 118, 119].map((c) => [c, 'R'])),
  ...Object.fromEntries([110, 111, 116, 117].map((c) => [c, 'D'])),
};
const SENATE: Record<number, 'D' | 'R'> = {
  ...Object.fromEntries([104, 105, 106, 108, 109, 114, 115, 116, 119].map((c) => [c, 'R'])),
  ...Object.fromEntries([110, 111, 112, 113, 117, 118].map((c) => [c, 'D'])),
};

/** The President's party on a date (YYYY-MM-DD), null outside the table. */
export function presidentParty(date: string): 'D' | 'R' | null {
  if (date < PRESIDENTS[0]!.from || date >= KNOWN_UNTIL) return null;
  return PRESIDENTS.filter((t) => t.from <= date).at(-1)!.party;
}

/** The majority party of a chamber on a date of a Congress, null outside the table. */
export function chamberMajority(chamber: 'house' | 'senate', congress: number, date: string): 'D' | 'R' | null {
  if (chamber === 'senate' && congress === 107) return date < '2001-06-06' ? 'R' : 'D';
  return (chamber === 'house' ? HOUSE : SENATE)[congress] ?? null;
}

/** The first day of a Congress: 3 January of its first year (Congress 1 met in 1789). */
export const congressStart = (congress: number): string => `${1787 + 2 * congress}-01-03`;

/** Days from the start of the bill's Congress to its introduction (0 on the first day). */
export function daysIntoCongress(congress: number, introduced: string): number {
  return Math.round((Date.parse(introduced) - Date.parse(congressStart(congress))) / 86_400_000);
}
