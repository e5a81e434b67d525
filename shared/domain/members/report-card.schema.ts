/**
 * A member's report card for one Congress (issue 33.3), as stored
 * (MEMBER#{id} / RECORD#{congress}) and served by GET /api/members/{id}/record:
 * votes cast and missed against the roll calls of their chamber while they
 * served, votes with their party's majority, bills sponsored and how far
 * each went, cosponsorships across the aisle. Every figure names what it
 * rests on (how many roll calls, how many bills) and lists the roll calls or
 * bills behind it, so a figure on five roll calls is not read as one on five
 * hundred. Computed by compute_member_records from the roll calls and bills
 * the service holds (shared/domain/members/report-card.ts).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { CommitteeAssignment } from '#shared/domain/committees/committee-views.ts';

/** Entries listed per figure at most; the counts are always whole. */
export const RECORD_LIST_MAX = 400;

export const RecordRollCall = lazySchema(() =>
  z
    .object({
      vote_id: z.string().describe('`{chamber}-{congress}-{session}-{roll}`, e.g. house-115-2-282'),
      bill_id: z.string().nullable().describe('The bill the roll call was on (its page lists the roll call); null when none'),
      date: z.string().describe('The date (YYYY-MM-DD)'),
      question: z.string().describe('The question voted on'),
      position: z.string().describe("The member's position: Yea, Nay, Present, Not Voting"),
    })
    .meta({ id: 'RecordRollCall', description: 'A roll call behind a report-card figure' }),
);
export type RecordRollCall = z.infer<ReturnType<typeof RecordRollCall>>;

const share = () => z.number().min(0).max(1).nullable();

export const RecordChamberVotes = lazySchema(() =>
  z
    .object({
      chamber: z.enum(['house', 'senate']).describe('The chamber: house or senate'),
      roll_calls: z
        .number()
        .int()
        .describe(
          "The roll calls of the chamber in this Congress the service holds that list the member (each lists every sitting member): the chamber's roll calls while they served, which every vote figure rests on",
        ),
      first_date: z.string().nullable().describe('The date of the first of those roll calls (YYYY-MM-DD)'),
      last_date: z.string().nullable().describe('The date of the last of those roll calls (YYYY-MM-DD)'),
      cast: z.number().int().describe('Roll calls the member voted in: Yea, Nay, Present or for a candidate'),
      missed: z.number().int().describe('Roll calls the member is recorded Not Voting'),
      missed_share: share().describe('missed / roll_calls; null when roll_calls is 0'),
      missed_votes: z.array(RecordRollCall()).describe('The roll calls missed, newest first (at most 400 listed)'),
      party: z.string().nullable().describe('The party the roll calls record the member in (D, R, I, …)'),
      party_votes: z
        .number()
        .int()
        .describe('The roll calls the party figure rests on: the member voted Yea or Nay and most of their party (D or R) voted one way; 0 for an independent'),
      with_party: z.number().int().describe("Of party_votes, those where the member voted with their party's majority"),
      with_party_share: share().describe('with_party / party_votes; null when party_votes is 0'),
      against_party_votes: z
        .array(RecordRollCall())
        .describe("The roll calls where the member voted against their party's majority, newest first (at most 400 listed)"),
    })
    .meta({
      id: 'RecordChamberVotes',
      description: "A member's votes in one chamber in one Congress, against the roll calls of that chamber the service holds",
    }),
);
export type RecordChamberVotes = z.infer<ReturnType<typeof RecordChamberVotes>>;

/** How far a bill went: its status read as the furthest step it reached (a vetoed bill passed; a bill failing passage reached the floor). */
export const BillReach = lazySchema(() =>
  z
    .enum(['introduced', 'committee', 'floor', 'passed_one_chamber', 'passed', 'law'])
    .describe(
      'introduced (or referred); committee: reported; floor: a floor vote failed in its first chamber; passed_one_chamber; passed: passed every chamber it needs (agreed to, sent to the President, vetoed); law',
    ),
);
export type BillReach = z.infer<ReturnType<typeof BillReach>>;

export const RecordBill = lazySchema(() =>
  z
    .object({
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      label: z.string().describe('Display label such as "H.R. 3076".'),
      title: z.string().describe('The title (the short title when it has one)'),
      status: BillStatus(),
      reach: BillReach(),
    })
    .meta({ id: 'RecordBill', description: 'A bill the member sponsored, with where it stands and how far it went' }),
);
export type RecordBill = z.infer<ReturnType<typeof RecordBill>>;

export const RecordCosponsorship = lazySchema(() =>
  z
    .object({
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      label: z.string().describe('Display label such as "H.R. 3076".'),
      sponsor_party: z.string().describe("The sponsor's party (D or R)"),
    })
    .meta({ id: 'RecordCosponsorship', description: "A bill of the other party's member the member cosponsored" }),
);

export const MemberRecordCongress = lazySchema(() =>
  z
    .object({
      congress: z.number().int().describe('The Congress number, such as 118'),
      computed_at: z.string().describe('When the figures were computed (ISO 8601, UTC)'),
      votes: z
        .array(RecordChamberVotes())
        .describe('One entry per chamber the member voted in during this Congress (none when the service holds no roll call listing them)'),
      sponsored: z
        .object({
          bills: z.number().int().describe('Bills of this Congress the member sponsored that the service holds'),
          by_reach: z.record(BillReach(), z.number().int()).describe('How many of them went how far'),
          items: z.array(RecordBill()).describe('The bills, furthest first (at most 400 listed)'),
        })
        .describe('Bills sponsored and how far each went'),
      cosponsored: z
        .object({
          bills: z.number().int().describe('Bills of this Congress the member cosponsors (withdrawn cosponsorships left out) that the service holds'),
          with_known_parties: z
            .number()
            .int()
            .describe('Of those, the bills where both the member and the sponsor are Democrats or Republicans: what the share rests on'),
          across_the_aisle: z.number().int().describe("Of those, the bills sponsored by the other party's member"),
          across_share: share().describe('across_the_aisle / with_known_parties; null when with_known_parties is 0'),
          across_items: z.array(RecordCosponsorship()).describe('The bills across the aisle (at most 400 listed)'),
        })
        .describe('Cosponsorships across the aisle'),
    })
    .meta({ id: 'MemberRecordCongress', description: "A member's report card for one Congress" }),
);
export type MemberRecordCongress = z.infer<ReturnType<typeof MemberRecordCongress>>;

export const MemberRecordView = lazySchema(() =>
  z
    .object({
      member_id: z.string().describe('The Bioguide id, such as P000197'),
      congresses: z.array(MemberRecordCongress()).describe('One report card per Congress the service holds votes or bills of the member in, newest first'),
      committees: z
        .object({
          source: z.string().describe('Where the assignments come from'),
          assignments: z.array(CommitteeAssignment()).describe("The member's current committee and subcommittee seats, full committees first"),
        })
        .describe('Committee assignments (current: the data holds no past Congresses)'),
      votes_url: z.string().describe("Every position behind the vote figures: the member's recorded votes, newest first"),
    })
    .meta({ id: 'MemberRecord', description: "A member's report card per Congress, each figure with what it rests on and the roll calls or bills behind it" }),
);
export type MemberRecordView = z.infer<ReturnType<typeof MemberRecordView>>;
