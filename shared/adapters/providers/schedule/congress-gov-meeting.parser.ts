/**
 * Congress.gov's `committee-meeting` item (API v3, JSON or XML) → the
 * meeting's fields. Times are instants (the 2023 form "2023-03-24
 * 13:00:00+00:00", today's "2019-06-25T18:15:00Z"), written in Washington's
 * offset like every meeting. The bills are `relatedItems.bills` and those the
 * title names; meetingStatus Scheduled, Rescheduled, Postponed and Canceled
 * map to ours. JSON comes as the API's `{committeeMeeting: {...}}`, as the
 * bare record, or as an array of records (a harvest); XML as `<api-root>`.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { billIdFromParts, billIdsInText, sortBillIds } from '#shared/domain/schedule/bill-mentions.ts';
import { chamberOfCommittee, committeeCodeFromSystemCode } from '#shared/domain/schedule/committee-code.ts';
import { inEastern } from '#shared/domain/schedule/eastern-time.ts';
import { committeeMeetingId } from '#shared/domain/schedule/meeting-id.ts';
import type { MeetingDocument, MeetingStatus, MeetingType, ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { readableOrNull, readableText } from '#shared/domain/schedule/source-text.ts';
import { ProviderError, parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { readXml, xmlList } from './schedule-xml.ts';

export const CONGRESS_GOV = 'congress-gov';

/** "2023-03-24 13:00:00+00:00" or "2019-06-25T18:15:00Z" → epoch ms; NaN when unreadable. */
const instantMs = (raw: string) => Date.parse(raw.trim().replace(' ', 'T'));
const Instant = () => z.string().refine((v) => !Number.isNaN(instantMs(v)), { error: 'must be a date-time with a zone' });

export const CongressGovMeeting = lazySchema(() =>
  z.looseObject({
    eventId: z.coerce.string().regex(/^\d+$/, { error: 'must be a numeric event id' }),
    congress: z.coerce.number().int(),
    chamber: z.string(),
    type: z.string().optional(),
    meetingStatus: z.string().optional(),
    title: z.string().optional(),
    date: Instant(),
    updateDate: z.string().optional(),
    location: z.looseObject({ room: z.string().optional(), building: z.string().optional() }).optional(),
    committees: z.array(z.looseObject({ systemCode: z.string() })).optional(),
    meetingDocuments: z.array(z.looseObject({ name: z.string().optional(), description: z.string().optional(), url: z.string().optional() })).optional(),
    witnesses: z
      .array(z.looseObject({ name: z.string(), organization: z.string().nullable().optional(), position: z.string().nullable().optional() }))
      .optional(),
    relatedItems: z
      .looseObject({ bills: z.array(z.looseObject({ congress: z.coerce.number().int(), type: z.string(), number: z.coerce.string() })).optional() })
      .optional(),
  }),
);
export type CongressGovMeeting = z.infer<ReturnType<typeof CongressGovMeeting>>;

const TYPES: Record<string, MeetingType> = { hearing: 'hearing', markup: 'markup', meeting: 'meeting' };
const STATUSES: Record<string, MeetingStatus> = {
  scheduled: 'scheduled',
  rescheduled: 'rescheduled',
  postponed: 'postponed',
  canceled: 'cancelled',
  cancelled: 'cancelled',
};

function chamberOf(m: CongressGovMeeting, committees: string[]): 'house' | 'senate' {
  const said = m.chamber.trim().toLowerCase();
  if (said === 'house' || said === 'senate') return said;
  const first = committees[0];
  return first && chamberOfCommittee(first) === 'house' ? 'house' : 'senate';
}

/** The meeting fields of one committee-meeting record. */
export function congressGovMeetingFields(m: CongressGovMeeting): ParsedMeeting {
  const committees = [...new Set((m.committees ?? []).map((c) => committeeCodeFromSystemCode(c.systemCode)).filter((c): c is string => c !== null))];
  const chamber = chamberOf(m, committees);
  const title = readableText(m.title);
  const related = (m.relatedItems?.bills ?? []).map((b) => billIdFromParts(b.congress, b.type, b.number)).filter((b): b is string => b !== null);
  const location = readableOrNull([m.location?.building, m.location?.room].map(readableText).filter(Boolean).join(' '));
  const documents = (m.meetingDocuments ?? []).flatMap((d): MeetingDocument[] =>
    d.url ? [{ title: readableText(d.name ?? d.description ?? '') || 'Document', url: d.url }] : [],
  );
  const updated = m.updateDate && !Number.isNaN(instantMs(m.updateDate)) ? inEastern(new Date(instantMs(m.updateDate))) : null;
  return {
    id: committeeMeetingId(chamber, m.eventId),
    ...(updated ? { source_updated_at: updated } : {}),
    fields: {
      chamber,
      congress: m.congress,
      committees,
      type: TYPES[(m.type ?? '').trim().toLowerCase()] ?? 'meeting',
      status: STATUSES[(m.meetingStatus ?? '').trim().toLowerCase()] ?? 'scheduled',
      starts_at: inEastern(new Date(instantMs(m.date))),
      ends_at: null,
      all_day: false,
      location,
      title,
      bill_ids: sortBillIds([...related, ...billIdsInText(title, m.congress)]),
      witnesses: (m.witnesses ?? []).map((w) => ({
        name: readableText(w.name),
        organization: readableOrNull(w.organization),
        position: readableOrNull(w.position),
      })),
      documents,
    },
  };
}

/** The XML form's lists (`<committees><item>`, `<relatedItems><bills><bill>`) as the JSON form has them. */
function fromXml(text: string): unknown {
  const { root, node } = readXml(CONGRESS_GOV, 'committee-meeting XML', text, ['item', 'bill']);
  const meeting = root === 'api-root' ? node.committeeMeeting : undefined;
  if (!meeting || typeof meeting !== 'object') {
    throw new ProviderError(CONGRESS_GOV, `committee-meeting XML: expected <api-root><committeeMeeting>, found <${root}>`, { field: root });
  }
  const m = meeting as Record<string, unknown>;
  const related = m.relatedItems && typeof m.relatedItems === 'object' ? (m.relatedItems as Record<string, unknown>) : {};
  return {
    ...m,
    committees: xmlList(m.committees, 'item'),
    meetingDocuments: xmlList(m.meetingDocuments, 'item'),
    witnesses: xmlList(m.witnesses, 'item'),
    relatedItems: { bills: xmlList(related.bills, 'bill') },
  };
}

/** The records a JSON payload holds: one item, a bare record or a harvested array. */
function recordsOfJson(text: string): { records: unknown[]; single: boolean } {
  const data = parseJsonBody(CONGRESS_GOV, 'committee-meeting JSON', text);
  if (Array.isArray(data)) return { records: data, single: false };
  if (data && typeof data === 'object' && 'committeeMeeting' in data)
    return { records: [(data as { committeeMeeting: unknown }).committeeMeeting], single: true };
  if (data && typeof data === 'object' && 'committeeMeetings' in data) {
    throw new ProviderError(CONGRESS_GOV, 'a committee-meeting list (committeeMeetings), not an item: parse each item it points at', {
      field: 'committeeMeetings',
    });
  }
  return { records: [data], single: true };
}

/** A Congress.gov committee-meeting payload (JSON or XML): one meeting, or an array of them for an array of records. */
export function parseCongressGovMeeting(text: string): ParsedMeeting | ParsedMeeting[] {
  if (text.trimStart().startsWith('<')) return congressGovMeetingFields(parsePayload(CONGRESS_GOV, 'committee meeting', CongressGovMeeting(), fromXml(text)));
  const { records, single } = recordsOfJson(text);
  const meetings = records.map((r, i) =>
    congressGovMeetingFields(parsePayload(CONGRESS_GOV, single ? 'committee meeting' : `committee meeting ${i + 1}`, CongressGovMeeting(), r)),
  );
  return single ? (meetings[0] as ParsedMeeting) : meetings;
}
