/**
 * zod schemas of the Congress.gov API v3 amendment payloads, written against
 * the recordings in ../shared/fixtures/amendments: the detail
 * (/amendment/{congress}/{type}/{number}: House, Senate, second-degree,
 * treaty and 1981 unprinted cases), its actions and text versions, and the
 * listing items (/amendment, /bill/{congress}/{type}/{number}/amendments).
 * Only the fields used are required; the rest pass through.
 */
import * as z from 'zod';
import { LatestAction, Pagination, RecordedVote, Sponsor } from './congress-gov.schema.ts';

const num = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(Number);
const optionalText = z.string().nullable().optional();

export const AmendmentDetail = z
  .object({
    amendment: z
      .object({
        congress: num,
        number: num,
        type: z.string(),
        chamber: optionalText,
        purpose: optionalText,
        description: optionalText,
        sponsors: z.array(Sponsor).optional(),
        cosponsors: z.object({ count: z.number().int() }).passthrough().optional(),
        amendedBill: z.object({ congress: num, number: num, type: z.string(), title: optionalText }).passthrough().optional(),
        amendedAmendment: z.object({ congress: num, number: num, type: z.string() }).passthrough().optional(),
        amendedTreaty: z.object({ congress: num, treatyNumber: num }).passthrough().optional(),
        latestAction: LatestAction.nullable().optional(),
        submittedDate: optionalText,
        proposedDate: optionalText,
        updateDate: optionalText,
        textVersions: z.object({ count: z.number().int() }).passthrough().optional(),
      })
      .passthrough(),
  })
  .passthrough();
export type AmendmentDetail = z.infer<typeof AmendmentDetail>['amendment'];

export const AmendmentActionItem = z
  .object({
    actionDate: z.string(),
    actionTime: optionalText,
    text: z.string(),
    type: optionalText,
    actionCode: z.union([z.string(), z.number()]).nullable().optional(),
    sourceSystem: z.object({ name: z.string() }).passthrough().nullable().optional(),
    recordedVotes: z.array(RecordedVote).optional(),
  })
  .passthrough();
export type AmendmentActionItem = z.infer<typeof AmendmentActionItem>;
export const AmendmentActionsPage = z.object({ actions: z.array(AmendmentActionItem), pagination: Pagination.optional() }).passthrough();

export const AmendmentTextItem = z
  .object({
    date: z.string().nullable().optional(),
    type: z.string(),
    formats: z.array(z.object({ type: z.string(), url: z.string() }).passthrough()).default([]),
  })
  .passthrough();
export type AmendmentTextItem = z.infer<typeof AmendmentTextItem>;
export const AmendmentTextPage = z.object({ textVersions: z.array(AmendmentTextItem), pagination: Pagination.optional() }).passthrough();

export const AmendmentListItem = z
  .object({ congress: num, number: num, type: z.string(), latestAction: LatestAction.nullable().optional(), updateDate: optionalText })
  .passthrough();
export type AmendmentListItem = z.infer<typeof AmendmentListItem>;
export const AmendmentListPage = z.object({ amendments: z.array(AmendmentListItem), pagination: Pagination.optional() }).passthrough();
