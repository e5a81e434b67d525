/**
 * Committee codes. Every committee and subcommittee is known by its Thomas
 * (system) code as congress-legislators publishes it: four letters for a full
 * committee ("HSAG", "SSFR", "JSEC"), the parent's four plus two digits for a
 * subcommittee ("HSAG15", "SSHR11"). Sources spell them otherwise:
 * Congress.gov in lower case with "00" for a full committee ("hsii24",
 * "ssfr00"), senate.gov in upper case with "00" ("SSGA00"), docs.house.gov
 * without the chamber letters ("RU00", "II10", with Intelligence's "IG" for
 * HLIG). These turn each into the one code.
 */

const CODE = /^[A-Z]{4}(\d{2})?$/;

/** The code of a Congress.gov systemCode or a senate.gov cmte_code ("ssfr00" → "SSFR", "hsii24" → "HSII24"); null when not one. */
export function committeeCodeFromSystemCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  const m = /^([A-Z]{4})(\d{2})?$/.exec(code);
  if (!m) return null;
  return m[2] && m[2] !== '00' ? `${m[1]}${m[2]}` : (m[1] as string);
}

/** docs.house.gov's two-letter ids whose Thomas code is not "HS" + the id (congress-legislators' house_committee_id). */
const HOUSE_PREFIX_EXCEPTIONS: Record<string, string> = { IG: 'HLIG' };

/** The code of a docs.house.gov committee id ("RU00" → "HSRU", "II10" → "HSII10", "IG00" → "HLIG"); null when not one. */
export function committeeCodeFromHouseId(raw: string | null | undefined): string | null {
  const m = /^([A-Z]{2})(\d{2})$/.exec((raw ?? '').trim().toUpperCase());
  if (!m) return null;
  const full = HOUSE_PREFIX_EXCEPTIONS[m[1] as string] ?? `HS${m[1]}`;
  return m[2] === '00' ? full : `${full}${m[2]}`;
}

/** True for a code in our form. */
export const isCommitteeCode = (code: string): boolean => CODE.test(code);

/** The parent of a subcommittee code ("HSII24" → "HSII"); null for a full committee. */
export const parentCommitteeCode = (code: string): string | null => (code.length === 6 ? code.slice(0, 4) : null);

/** The chamber of a committee by its code's first letter. */
export function chamberOfCommittee(code: string): 'house' | 'senate' | 'joint' {
  if (code.startsWith('H')) return 'house';
  if (code.startsWith('S')) return 'senate';
  return 'joint';
}
