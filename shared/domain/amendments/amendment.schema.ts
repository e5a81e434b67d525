/**
 * The Amendment record as stored and served: who offered it, to what (a bill,
 * and for a second-degree amendment the amendment it amends), what it is
 * for, its actions with the roll calls they name, its status (a pure rule of
 * its actions: ./amendment-status.ts), its published text versions, and the
 * roll calls linked to it once stored (./amendment-votes.ts).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { Provenance, SponsorSummary } from '#shared/domain/bills/bill.schema.ts';
import { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';
import { AmendmentType } from './amendment-id.ts';
import { AmendmentStatus } from './amendment-statuses.ts';

export { AMENDMENT_STATUSES, AmendmentStatus } from './amendment-statuses.ts';

export const AmendmentAction = lazySchema(() =>
  z.object({
    action_date: z.string().describe('The date of the action (YYYY-MM-DD)'),
    action_time: z.string().nullable().default(null).describe('The time of day the House recorded (HH:MM:SS, Eastern); null when not given'),
    text: z.string().describe('The text of the action'),
    action_code: z.string().nullable().default(null).describe('The action code Congress.gov gives; null when none'),
    source: z.string().nullable().default(null).describe('Who recorded it: House floor actions, Senate, Library of Congress; null when not given'),
    recorded_votes: z.array(RecordedVoteRef()).default([]).describe('The roll calls the action records'),
  }),
);
export type AmendmentAction = z.infer<ReturnType<typeof AmendmentAction>>;

export const AmendmentTextVersion = lazySchema(() =>
  z.object({
    type: z.string().describe('The version as Congress.gov names it, such as Submitted or Modified'),
    date: z.string().nullable().describe('When it was published (YYYY-MM-DD); null when not given'),
    formats: z.array(z.object({ type: z.string().describe('HTML or PDF'), url: z.string().describe('Where it is published') })).describe('Where to read it'),
  }),
);
export type AmendmentTextVersion = z.infer<ReturnType<typeof AmendmentTextVersion>>;

/** A roll call linked to an amendment: its counts and result (positions are read from the roll call itself). */
export const AmendmentRollCall = lazySchema(() =>
  z.object({
    vote_id: z.string().describe('`{chamber}-{congress}-{session}-{roll}`, e.g. house-115-1-646'),
    chamber: z.enum(['house', 'senate']).describe('The chamber: house or senate'),
    congress: z.number().int().describe('The Congress number'),
    session: z.number().int().describe('The session of the Congress (1 or 2)'),
    roll_number: z.number().int().describe('The roll-call number within the session'),
    date: z.string().describe('The date (YYYY-MM-DD)'),
    question: z.string().describe('The question voted on'),
    result: z.string().describe('The result as recorded'),
    yea: z.number().int().describe('Yea (aye) votes'),
    nay: z.number().int().describe('Nay (no) votes'),
    present: z.number().int().describe('Present votes'),
    not_voting: z.number().int().describe('Members not voting'),
  }),
);
export type AmendmentRollCall = z.infer<ReturnType<typeof AmendmentRollCall>>;

export const Amendment = lazySchema(() =>
  z.object({
    id: z.string().describe('The amendment id, {congress}-{hamdt|samdt|suamdt}-{number} such as 115-hamdt-491'),
    congress: z.number().int().describe('The Congress number, such as 115'),
    type: AmendmentType(),
    number: z.number().int().describe('The amendment number within its type and Congress'),
    label: z.string().describe('Display label such as "H.Amdt. 491"'),
    chamber: z.enum(['house', 'senate']).describe('The chamber it was offered in: house or senate'),
    sponsor_id: z.string().nullable().describe('The Bioguide id of its sponsor; null when unknown'),
    sponsor: SponsorSummary().nullable().describe('Its sponsor; null when unknown or a committee'),
    sponsor_committee: z
      .string()
      .nullable()
      .default(null)
      .describe('The committee that offered it, when a committee did (such as the Rules Committee); null otherwise'),
    cosponsor_count: z.number().int().nullable().default(null).describe('How many cosponsors it has; null when not given'),
    purpose: z.string().nullable().describe('Its purpose as the Congress records it; null when none is recorded'),
    description: z.string().nullable().describe('Its description (House amendments); null when none'),
    amended_bill_id: z.string().nullable().describe('The bill it amends, {congress}-{type}-{number}; null for an amendment to a treaty'),
    amended_bill_label: z.string().nullable().describe('Its display label, such as "H.R. 4182"; null without a bill'),
    amended_bill_title: z.string().nullable().describe('Its title; null without a bill'),
    amended_amendment_id: z.string().nullable().describe('For a second-degree amendment, the amendment it amends; null otherwise'),
    amended_treaty: z
      .object({ congress: z.number().int().describe('The Congress of the treaty document'), number: z.number().int().describe('The treaty document number') })
      .nullable()
      .describe('The treaty it amends; null otherwise'),
    house_sequence: z
      .number()
      .int()
      .nullable()
      .describe('The House floor sequence number ("A003" is 3), which the clerk\'s roll calls give as amendment-num; null outside the House'),
    submitted_date: z.string().nullable().describe('When it was submitted (YYYY-MM-DD); null when unknown'),
    proposed_date: z.string().nullable().describe('When it was proposed on the floor (YYYY-MM-DD); null when not proposed'),
    status: AmendmentStatus(),
    status_date: z.string().nullable().describe('The date of the action that gave the status (YYYY-MM-DD); null without actions'),
    latest_action: z
      .object({ date: z.string().describe('Its date (YYYY-MM-DD)'), text: z.string().describe('Its text') })
      .nullable()
      .describe('The latest action; null before any'),
    actions: z.array(AmendmentAction()).describe('Its actions, newest first'),
    text_versions: z.array(AmendmentTextVersion()).describe('Its published text versions, newest first (empty until published)'),
    update_date: z.string().nullable().describe('When Congress.gov last updated it; null when unknown'),
    provenance: Provenance(),
  }),
);
export type Amendment = z.infer<ReturnType<typeof Amendment>>;
