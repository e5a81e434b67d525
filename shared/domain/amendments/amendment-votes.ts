/**
 * Which roll calls belong to an amendment, two pure rules:
 *   - the roll calls its own actions name: their recordedVotes, and the roll
 *     numbers their text gives ("(Roll no. 647)", "Record Vote Number: 312"),
 *     which older Bill Status files carry instead (amendmentVoteRefs);
 *   - a House clerk roll call names the amendment it decides by
 *     `<amendment-num>`, the House floor sequence number ("A003" is 3), and
 *     `<amendment-author>` ("Connolly of Virginia Amendment No. 4", whose
 *     "No. 4" is the rule's report number, not the sequence): it belongs to
 *     the amendment of its bill with that sequence whose sponsor the author
 *     names (clerkNamesAmendment).
 */
import { voteIdOf } from '#shared/domain/votes/roll-call.ts';
import type { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';
import type { Amendment } from './amendment.schema.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** The first calendar year of a Congress (the 1st began in 1789). */
const firstYear = (congress: number) => 1789 + 2 * (congress - 1);

/** The roll call a text names in the amendment's chamber, dated by its action, with the XML address the chamber publishes it at. */
function refFromText(text: string, date: string, a: Pick<Amendment, 'chamber' | 'congress'>): RecordedVoteRef | null {
  const m = /\b(?:Roll no\.|Record Vote (?:No|Number):?)\s*0*(\d+)\b/i.exec(text);
  if (!m) return null;
  const roll = Number(m[1]);
  const year = Number(date.slice(0, 4));
  const session = year - firstYear(a.congress) + 1;
  if (!Number.isInteger(year) || session < 1 || session > 3) return null;
  const url =
    a.chamber === 'house'
      ? `https://clerk.house.gov/evs/${year}/roll${pad(roll, 3)}.xml`
      : `https://www.senate.gov/legislative/LIS/roll_call_votes/vote${a.congress}${session}/vote_${a.congress}_${session}_${pad(roll, 5)}.xml`;
  return { chamber: a.chamber, congress: a.congress, session, roll_number: roll, date, url };
}

/** Every roll call the amendment's actions name, once each (a recordedVote wins over the same roll named in text). */
export function amendmentVoteRefs(a: Pick<Amendment, 'chamber' | 'congress' | 'actions'>): RecordedVoteRef[] {
  const refs = new Map<string, RecordedVoteRef>();
  for (const action of a.actions) for (const r of action.recorded_votes) refs.set(voteIdOf(r), r);
  for (const action of a.actions) {
    const r = refFromText(action.text, action.action_date, a);
    if (r && !refs.has(voteIdOf(r))) refs.set(voteIdOf(r), r);
  }
  return [...refs.values()];
}

/** The House floor sequence an action text gives the amendment ("Amendment (A003) offered by Mr. Connolly."), or null. */
export function houseSequence(texts: readonly string[]): number | null {
  for (const t of texts) {
    const m = /\(A0*(\d{1,4})\)/.exec(t);
    if (m) return Number(m[1]);
  }
  return null;
}

/** A clerk roll call's amendment fields, as the House vote parser reads them. */
export interface ClerkAmendment {
  /** `<amendment-num>`: the House floor sequence number. */
  number: number;
  /** `<amendment-author>`: "Hastings of Florida Amendment No. 1". */
  author: string;
}

/** Letters only, lower case, accents dropped: "DeGette" and "Degette", "Jackson Lee" and "Jackson-Lee" compare equal. */
const letters = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** The member the author line names: the words before " of {State}". */
export const authorName = (author: string): string => (/^(.*?)\s+of\s+[A-Z]/.exec(author.trim())?.[1] ?? author).split(',')[0]?.trim() ?? '';

/**
 * Whether a clerk roll call on `bill` with these amendment fields decides
 * this amendment: a House amendment to that bill with the same floor
 * sequence, whose sponsor's last name is the author's.
 */
export function clerkNamesAmendment(
  roll: { congress: number; bill: { type: string; number: number } | null; amendment: ClerkAmendment },
  a: Pick<Amendment, 'chamber' | 'congress' | 'house_sequence' | 'amended_bill_id' | 'sponsor'>,
): boolean {
  if (a.chamber !== 'house' || a.congress !== roll.congress || a.house_sequence !== roll.amendment.number) return false;
  if (!roll.bill || a.amended_bill_id !== `${roll.congress}-${roll.bill.type}-${roll.bill.number}`) return false;
  const last = a.sponsor?.name.split(',')[0] ?? '';
  return last !== '' && letters(authorName(roll.amendment.author)) === letters(last);
}
