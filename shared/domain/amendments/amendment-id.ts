/**
 * Amendment identifiers: the id `{congress}-{hamdt|samdt|suamdt}-{number}`
 * (115-hamdt-491), the display label ("H.Amdt. 491"), and reading the types
 * the providers spell ("HAMDT", "SAMDT", "SUAMDT", "S.Amdt.").
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** House amendments, Senate amendments, and the Senate's unprinted amendments of the 97th to 100th Congresses. */
export const AMENDMENT_TYPES = ['hamdt', 'samdt', 'suamdt'] as const;
export type AmendmentType = (typeof AMENDMENT_TYPES)[number];

const LABELS: Record<AmendmentType, string> = { hamdt: 'H.Amdt.', samdt: 'S.Amdt.', suamdt: 'S.Up.Amdt.' };

/** The one pattern of an amendment id. */
export const AMENDMENT_ID_PATTERN = new RegExp(`^\\d{1,3}-(${AMENDMENT_TYPES.join('|')})-\\d{1,6}$`);

/** An amendment id at a boundary (path, message); upper case is read as lower case. */
export const AmendmentId = lazySchema(() =>
  z
    .string()
    .toLowerCase()
    .regex(AMENDMENT_ID_PATTERN, { error: 'must look like 115-hamdt-491 ({congress}-{hamdt|samdt|suamdt}-{number})' })
    .describe('The amendment id, {congress}-{hamdt|samdt|suamdt}-{number} such as 115-hamdt-491'),
);

export const AmendmentType = lazySchema(() => z.enum(AMENDMENT_TYPES).describe('hamdt (House), samdt (Senate) or suamdt (Senate unprinted, 1981-1988)'));

/** The id of an amendment, lower case. */
export const amendmentId = (congress: number, type: AmendmentType, number: number): string => `${congress}-${type}-${number}`;

/** "H.Amdt. 491" for hamdt 491. */
export const amendmentLabel = (type: AmendmentType, number: number): string => `${LABELS[type]} ${number}`;

/** The chamber an amendment is offered in. */
export const chamberOfAmendment = (type: AmendmentType): 'house' | 'senate' => (type === 'hamdt' ? 'house' : 'senate');

/** A provider's amendment type ("HAMDT", "SAMDT", "SUAMDT", "S.Amdt.", "H.Amdt.") as ours, or null. */
export function normaliseAmendmentType(raw: string): AmendmentType | null {
  const compact = raw.toLowerCase().replace(/[^a-z]/g, '');
  if (compact === 'hamdt') return 'hamdt';
  if (compact === 'samdt') return 'samdt';
  if (compact === 'suamdt' || compact === 'supamdt') return 'suamdt';
  return null;
}

/** The parts of an amendment id; throws on an id that is not one. */
export function parseAmendmentId(id: string): { congress: number; type: AmendmentType; number: number } {
  const m = /^(\d{1,3})-([a-z]+)-(\d+)$/.exec(id);
  const type = m ? normaliseAmendmentType(m[2] ?? '') : null;
  if (!m || !type) throw new Error(`Not an amendment id: ${id}`);
  return { congress: Number(m[1]), type, number: Number(m[3]) };
}
