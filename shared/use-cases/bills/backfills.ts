/**
 * The nightly action fetch and the admin backfills: each walks bills through
 * an index (never a Scan) and queues per-bill ingest tasks, so the heavy work
 * runs in the ingest-tasks worker, idempotently. Every task they queue reads
 * Congress.gov, so while an admin has it switched off they queue nothing and
 * say why (the tasks would only be skipped).
 */
import { listBillsByLatestAction, listBillsMissing, type MissingKind } from '#shared/adapters/db/bills.repository.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import { activeSince } from '#shared/domain/bills/active-bills.ts';
import type { IngestTaskMessage } from '#shared/adapters/messaging/messages.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';

const PAGE = 100;

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

/** Runs `work` unless Congress.gov is switched off, in which case the run says so and queues nothing. */
async function whileCongressOn<T extends Record<string, unknown>>(work: () => Promise<T>): Promise<T | { skipped: true; reason: string; queued: 0 }> {
  if (!(await getDataSources()).congress_api.enabled) return { skipped: true, reason: disabledByAdmin('congress_api'), queued: 0 };
  return work();
}

/** fetch_actions_for_active_bills: bills with an action in the last ACTIVE_BILL_DAYS (30). */
export async function fetchActionsForActiveBills(now: Date) {
  const since = activeSince(now);
  return whileCongressOn(async () => ({ since, queued: await queueForBills('fetch_bill_actions', since) }));
}

/** backfill-all-actions: every bill, without a date filter. */
export const backfillAllActions = () => whileCongressOn(async () => ({ queued: await queueForBills('fetch_bill_actions') }));
/** backfill-cosponsors: every bill. */
export const backfillCosponsors = () => whileCongressOn(async () => ({ queued: await queueForBills('fetch_bill_cosponsors') }));
/** backfill-sponsors: bills still missing a sponsor (the bill detail links it). */
export const backfillSponsors = () => whileCongressOn(async () => ({ queued: await queueForMissing('sponsor', 'fetch_sponsor_for_bill') }));
/** backfill-dates-links: bills missing an introduced date or congress.gov link (the bill detail fills them). */
export const backfillDatesLinks = () => whileCongressOn(async () => ({ queued: await queueForMissing('metadata', 'fetch_sponsor_for_bill') }));
