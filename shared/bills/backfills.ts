/**
 * The nightly action fetch and the admin backfills: each walks bills through
 * an index (never a Scan) and queues per-bill ingest tasks, so the heavy work
 * runs in the ingest-tasks worker, idempotently.
 */
import { listBillsByLatestAction, listBillsMissing, type MissingKind } from '#shared/db/bills.repository.ts';
import type { IngestTaskMessage } from '#shared/messaging/messages.ts';
import { sendMessages } from '#shared/messaging/send.ts';

const PAGE = 100;
export const ACTIVE_BILL_DAYS = 30;

type BillTask = Exclude<IngestTaskMessage['type'], 'enrich_member' | 'fetch_member_news'>;

async function queueForBills(type: BillTask, since?: string): Promise<number> {
  let cursor: string | undefined;
  let queued = 0;
  do {
    const page = await listBillsByLatestAction({ limit: PAGE, cursor, since });
    if (page.items.length)
      await sendMessages(
        'ingest-tasks',
        page.items.map((b) => ({ v: 1 as const, type, bill_id: b.id })),
      );
    queued += page.items.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return queued;
}

async function queueForMissing(what: MissingKind, type: BillTask): Promise<number> {
  let cursor: string | undefined;
  let queued = 0;
  do {
    const page = await listBillsMissing(what, PAGE, cursor);
    if (page.items.length)
      await sendMessages(
        'ingest-tasks',
        page.items.map((id) => ({ v: 1 as const, type, bill_id: id })),
      );
    queued += page.items.length;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return queued;
}

/** fetch_actions_for_active_bills: bills with an action in the last 30 days. */
export async function fetchActionsForActiveBills(now: Date) {
  const since = new Date(now.getTime() - ACTIVE_BILL_DAYS * 86400_000).toISOString().slice(0, 10);
  return { since, queued: await queueForBills('fetch_bill_actions', since) };
}

/** backfill-all-actions: every bill, without a date filter. */
export const backfillAllActions = async () => ({ queued: await queueForBills('fetch_bill_actions') });
/** backfill-cosponsors: every bill. */
export const backfillCosponsors = async () => ({ queued: await queueForBills('fetch_bill_cosponsors') });
/** backfill-sponsors: bills still missing a sponsor (the bill detail links it). */
export const backfillSponsors = async () => ({ queued: await queueForMissing('sponsor', 'fetch_sponsor_for_bill') });
/** backfill-dates-links: bills missing an introduced date or congress.gov link (the bill detail fills them). */
export const backfillDatesLinks = async () => ({ queued: await queueForMissing('metadata', 'fetch_sponsor_for_bill') });
