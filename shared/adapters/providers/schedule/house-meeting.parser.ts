/**
 * docs.house.gov committee meeting XML → the meeting record's fields, and a
 * witness list → the witnesses of its meeting (docs/product-rules.md,
 * "Meetings"). Times are Eastern wall time without a zone; `current-status`
 * S, P and C are scheduled, postponed and cancelled, and a scheduled meeting
 * with a `<rescheduled-dates>` block is rescheduled. The bills a meeting
 * takes up are those its title names and those of its bill and amendment
 * documents (types BR, CA, FA) that were not withdrawn (a `remove-date`).
 */
import { billIdsInText, sortBillIds } from '#shared/domain/schedule/bill-mentions.ts';
import { committeeCodeFromHouseId } from '#shared/domain/schedule/committee-code.ts';
import { easternWallTime } from '#shared/domain/schedule/eastern-time.ts';
import { committeeMeetingId } from '#shared/domain/schedule/meeting-id.ts';
import type { MeetingDocument, MeetingStatus, MeetingType, ParsedMeeting, Witness } from '#shared/domain/schedule/meeting.schema.ts';
import { readableOrNull, readableText } from '#shared/domain/schedule/source-text.ts';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { HOUSE_ARRAY_TAGS, HouseCommitteeMeeting, HouseWitnessList, type HouseMeetingDocument } from './house-meeting.schema.ts';
import { readXml, xmlAttr, xmlList, xmlText } from './schedule-xml.ts';
import { houseDocumentBills } from './house-document-bills.ts';

export const HOUSE_DOCS = 'docs.house.gov';

const TYPES: Record<string, MeetingType> = { HHRG: 'hearing', HMKP: 'markup', HMTG: 'meeting' };
const STATUSES: Record<string, MeetingStatus> = { S: 'scheduled', P: 'postponed', C: 'cancelled' };
const BUILDINGS: Record<string, string> = {
  CAPITOL: 'Capitol',
  CHOB: 'Cannon House Office Building',
  LHOB: 'Longworth House Office Building',
  RHOB: 'Rayburn House Office Building',
  FORD: 'Ford House Office Building',
  CVC: 'Capitol Visitor Center',
};
/** Document types that name the bill a meeting takes up: bill text, committee and floor amendments. */
const BILL_DOCUMENTS = new Set(['BR', 'CA', 'FA']);

const live = (d: { '@_remove-date'?: string }) => !(d['@_remove-date'] ?? '').trim();

function location(details: HouseCommitteeMeeting['meeting-details']): string | null {
  const where = details['meeting-location'];
  if (!where) return null;
  const capitol = where['capitol-complex'];
  if (capitol) {
    const building = readableText(xmlText(capitol.building));
    return readableOrNull([BUILDINGS[building.toUpperCase()] ?? building, readableText(xmlText(capitol.room))].filter(Boolean).join(' '));
  }
  const field = where.field;
  if (field) {
    const state = xmlAttr(field.state, 'postal-code') || readableText(xmlText((field.state as Record<string, unknown> | undefined)?.['state-fullname']));
    return readableOrNull([xmlText(field['building-name']), xmlText(field.city), state].map(readableText).filter(Boolean).join(', '));
  }
  return null;
}

function documentOf(d: HouseMeetingDocument): MeetingDocument | null {
  const files = d.files ? (d.files.file ?? []) : [];
  const url = (files.find((f) => f['@_doc-type'] === 'PDF') ?? files[0])?.['@_doc-url'];
  if (!url) return null;
  return { title: readableText(xmlText(d.description)) || `${d['@_type'] ?? 'Document'}`, url };
}

function fromMeeting(m: HouseCommitteeMeeting): ParsedMeeting {
  const details = m['meeting-details'];
  const congress = Number(m['@_congress-num']);
  const eventId = m['@_meeting-id'].replace(/^[A-Z]+/, '');
  const type = TYPES[m['@_meeting-type'].toUpperCase()];
  if (!type) throw new ProviderError(HOUSE_DOCS, `meeting ${m['@_meeting-id']}: unknown meeting-type ${m['@_meeting-type']}`, { field: 'meeting-type' });
  const names = [...xmlList(details.committees, 'committee-name'), ...xmlList(details.subcommittees, 'committee-name')];
  const committees = [...new Set(names.map((n) => committeeCodeFromHouseId(xmlAttr(n, 'id'))).filter((c): c is string => c !== null))];
  const when = details['meeting-date'];
  let status = STATUSES[readableText(xmlText(m['current-status'])).toUpperCase()] ?? 'scheduled';
  if (status === 'scheduled' && details['rescheduled-dates']) status = 'rescheduled';
  const title = readableText(xmlText(details['meeting-title']));
  const documents = (m['meeting-documents'] ? (m['meeting-documents']['meeting-document'] ?? []) : []).filter(live);
  const billDocuments = documents.filter((d) => BILL_DOCUMENTS.has((d['@_type'] ?? '').toUpperCase()));
  const updated = m['@_update-date'];
  return {
    id: committeeMeetingId('house', eventId),
    ...(updated ? { source_updated_at: easternWallTime(updated.slice(0, 10), updated.slice(11, 19)) } : {}),
    fields: {
      chamber: 'house',
      congress,
      committees,
      type,
      status,
      starts_at: easternWallTime(when['calendar-date'], when['start-time'] || '00:00:00'),
      ends_at: when['end-time'] ? easternWallTime(when['calendar-date'], when['end-time']) : null,
      all_day: !when['start-time'],
      location: location(details),
      title,
      bill_ids: sortBillIds([...billIdsInText(title, congress), ...billDocuments.flatMap((d) => houseDocumentBills(d, congress))]),
      documents: documents.map(documentOf).filter((d): d is MeetingDocument => d !== null),
    },
  };
}

function witnessOf(w: NonNullable<NonNullable<HouseWitnessList['panel']>[number]['witness']>[number]): Witness {
  const name = ['honorific', 'firstname', 'middlename', 'lastname']
    .map((k) => readableText(xmlText(w[k])))
    .filter(Boolean)
    .join(' ');
  const suffix = readableText(xmlText(w.suffix));
  return { name: suffix ? `${name}, ${suffix}` : name, organization: readableOrNull(xmlText(w.organization)), position: readableOrNull(xmlText(w.position)) };
}

function fromWitnessList(list: HouseWitnessList): ParsedMeeting {
  const witnesses = (list.panel ?? [])
    .flatMap((p) => p.witness ?? [])
    .filter(live)
    .map(witnessOf);
  return { id: committeeMeetingId('house', list['@_meeting-id']), fields: { witnesses } };
}

/** A docs.house.gov `<committee-meeting>` (a whole meeting) or `<witness-list>` (its witnesses). */
export function parseHouseMeetingXml(text: string): ParsedMeeting {
  const { root, node } = readXml(HOUSE_DOCS, 'House meeting XML', text, HOUSE_ARRAY_TAGS);
  if (root === 'committee-meeting') return fromMeeting(parsePayload(HOUSE_DOCS, 'committee meeting', HouseCommitteeMeeting(), node));
  if (root === 'witness-list') return fromWitnessList(parsePayload(HOUSE_DOCS, 'witness list', HouseWitnessList(), node));
  throw new ProviderError(HOUSE_DOCS, `House meeting XML: expected <committee-meeting> or <witness-list>, found <${root}>`, { field: root });
}
