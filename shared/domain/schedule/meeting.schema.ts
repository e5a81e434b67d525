/**
 * The meeting record: one hearing, markup, business meeting or floor day,
 * whichever sources told of it (docs.house.gov, senate.gov, Congress.gov, the
 * House and Senate floor schedules, the House Clerk's floor summaries). Each
 * source's latest word is kept as an observation; the record's fields are
 * merged from them (./meeting-merge.ts), and `version` grows by one with each
 * material change (./meeting-changes.ts), which alerts and calendar SEQUENCE
 * key on. Stored at MEETING#{id} / META with its change history beside it.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const MEETING_TYPES = ['hearing', 'markup', 'meeting', 'floor'] as const;
export const MeetingType = lazySchema(() => z.enum(MEETING_TYPES));
export type MeetingType = (typeof MEETING_TYPES)[number];

export const MEETING_STATUSES = ['scheduled', 'postponed', 'cancelled', 'rescheduled', 'held'] as const;
export const MeetingStatus = lazySchema(() => z.enum(MEETING_STATUSES));
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** Where a meeting was seen; also the key of its observation on the record. */
export const MEETING_SOURCES = ['house-docs', 'house-witnesses', 'senate-gov', 'congress-gov', 'house-floor', 'senate-floor', 'house-clerk'] as const;
export const MeetingSource = lazySchema(() => z.enum(MEETING_SOURCES));
export type MeetingSource = (typeof MEETING_SOURCES)[number];

export const Witness = lazySchema(() => z.object({ name: z.string(), organization: z.string().nullable(), position: z.string().nullable() }));
export type Witness = z.infer<ReturnType<typeof Witness>>;

export const MeetingDocument = lazySchema(() => z.object({ title: z.string(), url: z.string() }));
export type MeetingDocument = z.infer<ReturnType<typeof MeetingDocument>>;

/** What a source says of a meeting. */
export const MeetingFields = lazySchema(() =>
  z.object({
    chamber: z.enum(['house', 'senate']),
    congress: z.number().int(),
    committees: z.array(z.string()),
    type: MeetingType(),
    status: MeetingStatus(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    /** A day or week without a set time (a floor week): starts_at is its first day at 00:00 Eastern. */
    all_day: z.boolean(),
    location: z.string().nullable(),
    title: z.string(),
    bill_ids: z.array(z.string()),
    witnesses: z.array(Witness()),
    documents: z.array(MeetingDocument()),
  }),
);
export type MeetingFields = z.infer<ReturnType<typeof MeetingFields>>;
export type MeetingField = keyof MeetingFields;

/** A parser's reading of one meeting in one payload: a whole meeting, or some fields of one (a House witness list). */
export interface ParsedMeeting {
  id: string;
  fields: Partial<MeetingFields>;
  /** When the source says it last changed the record (RFC 3339), when it says; orders two readings of one source. */
  source_updated_at?: string;
}

/** One source's latest word on a meeting, as stored on the record. */
export const Observation = lazySchema(() =>
  z.object({
    /** Where it was read: the URL, or the recording's file name offline. */
    ref: z.string().nullable(),
    /** When the source was read; an observation older than the stored one of the same source is ignored. */
    observed_at: z.string(),
    fields: MeetingFields().partial(),
  }),
);
export type Observation = z.infer<ReturnType<typeof Observation>>;

export const Meeting = lazySchema(() =>
  MeetingFields().extend({
    id: z.string(),
    version: z.number().int().positive(),
    observations: z.partialRecord(MeetingSource(), Observation()),
    created_at: z.string(),
    /** When its content (anything the API shows) last changed; orders the change feed. */
    updated_at: z.string(),
  }),
);
export type Meeting = z.infer<ReturnType<typeof Meeting>>;

/** One entry of a meeting's change history. */
export const MeetingChange = lazySchema(() =>
  z.object({
    at: z.string(),
    /** The meeting's version after the change. */
    version: z.number().int().positive(),
    /** Whether the change moved the version (a new time, place, status, title, bill, witness...); a new document alone does not. */
    material: z.boolean(),
    /** `first_seen` for the record's creation, else `changed`. */
    kind: z.enum(['first_seen', 'changed']),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    sources: z.array(MeetingSource()),
  }),
);
export type MeetingChange = z.infer<ReturnType<typeof MeetingChange>>;
