/**
 * What the API answers for a meeting (GET /api/meetings, /api/meetings/{id},
 * the change feed, the bulk files, the MCP tools): its fields, where it was
 * seen and its version. The per-source observations stay internal.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { SOURCE_PRECEDENCE } from './meeting-merge.ts';
import { MeetingSource, MeetingStatus, MeetingType, type Meeting, type MeetingChange } from './meeting.schema.ts';

export const WitnessView = lazySchema(() =>
  z.object({
    name: z.string().describe('The witness as the source names them, honorific included ("The Honorable Bryan Newland")'),
    organization: z.string().nullable().describe('Whom they speak for; null when the source does not say'),
    position: z.string().nullable().describe('Their position there; null when the source does not say'),
  }),
);

export const MeetingView = lazySchema(() =>
  z
    .object({
      id: z
        .string()
        .describe(
          'The meeting id: {chamber}-{event id} for a committee meeting (house-115955, senate-338684), {chamber}-floor-{date} for a floor day, house-floor-week-{Monday} for a House floor week',
        ),
      chamber: z.enum(['house', 'senate']).describe('The chamber that holds it (a joint commission meeting on the Senate schedule: senate)'),
      congress: z.number().int().describe('The Congress it falls in'),
      committees: z.array(z.string()).describe('Codes of the committees or subcommittees that meet (HSII10, SSFR); empty for a floor day'),
      type: MeetingType().describe('hearing, markup, meeting (business and other meetings) or floor'),
      status: MeetingStatus().describe('scheduled, postponed, cancelled, rescheduled (moved after it was first announced) or held'),
      starts_at: z.string().describe("When it starts: RFC 3339 with Washington's offset of that date (-04:00 or -05:00)"),
      ends_at: z.string().nullable().describe('When it is set to end, RFC 3339; null when the source gives no end'),
      all_day: z.boolean().describe('True for a day or week without a set time (a House floor week): starts_at is its first day at 00:00'),
      location: z.string().nullable().describe('Where: building and room ("Longworth House Office Building 1324", "SD-430"); null when not given'),
      title: z.string().describe('The title or subject as the source gives it (whitespace made single spaces)'),
      bill_ids: z.array(z.string()).describe('The bills it takes up, {congress}-{type}-{number}'),
      witnesses: z.array(WitnessView()).describe('The witnesses, when published'),
      documents: z
        .array(z.object({ title: z.string().describe('What the document is'), url: z.string().describe('Where to read it') }))
        .describe('Notices, memos, bill texts and transcripts posted for it'),
      source: MeetingSource().describe("The source its fields come from first (the chamber's own publisher before Congress.gov)"),
      sources: z
        .array(
          z.object({
            name: MeetingSource().describe('A source that told of it'),
            url: z.string().nullable().describe("Where that source was read (a recording's file name offline)"),
            observed_at: z.string().describe('When that source last changed it, by its own clock when it gives one, else when it was read'),
          }),
        )
        .describe('Every source that told of it, in the order their word counts'),
      version: z
        .number()
        .int()
        .describe('Grows by one with each material change (time, place, status, title, committees, bills, witnesses): alerts and calendar SEQUENCE key on it'),
      updated_at: z.string().describe('When what this API returns for it last changed (ISO 8601, UTC): the order of the change feed'),
    })
    .meta({ id: 'Meeting', description: 'A hearing, markup, business meeting or floor day, merged from every source that told of it' }),
);
export type MeetingView = z.infer<ReturnType<typeof MeetingView>>;

export const MeetingChangeView = lazySchema(() =>
  z
    .object({
      at: z.string().describe('When the change was seen (ISO 8601, UTC)'),
      version: z.number().int().describe('The version after it'),
      material: z.boolean().describe('Whether it moved the version'),
      kind: z.enum(['first_seen', 'changed']).describe('first_seen for the first sighting, changed after'),
      changes: z
        .array(
          z.object({
            field: z.string().describe('The field that moved'),
            before: z.unknown().describe('Its value before'),
            after: z.unknown().describe('Its value after'),
          }),
        )
        .describe('What moved; empty for the first sighting'),
      sources: z.array(MeetingSource()).describe('The sources whose new word made the change'),
    })
    .meta({ id: 'MeetingChange', description: "One entry of a meeting's change history" }),
);

export const MeetingDetailView = lazySchema(() =>
  MeetingView()
    .extend({ history: z.array(MeetingChangeView()).describe('What moved and when, oldest first') })
    .meta({ id: 'MeetingDetail', description: 'A meeting with its change history' }),
);

/** The API's view of a stored meeting. */
export function meetingView(m: Meeting): MeetingView {
  const seen = SOURCE_PRECEDENCE.filter((s) => m.observations[s]);
  return {
    id: m.id,
    chamber: m.chamber,
    congress: m.congress,
    committees: m.committees,
    type: m.type,
    status: m.status,
    starts_at: m.starts_at,
    ends_at: m.ends_at,
    all_day: m.all_day,
    location: m.location,
    title: m.title,
    bill_ids: m.bill_ids,
    witnesses: m.witnesses,
    documents: m.documents,
    source: seen[0] ?? 'congress-gov',
    sources: seen.map((name) => ({ name, url: m.observations[name]?.ref ?? null, observed_at: m.observations[name]?.observed_at ?? m.updated_at })),
    version: m.version,
    updated_at: m.updated_at,
  };
}

export const meetingChangeView = ({ at, version, material, kind, changes, sources }: MeetingChange) => ({ at, version, material, kind, changes, sources });

export const BillScheduleView = lazySchema(() =>
  z
    .object({
      bill_id: z.string().describe('The bill, {congress}-{type}-{number}'),
      meetings: z
        .array(MeetingView())
        .describe(
          'The hearings, markups and floor days that take it up from today (Washington) on, earliest first (at most 50); cancelled ones included, marked',
        ),
      calendar_url: z.string().describe("The bill's public calendar (RFC 5545): every meeting that takes it up, each change and cancellation kept up to date"),
      webcal_url: z.string().describe('The same calendar as a webcal: link, which calendar apps subscribe to (and poll) rather than download once'),
    })
    .meta({ id: 'BillSchedule', description: "A bill's coming hearings, markups and floor days, and its calendar to subscribe to" }),
);
