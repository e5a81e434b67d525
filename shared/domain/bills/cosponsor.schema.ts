/** The Bill cosponsor record: a member cosponsoring a bill, with the party they had then. */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const Cosponsor = lazySchema(() =>
  z
    .object({
      bill_id: z.string().describe('The bill id, {congress}-{type}-{number} such as 118-hr-3076'),
      member_id: z.string().describe('The Bioguide id of the member, such as P000197'),
      name: z.string().describe("The member's name as 'Last, First'"),
      party: z.string().nullable().describe('The party initial (D, R, I, \u2026); null when unknown'),
      state: z.string().nullable().describe('The two-letter state code'),
      district: z.number().int().nullable().describe('The House district number; null for senators and at-large seats'),
      sponsorship_date: z.string().nullable().describe('When the member joined as cosponsor (YYYY-MM-DD); null when unknown'),
      is_original: z.boolean().describe('Whether the member cosponsored at introduction'),
      withdrawn_date: z.string().nullable().describe('When the member withdrew (YYYY-MM-DD); null when they did not'),
    })
    .meta({ id: 'Cosponsor', description: 'A member cosponsoring a bill, with the party they had then' }),
);
export type Cosponsor = z.infer<ReturnType<typeof Cosponsor>>;
