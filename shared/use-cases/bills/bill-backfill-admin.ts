/**
 * The admin side of bill backfills: start one for a Congress or a window of
 * update dates, read its progress, and resume the stalled ones (the
 * resume_bill_backfills job). The pages themselves run in the bill-backfill
 * worker (./bill-backfill-pages.ts). One backfill per scope: asking again
 * while it runs is a 409; asking again after it failed or stalled resumes it
 * at its cursor; asking again after it completed runs it again from the
 * start, which only creates what is still missing.
 */
import { allBackfills, createBackfill, getBackfill, listBackfills, replaceBackfill } from '#shared/adapters/db/bill-backfills.repository.ts';
import {
  backfillId,
  backfillScopeOf,
  backfillView,
  isStalled,
  type BackfillRequest,
  type BackfillScope,
  type BackfillView,
  type BillBackfill,
} from '#shared/domain/bills/bill-backfill.ts';
import type { Paging } from '#shared/domain/paging.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '#shared/errors/app-error.ts';
import { queueBackfillPage } from './bill-backfill-queue.ts';
import { bulkImportStatus, listBulkImportViews, startBulkImport } from './bulk-import-admin.ts';
import { BULK_IMPORT_ID_PATTERN, bulkImportView } from '#shared/domain/bills/bulk-import.ts';

export type BackfillAction = 'started' | 'restarted' | 'resumed';

const describeScope = (scope: BackfillScope) => (scope.kind === 'congress' ? `Congress ${scope.congress}` : `bills updated ${scope.from} to ${scope.to}`);

function freshRun(id: string, scope: BackfillScope, run: number, startedBy: string, now: Date): BillBackfill {
  const at = now.toISOString();
  return {
    id,
    scope,
    run,
    state: 'running',
    offset: 0,
    pages_done: 0,
    bills_seen: 0,
    bills_queued: 0,
    bills_refreshed: 0,
    bills_total: null,
    next_page_at: at,
    resumes: 0,
    started_by: startedBy,
    started_at: at,
    updated_at: at,
    finished_at: null,
    error: null,
    claim_id: null,
    claim_until: null,
    last_page_by: null,
  };
}

/** The same run picked up at its cursor: due now, unclaimed, its error cleared. */
const resumed = (b: BillBackfill, now: Date): BillBackfill => ({
  ...b,
  state: 'running',
  next_page_at: now.toISOString(),
  updated_at: now.toISOString(),
  finished_at: null,
  error: null,
  resumes: b.resumes + 1,
  claim_id: null,
  claim_until: null,
});

/**
 * Starts (or restarts, or resumes) the backfill of a scope and queues its
 * page at the cursor. Bad input is a 422 naming the field; a backfill of the
 * scope already running is a 409.
 */
export async function startBillBackfill(request: BackfillRequest, startedBy: string, now: Date): Promise<{ action: BackfillAction; backfill: BackfillView }> {
  if (request.source === 'bulk') {
    if (request.congress === undefined || request.from !== undefined || request.to !== undefined)
      throw new InvalidInputError(
        'Invalid body: a bulk backfill takes a congress (and no from or to)',
        [{ path: 'body.congress', message: 'is required with source bulk' }],
        'backfill.invalid',
      );
    const { action, record } = await startBulkImport(request.congress, startedBy, now);
    return { action, backfill: bulkImportView(record) };
  }
  const checked = backfillScopeOf(request, now);
  if ('issues' in checked) {
    const [first] = checked.issues;
    throw new InvalidInputError(`Invalid ${first?.path ?? 'body'}: ${first?.message ?? 'not a backfill'}`, checked.issues, 'backfill.invalid');
  }
  const { scope } = checked;
  const id = backfillId(scope);
  const existing = await getBackfill(id);
  let next: BillBackfill;
  let action: BackfillAction;
  if (!existing) {
    next = freshRun(id, scope, 1, startedBy, now);
    action = 'started';
    if (!(await createBackfill(next))) throw new ConflictError(`A backfill of ${describeScope(scope)} was just started`, 'backfill.running');
  } else {
    if (existing.state === 'running' && !isStalled(existing, now)) {
      throw new ConflictError(
        `A backfill of ${describeScope(scope)} is running (${existing.pages_done} pages done); GET /api/admin/backfill-bills/${id} shows its progress`,
        'backfill.running',
      );
    }
    if (existing.state === 'completed') {
      next = freshRun(id, scope, existing.run + 1, startedBy, now);
      action = 'restarted';
    } else {
      next = resumed(existing, now);
      action = 'resumed';
    }
    if (!(await replaceBackfill(next, existing)))
      throw new ConflictError(`The backfill of ${describeScope(scope)} changed meanwhile; ask again`, 'backfill.running');
  }
  // Should this send fail, the record is running with its page due now: the resumer picks it up once stalled.
  await queueBackfillPage(next, now);
  return { action, backfill: backfillView(next, now) };
}

/** One backfill's progress (404 for an id never started). */
export async function billBackfillStatus(id: string, now: Date): Promise<BackfillView> {
  if (BULK_IMPORT_ID_PATTERN.test(id)) return bulkImportStatus(id);
  const b = await getBackfill(id);
  if (!b) throw new NotFoundError(`No backfill ${id}`, 'backfill.not_found');
  return backfillView(b, now);
}

/** Every backfill, a page at a time, by id; the bulk imports (one per Congress at most) lead the first page. */
export async function listBillBackfills(paging: Paging, now: Date) {
  const page = await listBackfills(paging.limit, paging.cursor);
  const bulk = paging.cursor ? [] : await listBulkImportViews();
  return { items: [...bulk, ...page.items.map((b) => backfillView(b, now))], next_cursor: page.next_cursor };
}

/**
 * resume_bill_backfills: re-queues the page at the cursor of every running
 * backfill whose page is overdue with nobody holding it (its message was
 * lost, e.g. the worker died after recording a page and before queuing the
 * next). A duplicate this might create is harmless: a page is claimed by one
 * message at a time and the cursor moves once.
 */
export async function resumeStalledBackfills(now: Date) {
  const all = await allBackfills();
  const resumedIds: string[] = [];
  for (const b of all.filter((x) => isStalled(x, now))) {
    const next = resumed(b, now);
    if (!(await replaceBackfill(next, b))) continue;
    await queueBackfillPage(next, now);
    resumedIds.push(b.id);
  }
  return { backfills: all.length, running: all.filter((b) => b.state === 'running').length, resumed: resumedIds };
}
