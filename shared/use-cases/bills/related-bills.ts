/**
 * Related and reintroduced bills (issue 14): a bill that dies at the end of
 * a Congress usually comes back in a later one, and its followers should not
 * lose it.
 *   - fetchBillRelated (ingest task fetch_bill_related): stores the related
 *     bills Congress.gov lists for a bill (identical, companion, procedurally
 *     related), each pair on both bills, and takes an "Identical bill" of
 *     another Congress as a reintroduction.
 *   - afterBillDetail (run by the bill-detail task, once the sponsor is
 *     linked): queues fetch_bill_related when the detail's related-bills
 *     count differs from the one stored, writes this bill's side of pairs
 *     other bills listed first, and looks for reintroductions by title and
 *     sponsor (shared/domain/bills/reintroduction.ts).
 *   - A reintroduction found for the first time moves the follows of users
 *     who opted in (follow_reintroductions: the later bill is followed with
 *     the same stance, the earlier follow kept), then tells the earlier
 *     bill's followers (a `reintroduced` event with a one-tap follow).
 * Every step is idempotent: relationship sets merge, the reintroduction is
 * claimed once per later bill by condition, follows are created by
 * condition, and the event id is fixed by the pair.
 */
import { getBill, getBills } from '#shared/adapters/db/bills.repository.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { createFollow, followersOf } from '#shared/adapters/db/follows.repository.ts';
import { getNotifiableUsers } from '#shared/adapters/db/notification-prefs.repository.ts';
import {
  billsNaming,
  billsOfSponsor,
  billsWithTitle,
  getRelatedCount,
  markReintroductionAnnounced,
  putTitleFingerprint,
  recordReintroduction,
  saveRelatedBills,
  setRelatedCount,
  type BillSummary,
} from '#shared/adapters/db/related-bills.repository.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { parseBillId } from '#shared/domain/bills/bill-id.ts';
import { IDENTICAL_BILL } from '#shared/domain/bills/related-bills.ts';
import {
  pickPredecessor,
  reintroductionReason,
  sponsorWindows,
  type ReintroductionReason,
  type ReintroductionSubject,
} from '#shared/domain/bills/reintroduction.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import * as congress from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import type { BillDetail } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { relatedBillsCount, relatedBillsFromProvider } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';

const summary = (b: Bill): BillSummary => ({ bill_id: b.id, congress: b.congress, label: b.label, title: b.title });
const subject = (b: Bill): ReintroductionSubject => ({ id: b.id, congress: b.congress, title: b.title, sponsor_id: b.sponsor_id });

/** The deterministic id of a reintroduced event: one per (earlier, later) pair. */
export const reintroducedEventId = (earlierId: string, laterId: string) => `reintroduced:${earlierId}:${laterId}`;

/** The ingest task: a bill's related bills from Congress.gov, stored on both bills of each pair. */
export async function fetchBillRelated(billId: string, now: Date) {
  if (!(await getDataSources()).congress_api.enabled) return { bill_id: billId, skipped: disabledByAdmin('congress_api') };
  const bill = await getBill(billId);
  if (!bill) return { bill_id: billId, skipped: 'unknown bill' };
  const { congress: c, type, number } = parseBillId(billId);
  const listed = await congress.getBillRelatedBills(c, type, number);
  const entries = relatedBillsFromProvider(listed).filter((e) => e.bill_id !== billId);
  const stored = new Map((await getBills(entries.map((e) => e.bill_id))).map((b) => [b.id, b]));
  await saveRelatedBills(summary(bill), entries, new Set(stored.keys()), now.toISOString());
  // An identical bill of another Congress is the same bill reintroduced (both must be stored to be followed and shown).
  let reintroductions = 0;
  for (const e of entries) {
    const other = stored.get(e.bill_id);
    if (!other || other.congress === bill.congress || !e.relationships.some((r) => r.type === IDENTICAL_BILL)) continue;
    const [earlier, later] = other.congress < bill.congress ? [other, bill] : [bill, other];
    if (await linkReintroduction(earlier, later, 'identical_bill', now)) reintroductions++;
  }
  await setRelatedCount(billId, listed.length, now.toISOString());
  return { bill_id: billId, related: entries.length, reintroductions };
}

/**
 * After the bill-detail task: the related-bills fetch when the count moved,
 * this bill's side of pairs listed from other bills, and reintroductions.
 */
export async function afterBillDetail(billId: string, detail: BillDetail, now: Date) {
  const bill = await getBill(billId);
  if (!bill) return { related_fetch_queued: false, reintroductions: 0 };
  const count = relatedBillsCount(detail);
  const queued = count !== ((await getRelatedCount(billId)) ?? 0);
  if (queued) await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_related', bill_id: billId });
  await mirrorPairsNamingBill(bill, now);
  return { related_fetch_queued: queued, reintroductions: await detectReintroductions(bill, now) };
}

/** Writes this bill's side of the pairs that bills stored earlier listed (B21a), for pairs Congress.gov lists one way only. */
async function mirrorPairsNamingBill(bill: Bill, now: Date): Promise<void> {
  const naming = await billsNaming(bill.id);
  if (naming.length === 0) return;
  const namers = new Map((await getBills(naming.map((n) => n.bill_id))).map((b) => [b.id, b]));
  for (const n of naming) {
    const namer = namers.get(n.bill_id);
    if (!namer) continue;
    await saveRelatedBills(
      summary(bill),
      [{ bill_id: namer.id, congress: namer.congress, label: namer.label, title: namer.title, relationships: n.relationships }],
      new Set(),
      now.toISOString(),
    );
  }
}

/**
 * Writes the bill's title fingerprint and links it to the bill it
 * reintroduces and to bills of later Congresses that reintroduce it (either
 * may be stored first). Returns how many links it recorded now.
 */
export async function detectReintroductions(bill: Bill, now: Date): Promise<number> {
  const self = subject(bill);
  await putTitleFingerprint(self);
  const windows = bill.introduced_date ? sponsorWindows(bill.introduced_date) : null;
  const sponsor = bill.sponsor_id;
  const [sameTitle, ...sameSponsor] = await Promise.all([
    billsWithTitle(bill.title),
    ...(sponsor && windows ? [billsOfSponsor(sponsor, windows.before[0], windows.before[1]), billsOfSponsor(sponsor, windows.after[0], windows.after[1])] : []),
  ]);
  const candidates = [...new Map([...sameTitle, ...sameSponsor.flat()].filter((c) => c.id !== bill.id).map((c) => [c.id, c])).values()];
  let linked = 0;
  const predecessor = pickPredecessor(self, candidates);
  if (predecessor && (await linkReintroduction(predecessor.bill, self, predecessor.reason, now))) linked++;
  for (const later of candidates) {
    const reason = reintroductionReason(self, later);
    if (reason && (await linkReintroduction(self, later, reason, now))) linked++;
  }
  return linked;
}

/**
 * Records `later` as the reintroduction of `earlier` unless the later bill
 * already has one (the first found wins), then announces it once. True when
 * this call recorded or finished announcing it.
 */
async function linkReintroduction(earlier: ReintroductionSubject, later: ReintroductionSubject, reason: ReintroductionReason, now: Date): Promise<boolean> {
  const bills = new Map((await getBills([earlier.id, later.id])).map((b) => [b.id, b]));
  const e = bills.get(earlier.id);
  const l = bills.get(later.id);
  if (!e || !l) return false;
  const { created, stored } = await recordReintroduction({ earlier: summary(e), later: summary(l), reason, detected_at: now.toISOString() });
  // Another earlier bill was linked first, or a run before this one finished the announcement.
  if (stored.earlier.bill_id !== e.id || stored.announced_at) return created;
  await announceReintroduction(stored.earlier, stored.later, now);
  return true;
}

/**
 * Moves the follows of the earlier bill's followers who opted in (same
 * stance; a follow of the later bill they already have is left as it is),
 * then queues the `reintroduced` event for the earlier bill's followers.
 * The earlier follow is kept: its history stays in the user's list, and
 * unfollowing is the user's call.
 */
async function announceReintroduction(earlier: BillSummary, later: BillSummary, now: Date): Promise<void> {
  const followers = await followersOf('bill', earlier.bill_id);
  if (followers.length > 0) {
    const users = await getNotifiableUsers(followers.map((f) => f.user_id));
    for (const f of followers) {
      if (!users.get(f.user_id)?.prefs.follow_reintroductions) continue;
      await createFollow({ userId: f.user_id, targetType: 'bill', targetId: later.bill_id, followMode: f.follow_mode ?? 'neutral', now: now.toISOString() });
    }
  }
  const event: BillEvent = {
    v: 1,
    type: 'bill_event',
    event_id: reintroducedEventId(earlier.bill_id, later.bill_id),
    kind: 'reintroduced',
    bill_id: earlier.bill_id,
    action_category: 'reintroduced',
    occurred_at: now.toISOString(),
    reintroduced_as: later,
  };
  await sendMessage('notification-dispatch', event);
  await markReintroductionAnnounced(later.bill_id, now.toISOString());
}
