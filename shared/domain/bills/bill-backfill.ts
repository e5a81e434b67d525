/**
 * Bill backfills, as pure rules: what an admin may ask for (one Congress, or
 * a window of update dates), the id of each scope, the stored progress record
 * and its view, and the pacing of pages under the Congress.gov budget
 * (docs/product-rules.md "Bill backfills"). shared/use-cases/bills/bill-backfill-*.ts
 * runs them.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { congressForDate } from './bill-id.ts';

/** Bills per listing page: Congress.gov's largest `limit`. */
export const BACKFILL_PAGE_SIZE = 250;
/** Congress.gov's bill data is complete from the 93rd Congress (1973) on. */
export const FIRST_BACKFILL_CONGRESS = 93;
/** A window backfill spans at most a year of update dates; a longer history is backfilled a Congress at a time. */
export const MAX_BACKFILL_WINDOW_DAYS = 366;
/**
 * Congress.gov requests a page makes, counted for pacing: the listing itself,
 * then per new bill the four follow-ups it queues (bill detail for the
 * sponsor, actions, cosponsors, text versions; each one page for nearly every
 * bill) and per changed bill its action fetch.
 */
export const REQUESTS_PER_PAGE_LISTING = 1;
export const REQUESTS_PER_NEW_BILL = 4;
export const REQUESTS_PER_CHANGED_BILL = 1;
/** SQS's longest message delay; a longer pause is waited out in hops of at most this. */
export const MAX_QUEUE_DELAY_SECONDS = 900;
/**
 * A running backfill whose next page was due this long ago, with no page
 * claimed since, is stalled (its page message was lost): longer than one
 * redelivery of a failed page (six times the worker's 300 s timeout), so a
 * page that is merely being retried is not resumed twice.
 */
export const BACKFILL_STALL_MS = 45 * 60_000;

export const BackfillScope = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('congress').describe('A whole Congress'), congress: z.number().int().describe('The Congress number, such as 118') }),
    /** Bills whose Congress.gov update date falls within [from, to] (whole UTC days). */
    z.object({
      kind: z.literal('window').describe('A window of update dates'),
      from: z.iso.date().describe('The first update date of the window (YYYY-MM-DD, UTC, inclusive)'),
      to: z.iso.date().describe('The last update date of the window (YYYY-MM-DD, UTC, inclusive)'),
    }),
  ]),
);
export type BackfillScope = z.infer<ReturnType<typeof BackfillScope>>;

export const BACKFILL_ID_PATTERN = /^(congress-\d{2,3}|updated-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}|bulk-congress-\d{3})$/;
export const BackfillId = lazySchema(() =>
  z.string().regex(BACKFILL_ID_PATTERN, { error: 'must be a backfill id such as congress-119, updated-2025-01-01-2025-01-31 or bulk-congress-117' }),
);

/** One id per scope, so asking twice for the same scope finds the same backfill. */
export const backfillId = (scope: BackfillScope): string => (scope.kind === 'congress' ? `congress-${scope.congress}` : `updated-${scope.from}-${scope.to}`);

/** The body of POST /api/admin/backfill-bills: `{congress}` or `{from, to}`, and the source (`bulk` takes a Congress). */
export const BackfillRequest = lazySchema(() =>
  z.object({
    source: z
      .enum(['api', 'bulk'])
      .optional()
      .describe(
        "Where the bills come from: api (the default; Congress.gov's API, paced within its hourly budget) or bulk (GovInfo's bulk Bill Status files of a whole Congress, fanned out over a queue: about an hour per Congress; needs congress).",
      ),
    congress: z.number().int().optional().describe('A Congress to backfill whole, e.g. 119.'),
    from: z.iso.date().optional().describe('The first and last update dates of a window (YYYY-MM-DD, UTC, inclusive).'),
    to: z.iso.date().optional().describe('The last update date of the window (YYYY-MM-DD, UTC, inclusive)'),
  }),
);
export type BackfillRequest = z.infer<ReturnType<typeof BackfillRequest>>;

export interface ScopeIssue {
  path: string;
  message: string;
}

const DAY_MS = 86_400_000;

/** The scope a request asks for, or the fields at fault; `now` bounds the Congress and the window's end. */
export function backfillScopeOf(req: BackfillRequest, now: Date): { scope: BackfillScope } | { issues: ScopeIssue[] } {
  const window = req.from !== undefined || req.to !== undefined;
  if (req.congress !== undefined && window) return { issues: [{ path: 'body', message: 'give either congress or from and to, not both' }] };
  if (req.congress !== undefined) {
    const current = congressForDate(now);
    if (req.congress < FIRST_BACKFILL_CONGRESS || req.congress > current) {
      return { issues: [{ path: 'body.congress', message: `must be a Congress from ${FIRST_BACKFILL_CONGRESS} to ${current}` }] };
    }
    return { scope: { kind: 'congress', congress: req.congress } };
  }
  if (!window) return { issues: [{ path: 'body', message: 'give either congress or from and to' }] };
  const issues: ScopeIssue[] = [];
  if (req.from === undefined) issues.push({ path: 'body.from', message: 'is required with to' });
  if (req.to === undefined) issues.push({ path: 'body.to', message: 'is required with from' });
  if (req.from === undefined || req.to === undefined) return { issues };
  const today = now.toISOString().slice(0, 10);
  const days = (Date.parse(req.to) - Date.parse(req.from)) / DAY_MS + 1;
  if (req.from > req.to) issues.push({ path: 'body.from', message: 'must not be after to' });
  else if (days > MAX_BACKFILL_WINDOW_DAYS)
    issues.push({
      path: 'body.to',
      message: `the window spans ${days} days; at most ${MAX_BACKFILL_WINDOW_DAYS} (backfill a longer history a Congress at a time)`,
    });
  if (req.to > today) issues.push({ path: 'body.to', message: `must not be after today (${today})` });
  return issues.length ? { issues } : { scope: { kind: 'window', from: req.from, to: req.to } };
}

/** The listing a scope pages through: a Congress, or update times from the first to the last second of the window. */
export function listingOf(scope: BackfillScope): { congress: number } | { from: Date; to: Date } {
  return scope.kind === 'congress' ? { congress: scope.congress } : { from: new Date(`${scope.from}T00:00:00Z`), to: new Date(`${scope.to}T23:59:59Z`) };
}

export const BackfillState = lazySchema(() => z.enum(['running', 'completed', 'failed']).describe('running, completed or failed'));
export type BackfillState = z.infer<ReturnType<typeof BackfillState>>;

const count = lazySchema(() => z.number().int().min(0));

/** The stored progress of one backfill (one item; see docs/data-model.md A17). */
export const BillBackfill = lazySchema(() =>
  z.object({
    id: z.string().describe('The backfill id: congress-{n} or updated-{from}-{to}'),
    scope: BackfillScope().describe('What it covers: a whole Congress, or a window of update dates'),
    run: z.number().int().min(1).describe('Counts up each time a completed backfill is run again; page messages of an earlier run are ignored.'),
    state: BackfillState().describe('running, completed or failed'),
    offset: count().describe('The cursor: the listing offset of the next page to fetch.'),
    pages_done: count().describe('Listing pages finished'),
    bills_seen: count().describe('Listing entries read (a bill listed twice, as a bill updated mid-run can be, counts twice).'),
    bills_queued: count().describe('New bills saved, each with its sponsor, actions, cosponsors and text fetches queued.'),
    bills_refreshed: count().describe('Stored bills whose listing had changed: refreshed and their actions fetched again.'),
    bills_total: count().nullable().describe("The listing's size as Congress.gov last reported it; null before the first page."),
    next_page_at: z.string().nullable().describe('When the next page is due (pacing); null once finished.'),
    resumes: count().describe('Times a stalled or failed backfill was resumed at its cursor.'),
    started_by: z.string().describe('Who started it'),
    started_at: z.string().describe('When it started (ISO 8601, UTC)'),
    updated_at: z.string().describe('When it was last changed (ISO 8601, UTC)'),
    finished_at: z.string().nullable().describe('When it finished (ISO 8601, UTC); null while it runs'),
    error: z.string().nullable().describe("Why the backfill failed (the page's last error); null otherwise."),
    claim_id: z.string().nullable().default(null).describe('The page attempt in progress: its message id and until when it holds the page.'),
    claim_until: z.string().nullable().default(null),
    last_page_by: z
      .string()
      .nullable()
      .default(null)
      .describe('The message that finished the last page: its redelivery knows the next page may never have been queued.'),
  }),
);
export type BillBackfill = z.infer<ReturnType<typeof BillBackfill>>;

/** What the admin routes show of a backfill. */
export const BackfillView = lazySchema(() =>
  z
    .object({
      id: z.string().describe('The backfill id: congress-{n} or updated-{from}-{to}'),
      scope: BackfillScope().describe('What it covers: a whole Congress, or a window of update dates'),
      run: z.number().int().describe('Counts up each time a completed backfill is run again'),
      state: BackfillState().describe('running, completed or failed'),
      cursor: z
        .object({
          offset: count().describe('The listing offset of the next page'),
          next_page_at: z.string().nullable().describe('When the next page is due; null once finished'),
        })
        .describe('The listing offset of the next page, and when it is due (null once finished).'),
      pages_done: count().describe('Listing pages finished'),
      pages_total: count().nullable().describe('Listing pages in all; null before the first page'),
      bills_seen: count().describe('Listing entries read'),
      bills_queued: count().describe('New bills saved, with their details queued'),
      bills_refreshed: count().describe('Stored bills whose listing had changed, refreshed'),
      bills_total: count().nullable().describe('The listing size as Congress.gov last reported it; null before the first page'),
      stalled: z.boolean().describe('Whether the backfill is overdue with nobody holding its page (asking again resumes it)'),
      resumes: count().describe('Times it was resumed at its cursor'),
      started_by: z.string().describe('The email of the admin who started it'),
      started_at: z.string().describe('When it started (ISO 8601, UTC)'),
      updated_at: z.string().describe('When it was last changed (ISO 8601, UTC)'),
      finished_at: z.string().nullable().describe('When it finished (ISO 8601, UTC); null while it runs'),
      error: z.string().nullable().describe('What went wrong; null when nothing did'),
      source: z
        .enum(['api', 'bulk'])
        .describe(
          "api (Congress.gov listing pages) or bulk (GovInfo's Bill Status zips: pages are the zips, one per bill type; bills_seen counts the files imported of bills_total; bills_queued the bills created; bills_refreshed the stored bills changed).",
        ),
      files_failed: count().nullable().describe('bulk: Bill Status files that could not be read (skipped); null for api'),
    })
    .meta({ id: 'BillBackfill', description: 'A bill backfill: its scope, state, cursor and counts' }),
);
export type BackfillView = z.infer<ReturnType<typeof BackfillView>>;

/** True when a running backfill's page is overdue and nobody holds it: its page message was lost. */
export function isStalled(b: BillBackfill, now: Date): boolean {
  if (b.state !== 'running') return false;
  if (b.claim_until && Date.parse(b.claim_until) > now.getTime()) return false;
  const lastSign = Math.max(b.next_page_at ? Date.parse(b.next_page_at) : 0, Date.parse(b.updated_at));
  return now.getTime() - lastSign > BACKFILL_STALL_MS;
}

export function backfillView(b: BillBackfill, now: Date): BackfillView {
  return {
    id: b.id,
    scope: b.scope,
    run: b.run,
    state: b.state,
    cursor: { offset: b.offset, next_page_at: b.next_page_at },
    pages_done: b.pages_done,
    pages_total: b.bills_total === null ? null : Math.ceil(b.bills_total / BACKFILL_PAGE_SIZE),
    bills_seen: b.bills_seen,
    bills_queued: b.bills_queued,
    bills_refreshed: b.bills_refreshed,
    bills_total: b.bills_total,
    stalled: isStalled(b, now),
    resumes: b.resumes,
    started_by: b.started_by,
    started_at: b.started_at,
    updated_at: b.updated_at,
    finished_at: b.finished_at,
    error: b.error,
    source: 'api',
    files_failed: null,
  };
}

/** Congress.gov requests a saved page sets off (see the constants above). */
export const pageRequestCost = (saved: { queued: number; refreshed: number }): number =>
  REQUESTS_PER_PAGE_LISTING + REQUESTS_PER_NEW_BILL * saved.queued + REQUESTS_PER_CHANGED_BILL * saved.refreshed;

/**
 * How a page message due at `due` is sent at `now`: delayed by the wait, at
 * most SQS's 900 s, and carrying `not_before` when it must wait at all, so a
 * longer wait is finished by sending it on again.
 */
export function pageDelivery(now: Date, due?: Date): { delaySeconds: number; notBefore?: string } {
  const wait = due ? Math.max(0, Math.ceil((due.getTime() - now.getTime()) / 1000)) : 0;
  return wait > 0 && due ? { delaySeconds: Math.min(wait, MAX_QUEUE_DELAY_SECONDS), notBefore: due.toISOString() } : { delaySeconds: 0 };
}

/**
 * Seconds to wait before the next page so the backfill averages at most
 * `requestsPerHour` Congress.gov requests: a page of 250 new bills (1,001
 * requests) waits 30 minutes at 2,000 an hour; a page of stored bills, 2 s.
 */
export const pageDelaySeconds = (cost: number, requestsPerHour: number): number => Math.ceil((cost * 3600) / requestsPerHour);
