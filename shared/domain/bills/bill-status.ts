/**
 * The status vocabulary of a bill (the open unitedstates/congress project's,
 * which GovTrack shows): where a bill stands, derived from its actions
 * (status-rules.ts, status-timeline.ts), with the timeline entry stored per
 * change and the `?status=` filter of the bill list (docs/product-rules.md).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const BILL_STATUSES = [
  'INTRODUCED',
  'REFERRED',
  'REPORTED',
  'PROV_KILL:SUSPENSIONFAILED',
  'PROV_KILL:CLOTUREFAILED',
  'PROV_KILL:PINGPONGFAIL',
  'PROV_KILL:VETO',
  'PASS_OVER:HOUSE',
  'PASS_OVER:SENATE',
  'PASS_BACK:HOUSE',
  'PASS_BACK:SENATE',
  'PASSED:BILL',
  'PASSED:SIMPLERES',
  'PASSED:CONCURRENTRES',
  'PASSED:CONSTAMEND',
  'CONFERENCE:PASSED:HOUSE',
  'CONFERENCE:PASSED:SENATE',
  'ENACTED:SIGNED',
  'ENACTED:VETO_OVERRIDE',
  'ENACTED:TENDAYRULE',
  'FAIL:ORIGINATING:HOUSE',
  'FAIL:ORIGINATING:SENATE',
  'FAIL:SECOND:HOUSE',
  'FAIL:SECOND:SENATE',
  'VETOED:POCKET',
  'VETOED:OVERRIDE_PASS_OVER:HOUSE',
  'VETOED:OVERRIDE_PASS_OVER:SENATE',
  'VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE',
  'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE',
  'VETOED:OVERRIDE_FAIL_SECOND:HOUSE',
  'VETOED:OVERRIDE_FAIL_SECOND:SENATE',
] as const;
export const BillStatus = lazySchema(() =>
  z.enum(BILL_STATUSES).describe('Where the bill stands, in the vocabulary GovTrack uses: INTRODUCED, REFERRED, REPORTED, PASS_OVER:HOUSE, ENACTED:SIGNED, …'),
);
export type BillStatus = z.infer<ReturnType<typeof BillStatus>>;

/**
 * Codes this service stored before it took unitedstates/congress's spelling of
 * the one-chamber override (which keeps the VETOED: prefix), mapped to the
 * real code: what is stored is read through it until migration 0012 rewrote it.
 */
export const LEGACY_STATUS_CODES: Readonly<Record<string, BillStatus>> = {
  'OVERRIDE_PASS_OVER:HOUSE': 'VETOED:OVERRIDE_PASS_OVER:HOUSE',
  'OVERRIDE_PASS_OVER:SENATE': 'VETOED:OVERRIDE_PASS_OVER:SENATE',
};

/** A stored status code in today's vocabulary (a legacy code mapped; anything else as it is, for the schema to judge). */
export const currentStatusCode = (code: unknown): unknown => (typeof code === 'string' ? (LEGACY_STATUS_CODES[code] ?? code) : code);

/** Every bill on record has at least been introduced; actions move it on from here. */
export const INITIAL_STATUS: BillStatus = 'INTRODUCED';

/** One change of status: the status, the date of the action that caused it, and that action's text. */
export const StatusTimelineEntry = lazySchema(() =>
  z
    .object({
      status: BillStatus(),
      date: z.string().describe('The date (YYYY-MM-DD)'),
      action_text: z.string().describe('The text of the action'),
    })
    .meta({ id: 'StatusTimelineEntry', description: 'One change of a bill status: the new status, its date and the action that made it' }),
);
export type StatusTimelineEntry = z.infer<ReturnType<typeof StatusTimelineEntry>>;

/**
 * Every code and every colon-delimited leading part of one (ENACTED,
 * FAIL:SECOND, CONFERENCE:PASSED, …): what `?status=` accepts.
 */
export const STATUS_FILTER_VALUES: ReadonlySet<string> = new Set(
  BILL_STATUSES.flatMap((code) => {
    const parts = code.split(':');
    return parts.map((_, i) => parts.slice(0, i + 1).join(':'));
  }),
);

/** A `?status=` value: a status code or a prefix of whole parts, upper-cased; anything else is refused. */
export const StatusFilter = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    // A link made when the one-chamber override was spelled without VETOED: still filters the same bills.
    .transform((v) => (v === 'OVERRIDE_PASS_OVER' || v.startsWith('OVERRIDE_PASS_OVER:') ? `VETOED:${v}` : v))
    .refine((v) => STATUS_FILTER_VALUES.has(v), { error: 'must be a bill status such as PASS_OVER:HOUSE, or a prefix of one such as ENACTED' }),
);

/** Whether a status is the filter's code or starts with it as a whole part ("PASSED" matches PASSED:BILL, never PASS_OVER). */
export const matchesStatusFilter = (status: BillStatus, filter: string): boolean => status === filter || status.startsWith(`${filter}:`);
