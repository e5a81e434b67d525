/**
 * docs.house.gov Committee Repository XML, as fast-xml-parser reads it
 * (./schedule-xml.ts): a `<committee-meeting>` record and a `<witness-list>`.
 * Only the parts the meeting record uses are checked; the rest passes.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

const text = () => z.union([z.string(), z.looseObject({ '#text': z.string().optional() })]).optional();
const File = lazySchema(() => z.looseObject({ '@_doc-url': z.string().optional(), '@_doc-type': z.string().optional() }));
const Files = lazySchema(() => z.union([z.looseObject({ file: z.array(File()).optional() }), z.literal('')]).optional());
const CommitteeName = lazySchema(() => z.looseObject({ '@_id': z.string().optional(), '#text': z.string().optional() }));
const CommitteeList = lazySchema(() => z.union([z.looseObject({ 'committee-name': z.array(CommitteeName()).optional() }), z.literal('')]).optional());

export const HouseMeetingDocument = lazySchema(() =>
  z.looseObject({
    '@_type': z.string().optional(),
    '@_remove-date': z.string().optional(),
    description: text(),
    'legis-num': text(),
    files: Files(),
  }),
);
export type HouseMeetingDocument = z.infer<ReturnType<typeof HouseMeetingDocument>>;

export const HouseCommitteeMeeting = lazySchema(() =>
  z.looseObject({
    '@_congress-num': z.string().regex(/^\d{2,3}$/, { error: 'must be a Congress number' }),
    '@_meeting-id': z.string().regex(/^[A-Z]{4}\d+$/, { error: 'must look like HHRG115955' }),
    '@_meeting-type': z.string(),
    '@_update-date': z.string().optional(),
    'current-status': text(),
    'meeting-details': z.looseObject({
      committees: CommitteeList(),
      subcommittees: CommitteeList(),
      'meeting-date': z.looseObject({
        'calendar-date': z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }),
        'start-time': z.string().optional(),
        'end-time': z.string().optional(),
      }),
      'rescheduled-dates': z.unknown().optional(),
      'meeting-location': z
        .union([
          z.looseObject({
            'capitol-complex': z.looseObject({ room: text(), building: text() }).optional(),
            field: z.looseObject({ 'building-name': text(), city: text(), state: z.unknown().optional() }).optional(),
          }),
          z.literal(''),
        ])
        .optional(),
      'meeting-title': text(),
    }),
    'meeting-documents': z.union([z.looseObject({ 'meeting-document': z.array(HouseMeetingDocument()).optional() }), z.literal('')]).optional(),
  }),
);
export type HouseCommitteeMeeting = z.infer<ReturnType<typeof HouseCommitteeMeeting>>;

const Witness = lazySchema(() =>
  z.looseObject({
    '@_remove-date': z.string().optional(),
    honorific: text(),
    firstname: text(),
    middlename: text(),
    lastname: text(),
    suffix: text(),
    position: text(),
    organization: text(),
  }),
);

export const HouseWitnessList = lazySchema(() =>
  z.looseObject({
    '@_meeting-id': z.string().regex(/^\d+$/, { error: 'must be the numeric meeting id' }),
    panel: z.array(z.looseObject({ witness: z.array(Witness()).optional() })).optional(),
  }),
);
export type HouseWitnessList = z.infer<ReturnType<typeof HouseWitnessList>>;

/** Elements that may repeat, read as arrays even when one is present. */
export const HOUSE_ARRAY_TAGS = ['committee-name', 'meeting-document', 'file', 'panel', 'witness', 'witness-document'];
