/**
 * The zod pieces the Bill Status readers share (./bill-status.parser.ts for
 * the bill, ./bill-status-amendments.parser.ts for its amendments): lists of
 * `<item>`s, optional text, people, and recorded votes as our references.
 */
import * as z from 'zod';
import type { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';

/** A list of `<item>` elements, empty when the element is empty or absent. */
export const items = <T extends z.ZodType>(item: T) =>
  z
    .union([z.object({ item: z.array(item) }).passthrough(), z.literal('')])
    .optional()
    .transform((v) => (v && typeof v === 'object' ? v.item : []));
export const opt = z.string().optional();

export const RecordedVote = z.object({
  rollNumber: z.string(),
  url: z.string(),
  chamber: z.string(),
  congress: z.string(),
  date: opt,
  sessionNumber: z.string(),
});
export const RecordedVotes = z.union([z.object({ recordedVote: z.array(RecordedVote) }), z.literal('')]).optional();

export const Person = z.object({
  bioguideId: z.string(),
  firstName: opt,
  lastName: opt,
  fullName: opt,
  party: opt,
  state: opt,
  district: opt,
  sponsorshipDate: opt,
  isOriginalCosponsor: opt,
  sponsorshipWithdrawnDate: opt,
});

/** A recorded vote as our reference to its roll call. */
export function voteRef(v: z.infer<typeof RecordedVote>): RecordedVoteRef {
  return {
    chamber: v.chamber.toLowerCase().startsWith('s') ? 'senate' : 'house',
    congress: Number(v.congress),
    session: Number(v.sessionNumber),
    roll_number: Number(v.rollNumber),
    date: v.date ?? null,
    url: v.url,
  };
}

/** The recorded votes of an element, as references. */
export const voteRefs = (votes: z.infer<typeof RecordedVotes>): RecordedVoteRef[] => (votes ? votes.recordedVote.map(voteRef) : []);
