/**
 * Where a recorded vote's XML is published. Bill Status files of the legacy
 * layout name a Senate vote by its web page (roll_call_vote_cfm.cfm?...),
 * which answers HTML, and older files name the clerk's XML on http; the
 * clerk and LIS XML are at fixed addresses built from the vote's own
 * numbers, so the fetch asks for the XML whatever page a reference names.
 */
import type { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The House clerk's XML of a roll call of `year` (the calendar year of its session). */
export const houseRollCallUrl = (year: number, roll: number) => `https://clerk.house.gov/evs/${year}/roll${pad(roll, 3)}.xml`;

/** The Senate LIS XML of a vote. */
export const senateRollCallUrl = (congress: number, session: number, vote: number) =>
  `https://www.senate.gov/legislative/LIS/roll_call_votes/vote${congress}${session}/vote_${congress}_${session}_${pad(vote, 5)}.xml`;

/**
 * The XML address of a recorded vote: the reference's own URL when it names
 * an XML file (the clerk's and the Senate's hosts on https), else one built
 * from the vote's numbers (a House session's calendar year from its date).
 */
export function rollCallXmlUrl(ref: Pick<RecordedVoteRef, 'chamber' | 'congress' | 'session' | 'roll_number' | 'date' | 'url'>): string {
  if (/\.xml$/i.test(ref.url)) return ref.url.replace(/^http:\/\/(clerk\.house\.gov|www\.senate\.gov)\//i, 'https://$1/');
  if (ref.chamber === 'senate') return senateRollCallUrl(ref.congress, ref.session, ref.roll_number);
  // A session's calendar year: the first session is the Congress's first year (1789 + 2 × (congress - 1)).
  const year = ref.date ? Number(ref.date.slice(0, 4)) : 1789 + 2 * (ref.congress - 1) + (ref.session - 1);
  return houseRollCallUrl(year, ref.roll_number);
}
