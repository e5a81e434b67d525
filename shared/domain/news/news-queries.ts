/**
 * How a bill or a member is searched for in the news (the news search API
 * and the news RSS feed take the same query). A bill: its short title as a
 * phrase, or its label ("H.R. 3076") when the short title is missing or too
 * long to share a search call; a member: the name as a phrase, with the
 * chamber's title or the state, so that namesakes are not counted.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { stateName } from '#shared/domain/members/state-codes.ts';

/** Longest short title searched as a phrase: four bill queries must fit one 500-character news search query. */
export const MAX_TITLE_PHRASE = 100;

/** A phrase in double quotes, with any quotes inside it dropped. */
const phrase = (text: string): string => `"${text.replace(/"/g, '').replace(/\s+/g, ' ').trim()}"`;

/** The news query of a bill: `"Short Title" OR "H.R. 3076"`, or `"H.R. 3076"` alone. */
export function billNewsQuery(bill: Bill): string {
  const label = phrase(bill.label);
  const title = bill.short_title?.trim();
  return title && title.length <= MAX_TITLE_PHRASE ? `${phrase(title)} OR ${label}` : label;
}

/** 'Pelosi, Nancy' → 'Nancy Pelosi' (a name without a comma is kept as it is). */
export function displayName(name: string): string {
  const comma = name.indexOf(',');
  if (comma < 0) return name.trim();
  return `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`.trim();
}

/** The news query of a member: `"Nancy Pelosi" AND (Rep OR Representative OR California)`. */
export function memberNewsQuery(member: Pick<Member, 'name' | 'state' | 'chamber'>): string {
  const titles =
    member.chamber === 'senate' ? ['Sen', 'Senator'] : member.chamber === 'house' ? ['Rep', 'Representative'] : ['Sen', 'Senator', 'Rep', 'Representative'];
  const state = stateName(member.state);
  const context = [...titles, ...(state ? [state.includes(' ') ? phrase(state) : state] : [])];
  return `${phrase(displayName(member.name))} AND (${context.join(' OR ')})`;
}
