/**
 * zod schemas of the Congress.gov API v3 payloads this service reads,
 * written against real recordings (2022 and 2025-26 shapes). Only the fields
 * used are required; the rest pass through untouched.
 */
import * as z from 'zod';

const num = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);
const optionalText = z.string().nullable().optional();

export const Pagination = z.object({ count: z.number().int().optional(), next: z.string().optional() }).passthrough();

export const LatestAction = z.object({ actionDate: z.string(), text: z.string() }).passthrough();

export const BillListItem = z
  .object({
    congress: num,
    number: num,
    type: z.string(),
    title: z.string(),
    originChamber: optionalText,
    latestAction: LatestAction.nullable().optional(),
    updateDate: z.string(),
    url: z.string().optional(),
  })
  .passthrough();
export const BillListPage = z.object({ bills: z.array(BillListItem), pagination: Pagination.optional() }).passthrough();
export type BillListItem = z.infer<typeof BillListItem>;

export const Sponsor = z
  .object({
    bioguideId: z.string(),
    firstName: optionalText,
    lastName: optionalText,
    fullName: optionalText,
    party: optionalText,
    state: optionalText,
    district: num.nullable().optional(),
  })
  .passthrough();

export const BillDetail = z
  .object({
    bill: BillListItem.extend({
      introducedDate: optionalText,
      policyArea: z.object({ name: z.string() }).passthrough().nullable().optional(),
      sponsors: z.array(Sponsor).optional(),
      legislationUrl: optionalText,
      /** How many related bills Congress.gov lists, and where; absent when there are none. */
      relatedBills: z
        .object({ count: z.number().int().min(0) })
        .passthrough()
        .optional(),
    }),
  })
  .passthrough();
export type BillDetail = z.infer<typeof BillDetail>['bill'];

export const RecordedVote = z
  .object({ chamber: z.string(), congress: num, date: optionalText, rollNumber: num, sessionNumber: num, url: z.string() })
  .passthrough();

export const Action = z
  .object({
    actionDate: z.string(),
    text: z.string(),
    type: optionalText,
    actionCode: z.union([z.string(), z.number()]).nullable().optional(),
    sourceSystem: z.object({ name: z.string() }).passthrough().nullable().optional(),
    recordedVotes: z.array(RecordedVote).optional(),
    committees: z
      .array(z.object({ systemCode: z.string() }).passthrough())
      .nullable()
      .optional(),
  })
  .passthrough();
export type Action = z.infer<typeof Action>;
export const ActionsPage = z.object({ actions: z.array(Action), pagination: Pagination.optional() }).passthrough();

export const CosponsorItem = z
  .object({
    bioguideId: z.string(),
    firstName: optionalText,
    lastName: optionalText,
    fullName: optionalText,
    party: optionalText,
    state: optionalText,
    district: num.nullable().optional(),
    sponsorshipDate: optionalText,
    isOriginalCosponsor: z.boolean().optional(),
    sponsorshipWithdrawnDate: optionalText,
  })
  .passthrough();
export type CosponsorItem = z.infer<typeof CosponsorItem>;
export const CosponsorsPage = z.object({ cosponsors: z.array(CosponsorItem), pagination: Pagination.optional() }).passthrough();

export const TextVersionItem = z
  .object({ date: z.string().nullable(), type: z.string(), formats: z.array(z.object({ type: z.string(), url: z.string() }).passthrough()) })
  .passthrough();
export type TextVersionItem = z.infer<typeof TextVersionItem>;
export const TextVersionsPage = z.object({ textVersions: z.array(TextVersionItem), pagination: Pagination.optional() }).passthrough();

export const SummaryItem = z
  .object({ actionDate: optionalText, actionDesc: optionalText, text: z.string(), updateDate: optionalText, versionCode: optionalText })
  .passthrough();
export const SummariesPage = z.object({ summaries: z.array(SummaryItem), pagination: Pagination.optional() }).passthrough();

/**
 * /bill/{congress}/{type}/{number}/relatedbills: each related bill with its
 * relationships and who identified them (House, Senate, CRS). No recording
 * of this endpoint exists; the shape is Congress.gov's documented one (the
 * same fields as the <relatedBills> of GPO's Bill Status XML, which is recorded).
 */
export const RelationshipDetail = z.object({ type: z.string().min(1), identifiedBy: z.string().min(1) }).passthrough();
export const RelatedBillItem = z
  .object({
    congress: num,
    number: num,
    type: z.string(),
    title: z.string().nullable().optional(),
    latestAction: LatestAction.nullable().optional(),
    relationshipDetails: z.array(RelationshipDetail).default([]),
    url: z.string().optional(),
  })
  .passthrough();
export type RelatedBillItem = z.infer<typeof RelatedBillItem>;
export const RelatedBillsPage = z.object({ relatedBills: z.array(RelatedBillItem), pagination: Pagination.optional() }).passthrough();

const Terms = z.union([
  z.object({ item: z.array(z.object({ chamber: z.string(), startYear: num.optional(), endYear: num.nullable().optional() }).passthrough()) }).passthrough(),
  z.array(z.unknown()),
]);

export const MemberListItem = z
  .object({
    bioguideId: z.string(),
    name: z.string(),
    partyName: optionalText,
    state: z.string(),
    district: num.nullable().optional(),
    depiction: z.object({ imageUrl: optionalText }).passthrough().nullable().optional(),
    terms: Terms.optional(),
    updateDate: optionalText,
  })
  .passthrough();
export type MemberListItem = z.infer<typeof MemberListItem>;
export const MemberListPage = z.object({ members: z.array(MemberListItem), pagination: Pagination.optional() }).passthrough();

export const MemberDetail = z
  .object({
    member: z
      .object({
        bioguideId: z.string(),
        firstName: optionalText,
        lastName: optionalText,
        invertedOrderName: optionalText,
        directOrderName: optionalText,
        birthYear: num.nullable().optional(),
        currentMember: z.boolean().optional(),
        state: optionalText,
        district: num.nullable().optional(),
        partyHistory: z
          .array(z.object({ partyName: optionalText, partyAbbreviation: optionalText, startYear: num.nullable().optional() }).passthrough())
          .optional(),
        addressInformation: z
          .object({
            officeAddress: optionalText,
            city: optionalText,
            district: optionalText,
            zipCode: z.union([z.number(), z.string()]).optional(),
            phoneNumber: optionalText,
          })
          .passthrough()
          .optional(),
        depiction: z.object({ imageUrl: optionalText }).passthrough().nullable().optional(),
        officialWebsiteUrl: optionalText,
        terms: z
          .array(
            z
              .object({
                chamber: z.string(),
                congress: num.nullable().optional(),
                startYear: num.nullable().optional(),
                endYear: num.nullable().optional(),
                stateCode: optionalText,
                district: num.nullable().optional(),
              })
              .passthrough(),
          )
          .optional(),
        leadership: z
          .array(z.object({ type: z.string(), congress: num.nullable().optional(), current: z.boolean().optional() }).passthrough())
          .nullable()
          .optional(),
        sponsoredLegislation: z.object({ count: z.number() }).passthrough().optional(),
        cosponsoredLegislation: z.object({ count: z.number() }).passthrough().optional(),
        updateDate: optionalText,
      })
      .passthrough(),
  })
  .passthrough();
export type MemberDetail = z.infer<typeof MemberDetail>['member'];
