/** The Bill cosponsor record: a member cosponsoring a bill, with the party they had then. */
import * as z from 'zod';

export const Cosponsor = z
  .object({
    bill_id: z.string(),
    member_id: z.string(),
    name: z.string(),
    party: z.string().nullable(),
    state: z.string().nullable(),
    district: z.number().int().nullable(),
    sponsorship_date: z.string().nullable(),
    is_original: z.boolean(),
    withdrawn_date: z.string().nullable(),
  })
  .meta({ id: 'Cosponsor', description: 'A member cosponsoring a bill, with the party they had then' });
export type Cosponsor = z.infer<typeof Cosponsor>;
