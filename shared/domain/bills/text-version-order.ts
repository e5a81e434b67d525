/**
 * The order of GPO bill text versions. Published dates decide; a version
 * without a date (Congress.gov lists the enrolled bill with date null) falls
 * back to its stage in the legislative process.
 */
const STAGES = [
  'ih',
  'is',
  'rih',
  'ris',
  'rh',
  'rs',
  'rch',
  'rcs',
  'rfh',
  'rfs',
  'pch',
  'pcs',
  'cph',
  'cps',
  'eh',
  'es',
  'eah',
  'eas',
  'rah',
  'ras',
  'ath',
  'ats',
  'enr',
  'pl',
];

/** Rank of a version code in the legislative process (unknown codes sit in the middle). */
export const stageRank = (code: string): number => {
  const i = STAGES.indexOf(code.toLowerCase());
  return i === -1 ? STAGES.indexOf('eh') : i;
};

/** Sorts versions oldest → newest: by date, undated ones by stage after dated ones of earlier stages. */
export function sortVersions<T extends { version_code: string; published_date: string | null }>(versions: T[]): T[] {
  return [...versions].sort((a, b) => {
    if (a.published_date && b.published_date && a.published_date !== b.published_date) return a.published_date.localeCompare(b.published_date);
    return stageRank(a.version_code) - stageRank(b.version_code);
  });
}
