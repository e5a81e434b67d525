/**
 * What changed between two states of a meeting, and whether it was material
 * (docs/product-rules.md, "Meeting versions"): its time, end, place, status,
 * type, title, committees, bills and witnesses are; a document posted or
 * withdrawn, or a new Congress number for the same meeting, is not. A
 * material change raises the meeting's version by one: alerts before a
 * meeting and calendar SEQUENCE key on it.
 */
import type { MeetingField, MeetingFields } from './meeting.schema.ts';

export const MATERIAL_FIELDS: readonly MeetingField[] = [
  'chamber',
  'committees',
  'type',
  'status',
  'starts_at',
  'ends_at',
  'all_day',
  'location',
  'title',
  'bill_ids',
  'witnesses',
];
const OTHER_FIELDS: readonly MeetingField[] = ['congress', 'documents'];

export interface FieldChange {
  field: MeetingField;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every field that differs, in a fixed order, and whether any of them is material. */
export function diffMeeting(before: MeetingFields, after: MeetingFields): { changes: FieldChange[]; material: boolean } {
  const changes = [...MATERIAL_FIELDS, ...OTHER_FIELDS]
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
  return { changes, material: changes.some((c) => MATERIAL_FIELDS.includes(c.field)) };
}

/** The fields of a stored meeting, without its id, version and bookkeeping. */
export function fieldsOf(m: MeetingFields): MeetingFields {
  const { chamber, congress, committees, type, status, starts_at, ends_at, all_day, location, title, bill_ids, witnesses, documents } = m;
  return { chamber, congress, committees, type, status, starts_at, ends_at, all_day, location, title, bill_ids, witnesses, documents };
}
