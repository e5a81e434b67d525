/**
 * Bill identifiers: the id `{congress}-{type}-{number}` (118-hr-3076), the
 * display label ("H.R. 3076"), and reading a bill number typed by a person
 * in any common form ("H.R. 3076", "HR3076", "hr 3076", "S. 5", "118-hr-3076").
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BILL_TYPES, type BillType } from './bill-types.ts';

const LABELS: Record<BillType, string> = {
  hr: 'H.R.',
  s: 'S.',
  hjres: 'H.J.Res.',
  sjres: 'S.J.Res.',
  hconres: 'H.Con.Res.',
  sconres: 'S.Con.Res.',
  hres: 'H.Res.',
  sres: 'S.Res.',
};

/** The one pattern of a bill id: a congress of 2-3 digits, a bill type and a number of up to 5 digits. */
export const BILL_ID_PATTERN = new RegExp(`^\\d{2,3}-(${BILL_TYPES.join('|')})-\\d{1,5}$`);

/** A bill id at a boundary (path, query, message); upper case is read as lower case. */
export const BillId = lazySchema(() => z.string().toLowerCase().regex(BILL_ID_PATTERN, { error: 'must look like 118-hr-3076 ({congress}-{type}-{number})' }));

/** The id of a bill, lower case. */
export const billId = (congress: number, type: BillType, number: number): string => `${congress}-${type}-${number}`;

/** "H.R. 3076" for hr 3076. */
export const billLabel = (type: BillType, number: number): string => `${LABELS[type]} ${number}`;

/** The chamber a bill type originates in. */
export const chamberOfType = (type: BillType): 'house' | 'senate' => (type.startsWith('h') ? 'house' : 'senate');

const TYPE_ALIASES: [RegExp, BillType][] = [
  [/^hjres$|^hjointres$/, 'hjres'],
  [/^sjres$|^sjointres$/, 'sjres'],
  [/^hconres$/, 'hconres'],
  [/^sconres$/, 'sconres'],
  [/^hres$/, 'hres'],
  [/^sres$/, 'sres'],
  [/^hr$/, 'hr'],
  [/^s$/, 's'],
];

/** Normalises a provider or user bill type ("HR", "H.J.Res.", "hconres") to ours, or null. */
export function normaliseBillType(raw: string): BillType | null {
  const compact = raw.toLowerCase().replace(/[^a-z]/g, '');
  for (const [re, type] of TYPE_ALIASES) if (re.test(compact)) return type;
  return null;
}

export interface ParsedBillNumber {
  congress: number | null;
  type: BillType;
  number: number;
}

/** The first Congress whose bills this service holds: Congress.gov's bill data is complete from the 93rd (1973) on. */
export const FIRST_CONGRESS = 93;

/** A type's letters as people write them ("H.R.", "H. J. Res.", "hconres", "S Con Res"), then the number. */
const TYPE_AND_NUMBER = String.raw`([a-z][a-z.\s]*?)[\s.-]*(\d{1,5})`;
/** A Congress as people write it: "115", "115th", "115th Congress". */
const CONGRESS = String.raw`(\d{2,3})(?:st|nd|rd|th)?(?:\s*congress)?`;
/** The Congress first: "115-s-2269", "115s2269", "115th Congress S. 2269". */
const CONGRESS_FIRST = new RegExp(String.raw`^${CONGRESS}[\s-]*${TYPE_AND_NUMBER}$`);
/** The Congress after, or none: "S. 2269", "S. 2269 (115th Congress)", "hr 302 115". */
const CONGRESS_AFTER = new RegExp(String.raw`^${TYPE_AND_NUMBER}(?:\s*\(?\s*${CONGRESS}\s*\)?)?$`);

const MAX_NUMBER_TEXT = 48;

/** Reads a bill number in any common form, with or without its Congress; null when the text is not one. */
export function parseBillNumber(text: string): ParsedBillNumber | null {
  const q = text.trim().toLowerCase();
  // The longest form ("115th congress h. con. res. 12345") is far shorter; a longer text is words.
  if (q.length > MAX_NUMBER_TEXT) return null;
  const first = CONGRESS_FIRST.exec(q);
  const after = first ? null : CONGRESS_AFTER.exec(q);
  const [typeText, number, congress] = first ? [first[2], first[3], first[1]] : after ? [after[1], after[2], after[3]] : [];
  const type = typeText === undefined ? null : normaliseBillType(typeText);
  if (!type || number === undefined) return null;
  return { congress: congress ? Number(congress) : null, type, number: Number(number) };
}

/** The Congress sitting on a date: the 1st began in 1789, each lasts two years from 3 January of an odd year. */
export function congressForDate(date: Date): number {
  const year = date.getUTCFullYear();
  const startedThisYear = year % 2 === 1 && (date.getUTCMonth() > 0 || date.getUTCDate() >= 3);
  const firstYear = year % 2 === 1 ? (startedThisYear ? year : year - 2) : year - 1;
  return (firstYear - 1789) / 2 + 1;
}

/** The parts of a bill id; throws on an id that is not ours. */
export function parseBillId(id: string): { congress: number; type: BillType; number: number } {
  const m = /^(\d{2,3})-([a-z]+)-(\d+)$/.exec(id);
  const type = m ? normaliseBillType(m[2] ?? '') : null;
  if (!m || !type) throw new Error(`Not a bill id: ${id}`);
  return { congress: Number(m[1]), type, number: Number(m[3]) };
}
