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

/** Reads a bill number in any common form; null when the text is not one. */
export function parseBillNumber(text: string): ParsedBillNumber | null {
  const q = text.trim().toLowerCase();
  const asId = /^(\d{2,3})-([a-z]+)-(\d{1,5})$/.exec(q);
  if (asId) {
    const type = normaliseBillType(asId[2] ?? '');
    return type ? { congress: Number(asId[1]), type, number: Number(asId[3]) } : null;
  }
  const m = /^([a-z][a-z.\s]*?)\s*(\d{1,5})(?:\s*\(?\s*(\d{2,3})(?:st|nd|rd|th)?(?:\s*congress)?\s*\)?)?$/.exec(q);
  if (!m) return null;
  const type = normaliseBillType(m[1] ?? '');
  if (!type) return null;
  return { congress: m[3] ? Number(m[3]) : null, type, number: Number(m[2]) };
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
