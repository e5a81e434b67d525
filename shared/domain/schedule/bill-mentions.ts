/**
 * Bills a schedule names, as bill ids (`{congress}-{type}-{number}`). Meeting
 * titles and floor items spell bill numbers every way there is ("H.R. 4435",
 * "HR 188", "H.R.1729", "S.Res.34", "H. Con. Res. 93", "S. 283 ", "Senate
 * amendments to H.R. 5334"); a number alone ("933") is no bill, nor is an
 * unnumbered draft ("H.R. _____"), a report ("H. Rept. 113-12"), a committee
 * print ("RCP 115-23") or the code in "22 U.S.C. 2776".
 */
import { BILL_TYPES, type BillType } from '#shared/domain/bills/bill-types.ts';
import { billId, normaliseBillType } from '#shared/domain/bills/bill-id.ts';

// Longest spellings first, so "H. Res." is not read as "H." + "Res".
const TYPE = String.raw`(H\.?\s?J\.?\s?Res|H\.?\s?Con\.?\s?Res|H\.?\s?Res|H\.?\s?R|S\.?\s?J\.?\s?Res|S\.?\s?Con\.?\s?Res|S\.?\s?Res|S)`;
// Not after a letter, digit or dot (the S of "U.S.C."), and the number not run on into more digits or a hyphen ("113-12").
const MENTION = new RegExp(String.raw`(?<![A-Za-z0-9.])${TYPE}\.?\s?(\d{1,5})(?![\d-])`, 'gi');

/** Every bill the text names, in the order named, without repeats. */
export function billIdsInText(text: string | null | undefined, congress: number): string[] {
  const ids: string[] = [];
  for (const m of (text ?? '').matchAll(MENTION)) {
    const type = normaliseBillType(m[1] ?? '');
    if (!type || m[2] === undefined) continue;
    const id = billId(congress, type, Number(m[2]));
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A bill from a type code and number as feeds give them ("HR" + "1729", "SN" + "365", "SRES" + "34"); null for another kind (PN nominations). */
export function billIdFromParts(congress: number, typeCode: string, number: string | number): string | null {
  const code = typeCode.trim().toUpperCase();
  // senate.gov writes a Senate bill as SN (S is its own prefix elsewhere); PN is a nomination, not a bill.
  const type: BillType | null = code === 'SN' ? 's' : code === 'PN' ? null : normaliseBillType(code);
  const n = Number(String(number).trim());
  return type && Number.isInteger(n) && n > 0 ? billId(congress, type, n) : null;
}

const TYPE_ORDER = new Map<string, number>(BILL_TYPES.map((t, i) => [t, i]));

/** Bill ids in one stable order: Congress, then type (H.R., S., ...), then number. */
export function sortBillIds(ids: Iterable<string>): string[] {
  const key = (id: string) => {
    const [congress, type, number] = id.split('-');
    return [Number(congress), TYPE_ORDER.get(type ?? '') ?? 99, Number(number)] as const;
  };
  return [...new Set(ids)].sort((a, b) => {
    const [ca, ta, na] = key(a);
    const [cb, tb, nb] = key(b);
    return ca - cb || ta - tb || na - nb;
  });
}
