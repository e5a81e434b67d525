/**
 * The read use cases of the Bills endpoints. Each takes validated input and
 * returns the reply body; unknown bills are 404s. The votes view queues the
 * bill's vote fetch on its first view and shows the positions of the members
 * the caller follows.
 */
import { diffTextVersions } from '#shared/domain/briefs/section-diff.ts';
import { listActions, listActionsPage } from '#shared/adapters/db/actions.repository.ts';
import { getBillPartition } from '#shared/adapters/db/bill-detail.repository.ts';
import { listBills, type BillFilters } from '#shared/adapters/db/bill-listing.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { listCosponsors } from '#shared/adapters/db/cosponsors.repository.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { getStoredText, listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { claimVoteFetch, getVoteFetch, listBillVotes, listRollCallPositions, reclaimVoteFetch } from '#shared/adapters/db/votes.repository.ts';
import { missingVotes, voteFetchState } from '#shared/domain/votes/vote-fetch.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { queueBillNewsIfWanted } from '#shared/use-cases/news/news-fetch-rule.ts';
import { logger } from '#shared/platform/logger.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { actionView, billView, reintroductionView, relatedBillView, textVersionView } from '#shared/domain/bills/bill-views.ts';

const billNotFound = (id: string) => new NotFoundError(`No bill ${id}`, 'bill.not_found');

async function followedIds(userId: string | undefined, type: 'bill' | 'member'): Promise<Set<string>> {
  if (!userId) return new Set();
  return new Set((await listFollows(userId, type)).map((f) => f.target_id));
}

/** GET /api/bills: filtered, newest action first, each with has_document (and is_following for users). */
export async function listBillsView(filters: BillFilters, paging: { limit: number; cursor?: string }, userId?: string) {
  const [page, following] = await Promise.all([listBills(filters, paging.limit, paging.cursor), followedIds(userId, 'bill')]);
  return { items: page.items.map((b) => billView(b, userId ? { isFollowing: following.has(b.id) } : {})), next_cursor: page.next_cursor };
}

/** GET /api/bills/{id}: the bill, its sponsor, status timeline, related bills, reintroductions, CRS summaries, subjects, laws, latest brief and counts, from one Query; may queue a background news fetch. */
export async function billDetailView(billId: string, userId?: string) {
  const [partition, following] = await Promise.all([getBillPartition(billId), followedIds(userId, 'bill')]);
  if (!partition) throw billNotFound(billId);
  const { bill, latestBrief, textVersions, counts, related, summaries, facts } = partition;
  // The read never fails for the news rule; a missed queue is retried by a later view or the fetch_news run.
  await queueBillNewsIfWanted(bill.id, counts.news).catch((err: unknown) =>
    logger.warn('bill view: news fetch rule failed', { id: bill.id, error: (err as Error).message }),
  );
  return {
    ...billView(bill, { hasText: textVersions.length > 0, ...(userId ? { isFollowing: following.has(bill.id) } : {}) }),
    status_timeline: bill.status_timeline,
    related_bills: related.related.map(relatedBillView),
    reintroduction_of: related.reintroductionOf ? reintroductionView(related.reintroductionOf.earlier, related.reintroductionOf) : null,
    reintroduced_as: related.reintroducedAs.map((r) => reintroductionView(r.later, r)),
    crs_summaries: summaries,
    subjects: facts?.subjects ?? [],
    laws: facts?.laws ?? [],
    committee_reports: facts?.committee_reports ?? [],
    latest_brief: latestBrief,
    text_versions: textVersions.map(textVersionView),
    counts,
  };
}

/** GET /api/bills/{id}/actions: the timeline, newest first. */
export async function actionsView(billId: string, paging: { limit: number; cursor?: string }) {
  const page = await listActionsPage(billId, paging.limit, paging.cursor);
  if (page.items.length === 0 && !paging.cursor && !(await getBill(billId))) throw billNotFound(billId);
  return { items: page.items.map(actionView), next_cursor: page.next_cursor };
}

/** GET /api/bills/{id}/text: the versions; with a version, its text (and the section diff against the previous one). */
export async function textView(billId: string, version?: string) {
  const versions = await listTextVersions(billId);
  if (!version) {
    if (versions.length === 0 && !(await getBill(billId))) throw billNotFound(billId);
    return { items: versions.map(textVersionView), next_cursor: null };
  }
  const index = versions.findIndex((v) => v.version_code === version);
  const current = versions[index];
  if (!current) throw new NotFoundError(`Bill ${billId} has no text version ${version}`, 'bill.text_not_found');
  const previous = index > 0 ? versions[index - 1] : undefined;
  const [stored, previousStored] = await Promise.all([getStoredText(current), previous ? getStoredText(previous) : Promise.resolve(null)]);
  if (stored === null) throw new NotFoundError(`The text of ${billId} version ${version} is not stored`, 'bill.text_not_found');
  return {
    ...textVersionView(current),
    bill_id: billId,
    // Exactly the stored text: the offsets of every brief citation of this version index it.
    text: stored.text,
    previous_version_code: previous?.version_code ?? null,
    diff: previousStored !== null ? diffTextVersions(previousStored, stored) : null,
  };
}

/** GET /api/bills/{id}/cosponsors. */
export async function cosponsorsView(billId: string) {
  const items = await listCosponsors(billId);
  if (items.length === 0 && !(await getBill(billId))) throw billNotFound(billId);
  return { items, next_cursor: null };
}

/**
 * GET /api/bills/{id}/votes: roll calls with counts and the caller's followed
 * members' positions; the recorded votes the actions name whose roll call is
 * not stored, each with why (not fetched yet, not in the offline data, its
 * source failed); and what became of the vote fetch. A view of a bill whose
 * votes were never fetched queues the fetch once, and so does the first view
 * after a fetch that never tried a recorded vote the actions now name.
 */
export async function votesView(billId: string, userId?: string, now = new Date()) {
  const [bill, votes, followed, actions, record] = await Promise.all([
    getBill(billId),
    listBillVotes(billId),
    followedIds(userId, 'member'),
    listActions(billId),
    getVoteFetch(billId),
  ]);
  if (!bill) throw billNotFound(billId);
  const storedIds = new Set(votes.map((v) => v.vote_id));
  // A fetch that ran before an action naming a roll call was stored never tried it: asked again, once per run.
  // What the last run said of each is kept by a new request too, so this list is the answer's whether or not one is queued.
  const missing = missingVotes(actions, storedIds, record);
  const lastRun = record?.checked_at ?? null;
  const untried = lastRun !== null && missing.some((m) => m.reason === 'not_fetched');
  let queued = false;
  if ((!record && (await claimVoteFetch(billId, now))) || (lastRun && untried && (await reclaimVoteFetch(billId, lastRun, now)))) {
    try {
      await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_votes', bill_id: billId });
      queued = true;
    } catch (err) {
      // The view still answers; the nightly action fetch queues votes for new recorded votes anyway.
      logger.warn('votes view: vote fetch not queued', { billId, error: (err as Error).message });
    }
  }
  const asked = { requested_at: now.toISOString(), checked_at: record?.checked_at ?? null, missing: record?.missing ?? [] };
  const stored = queued ? asked : record;
  const memberIds = [...followed];
  const items = await Promise.all(
    votes.map(async ({ provenance, ...v }) => ({
      ...v,
      data_as_of: provenance.fetched_at,
      followed_positions: memberIds.length
        ? (await listRollCallPositions(v.vote_id, memberIds)).map((p) => ({
            member_id: p.member_id,
            name: p.name,
            title: v.chamber === 'senate' ? ('Sen.' as const) : ('Rep.' as const),
            party: p.party,
            state: p.state,
            position: p.position,
          }))
        : [],
    })),
  );
  return {
    items,
    next_cursor: null,
    vote_fetch_queued: queued,
    vote_fetch: { state: voteFetchState(stored, now), requested_at: stored?.requested_at ?? null, checked_at: stored?.checked_at ?? null },
    missing_votes: missing,
  };
}
