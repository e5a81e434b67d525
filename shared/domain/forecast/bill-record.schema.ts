/**
 * A bill as the forecast reads it: the fields of the bill-outcomes dataset
 * known at introduction (../shared/datasets/bill-outcomes/README.md), parsed
 * leniently where the dataset documents gaps (null seniority, chair, party,
 * policy area; no short title) so a record from a later Congress with the same
 * gaps still scores. The outcome, when present, is the training label.
 */
import * as z from 'zod';
import { BILL_TYPES } from '#shared/domain/bills/bill-types.ts';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

const count = () => z.number().int().min(0);
/** Optional and nullable read the same way: not known. */
const unknown = <S extends z.ZodType>(s: S) => s.nullish().transform((v) => v ?? null);

export const BillSponsor = lazySchema(() =>
  z.object({
    id: unknown(z.string()),
    party: unknown(z.string()),
    state: unknown(z.string()),
    chamber: unknown(z.enum(['house', 'senate'])),
    title: unknown(z.string()),
    seniority_years: unknown(z.number().min(0)),
    committee_chair: unknown(z.boolean()),
  }),
);
export type BillSponsor = z.infer<ReturnType<typeof BillSponsor>>;

export const BillOutcome = lazySchema(() =>
  z.object({
    reported: z.boolean(),
    /** Strictly: a committee reported it (not read by the forecast; the bench compares against it). */
    reported_by_committee: z.boolean().optional(),
    passed_house: z.boolean(),
    passed_senate: z.boolean(),
    enacted: z.boolean(),
  }),
);
export type BillOutcome = z.infer<ReturnType<typeof BillOutcome>>;

/** What is known of a bill at introduction (policy area and companion a few weeks after, see docs/forecast-model.md). */
export const BillFacts = lazySchema(() =>
  z.object({
    id: z.string().min(1),
    congress: z.number().int().min(1),
    type: z.enum(BILL_TYPES),
    number: z.number().int().min(1),
    introduced: z.iso.date(),
    title: z.string(),
    short_title: unknown(z.string()),
    subjects_top_term: unknown(z.string()),
    sponsor: BillSponsor(),
    majority_party: unknown(z.string()),
    original_cosponsors: z.object({
      n: count(),
      n_same_party: count().default(0),
      n_other_party: count().default(0),
      n_party_unknown: count().default(0),
    }),
    committees_referred: z.array(z.string()).default([]),
    companion: unknown(z.boolean()),
  }),
);
export type BillFacts = z.infer<ReturnType<typeof BillFacts>>;

/** A dataset record: the facts, the 30-day cosponsors (known a month later) and the outcome when the record has one. */
export const BillRecord = lazySchema(() =>
  BillFacts().extend({
    cosponsors_at_30d: unknown(z.object({ n: count(), n_other_party: count() })),
    outcome: unknown(BillOutcome()),
  }),
);
export type BillRecord = z.infer<ReturnType<typeof BillRecord>>;
