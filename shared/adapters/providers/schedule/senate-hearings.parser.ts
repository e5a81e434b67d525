/**
 * senate.gov's committee schedule (`hearings.xml`, `<css_meetings_scheduled>`)
 * → one meeting per `<meeting>`. Its placeholder ("No committee hearings
 * scheduled", no committee code) is no meeting. Dates and times are Eastern
 * wall time; committees come as cmte_code ("SSHR11"); the bills are its
 * `<AssociatedDocument>`s (document_prefix HR, SN, ...; PN is a nomination)
 * and those its `<matter>` names. Its `last_update_iso_8601` is malformed
 * ("2026-07-24T21:00:29.000000Z-04:00": an Eastern wall time given both a Z
 * and an offset) and is read as the wall time with the offset.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { billIdFromParts, billIdsInText, sortBillIds } from '#shared/domain/schedule/bill-mentions.ts';
import { committeeCodeFromSystemCode } from '#shared/domain/schedule/committee-code.ts';
import { easternWallTime } from '#shared/domain/schedule/eastern-time.ts';
import { committeeMeetingId, senateFallbackId } from '#shared/domain/schedule/meeting-id.ts';
import type { MeetingStatus, MeetingType, ParsedMeeting } from '#shared/domain/schedule/meeting.schema.ts';
import { readableOrNull, readableText } from '#shared/domain/schedule/source-text.ts';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { expectRoot, readXml, xmlText } from './schedule-xml.ts';

export const SENATE_GOV = 'senate.gov';

const text = () => z.union([z.string(), z.looseObject({ '#text': z.string().optional() })]).optional();
const SenateMeeting = lazySchema(() =>
  z.looseObject({
    identifier: text(),
    last_update_iso_8601: text(),
    cmte_code: text(),
    type: text(),
    date: text(),
    date_iso_8601: text(),
    time: text(),
    time_iso_8601: text(),
    room: text(),
    matter: text(),
    Documents: z
      .union([
        z.looseObject({
          AssociatedDocument: z
            .array(z.looseObject({ '@_congress': z.string().optional(), '@_document_prefix': z.string(), '@_document_num': z.string() }))
            .optional(),
        }),
        z.literal(''),
      ])
      .optional(),
  }),
);
type SenateMeeting = z.infer<ReturnType<typeof SenateMeeting>>;
const Feed = lazySchema(() => z.looseObject({ meeting: z.array(SenateMeeting()).optional() }));

const t = (node: unknown) => readableText(xmlText(node));

function meetingType(type: string): MeetingType {
  if (/hearing/i.test(type)) return 'hearing';
  if (/mark-?up/i.test(type)) return 'markup';
  return 'meeting';
}

/** senate.gov marks a changed meeting in its words: "POSTPONED", "CANCELED", "RESCHEDULED". */
function status(type: string, matter: string): MeetingStatus {
  const said = `${type} ${matter.slice(0, 40)}`;
  if (/\bpostponed\b/i.test(said)) return 'postponed';
  if (/\bcancell?ed\b/i.test(said)) return 'cancelled';
  if (/\brescheduled\b/i.test(said)) return 'rescheduled';
  return 'scheduled';
}

/** "08:30:00", or "08:30 AM" when the ISO time is absent, as HH:MM:SS. */
function wallTime(m: SenateMeeting): string {
  const iso = t(m.time_iso_8601);
  if (iso) return iso;
  const ampm = /(\d{1,2}):(\d{2})\s*([AP])M/i.exec(`${t(m.time)} ${t(m.date)}`);
  if (!ampm) return '00:00:00';
  const hour = (Number(ampm[1]) % 12) + (ampm[3]?.toUpperCase() === 'P' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${ampm[2]}:00`;
}

/** The malformed last_update_iso_8601 read as Eastern wall time with its offset; null when unreadable. */
export function senateUpdatedAt(raw: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(raw.trim());
  if (!m?.[1] || !m[2]) return null;
  try {
    return easternWallTime(m[1], m[2]);
  } catch {
    return null;
  }
}

function fromMeeting(m: SenateMeeting, index: number): ParsedMeeting | null {
  const committee = committeeCodeFromSystemCode(t(m.cmte_code));
  if (!t(m.cmte_code)) return null;
  if (!committee) throw new ProviderError(SENATE_GOV, `meeting ${index + 1}: unknown cmte_code ${t(m.cmte_code)}`, { field: `meeting.${index}.cmte_code` });
  const date = t(m.date_iso_8601);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new ProviderError(SENATE_GOV, `meeting ${index + 1}: no date_iso_8601`, { field: `meeting.${index}.date_iso_8601` });
  const startsAt = easternWallTime(date, wallTime(m));
  const documents = m.Documents ? (m.Documents.AssociatedDocument ?? []) : [];
  const congress = Number(documents[0]?.['@_congress']) || congressForDate(new Date(`${date}T12:00:00Z`));
  const matter = t(m.matter);
  const type = t(m.type);
  const bills = documents.map((d) => billIdFromParts(Number(d['@_congress']) || congress, d['@_document_prefix'], d['@_document_num']));
  const identifier = t(m.identifier);
  const updated = senateUpdatedAt(t(m.last_update_iso_8601));
  return {
    id: identifier ? committeeMeetingId('senate', identifier) : senateFallbackId(committee, startsAt),
    ...(updated ? { source_updated_at: updated } : {}),
    fields: {
      chamber: 'senate',
      congress,
      committees: [committee],
      type: meetingType(type),
      status: status(type, matter),
      starts_at: startsAt,
      ends_at: null,
      all_day: false,
      location: readableOrNull(xmlText(m.room)),
      title: matter,
      bill_ids: sortBillIds([...bills.filter((b): b is string => b !== null), ...billIdsInText(matter, congress)]),
      documents: [],
    },
  };
}

/** Every meeting of a hearings.xml snapshot, in feed order (an empty recess snapshot gives none). */
export function parseSenateHearingsXml(text: string): ParsedMeeting[] {
  const { root, node } = readXml(SENATE_GOV, 'Senate hearings XML', text, ['meeting', 'AssociatedDocument']);
  expectRoot(SENATE_GOV, 'Senate hearings XML', root, 'css_meetings_scheduled');
  const feed = parsePayload(SENATE_GOV, 'hearings.xml', Feed(), node);
  return (feed.meeting ?? []).map(fromMeeting).filter((m): m is ParsedMeeting => m !== null);
}
