/**
 * The dashboard feed item (docs/data-model.md P8a): per scored day, that
 * day's top bills (as the TRENDING#{date} listing has them), and the bills
 * with the newest latest action (as the BILLS listing has them). The scoring
 * job and the bill writers keep it current, so the dashboard answers Most
 * Popular from one GetItem instead of a Query per day of its look-back.
 *
 * It also carries the cards (summary fields) of the bills Most Popular shows
 * (P8b), so the dashboard needs no read of those bills. Two rules keep them:
 * every card on the feed is current (each write of a bill's summary fields
 * updates its card, if it has one, on the bill's summary version), and
 * after each write that may change what Most Popular shows, the bills it
 * shows get cards and the others lose theirs. A bill shown without a card
 * (the look-back windows move at midnight, before the next write) is read
 * from its record, so the answer never depends on the cards being there.
 */
import { newestRecent as newestOf, planBillIds, planTrending } from '#shared/domain/personal/trending-window.ts';
import { billCardAttributes, billCardFromItem } from './bill-card.ts';
import type { BillCard } from '#shared/domain/personal/bill-card.schema.ts';
import { batchGet, conditional } from './dynamo.ts';
import { cond, update } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { dashboardKeys } from './keys/dashboard.keys.ts';
import { rewriteVersioned, setMapEntry } from './versioned-item.ts';
import { DashboardFeed } from '#shared/domain/personal/dashboard-feed.schema.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

/** Days of scores kept: the longest look-back (30 days) and today. */
export const FEED_DAYS = 31;
/** Entries kept per day and in the recent list: the dashboard shows ten. */
export const FEED_SIZE = 10;
/** The recent map is trimmed back to FEED_SIZE once it holds this many entries. */
const RECENT_TRIM_AT = 40;

/** The feed (one GetItem); an empty one before anything was written. */
export async function readDashboardFeed(): Promise<DashboardFeed> {
  const out = await table.getItem({ Key: dashboardKeys.feed });
  return DashboardFeed().parse(out.Item ?? {});
}

/** Read, change and write the feed back on the version read (./versioned-item.ts). */
const rewriteFeed = (change: (feed: DashboardFeed) => DashboardFeed, attempts = 10) =>
  rewriteVersioned(
    dashboardKeys.feed,
    (item) => DashboardFeed().parse(item),
    (feed) => ({ ...entityTag('dashboard_feed'), ...change(feed) }),
    attempts,
  );

/** The newest FEED_SIZE entries of a recent map, newest first (ties by id, descending, as the BILLS listing sorts). */
export const newestRecent = (recent: Record<string, string>, size = FEED_SIZE): [string, string][] => newestOf(recent, size);

/**
 * Records scores of a day (the scoring job, after writing them): merged by bill with what the
 * day already holds, as the day's listing is, then cut to its top FEED_SIZE; days beyond FEED_DAYS are dropped.
 */
export async function recordTrendingDay(date: string, scored: { bill_id: string; score: number }[]): Promise<void> {
  if (scored.length === 0) return;
  const written = await rewriteFeed((feed) => {
    const merged = new Map((feed.trending_days[date] ?? []).map((e) => [e.bill_id, e]));
    for (const e of scored) merged.set(e.bill_id, { bill_id: e.bill_id, score: e.score });
    // The listing's order: score descending, then bill id descending (its sort key is "{score}#{bill_id}").
    const entries = [...merged.values()].sort((a, b) => b.score - a.score || b.bill_id.localeCompare(a.bill_id)).slice(0, FEED_SIZE);
    const days = { ...feed.trending_days, [date]: entries };
    const kept = Object.keys(days).sort().reverse().slice(0, FEED_DAYS);
    return { ...feed, trending_days: Object.fromEntries(kept.map((d) => [d, days[d] ?? []])) };
  });
  if (!written) throw new Error(`dashboard feed: trending day ${date} not recorded after retries`);
  await coverBillCards({ heal: true });
}

/**
 * Notes a bill's latest action date (every bill write that sets it). One
 * conditional UpdateItem: a bill older than the floor changes nothing; the
 * map is trimmed back to the newest FEED_SIZE once it grows past RECENT_TRIM_AT.
 */
export async function noteLatestAction(billId: string, latestActionDate: string | null): Promise<void> {
  if (!latestActionDate) return;
  const after = await setMapEntry({
    key: dashboardKeys.feed,
    map: 'recent',
    entry: billId,
    value: latestActionDate,
    condition: cond.or(cond.absent('recent_floor'), cond.eq('recent_floor', null), cond.lte('recent_floor', latestActionDate)),
    base: { ...entityTag('dashboard_feed') },
  });
  if (!after) return; // older than the floor
  const feed = DashboardFeed().parse(after);
  // Trimming only bounds the item; when writers race, a later write trims instead.
  if (Object.keys(feed.recent).length > RECENT_TRIM_AT) await rewriteFeed(trimRecent, 3);
  // Without current scores Most Popular is the newest bills, which this one may have joined; and the windows move at midnight.
  if (!cardsMatch(feed)) await coverBillCards({ known: feed });
}

/** Keeps the newest FEED_SIZE entries and raises the floor to the oldest of them. */
function trimRecent(feed: DashboardFeed): DashboardFeed {
  const kept = newestRecent(feed.recent);
  if (kept.length < FEED_SIZE) return feed;
  return { ...feed, recent: Object.fromEntries(kept), recent_floor: kept[kept.length - 1]?.[1] ?? null };
}

/** The bills Most Popular shows from this feed now (what the cards should cover). */
const shownBills = (feed: DashboardFeed, now: Date) => planBillIds(planTrending(feed, FEED_SIZE, now));

/** Whether the feed's cards are exactly those of the bills Most Popular shows now. */
function cardsMatch(feed: DashboardFeed, now = new Date()): boolean {
  const shown = new Set(shownBills(feed, now));
  const carded = Object.keys(feed.cards);
  return carded.length === shown.size && carded.every((id) => shown.has(id));
}

/**
 * Reads the cards of some bills from their records (one BatchGet; unknown
 * ids are absent), strongly consistent: the read after a card's arrival must
 * see every summary write made before it.
 */
async function readBillCards(ids: string[]): Promise<Map<string, BillCard>> {
  if (ids.length === 0) return new Map();
  const items = await batchGet(ids.map(billKeys.meta), [...billCardAttributes()], { consistent: true });
  return new Map(items.map((i) => [String(i.id), billCardFromItem(i)]));
}

/**
 * Gives the bills Most Popular shows now their cards, and drops the cards
 * of the others (after a write that may change what it shows, and migration
 * 0010); then reads the carded bills again and updates any card whose bill
 * moved on. That second read catches a summary write made between a card's
 * read and its arrival (it found no card to update), and with `heal` (the
 * daily scored day, migration 0010) it also puts right a card a crash left
 * behind, between a summary write and its card update, when the cards were
 * already those shown. Returns the number of cards added.
 */
export async function coverBillCards(options: { now?: Date; known?: DashboardFeed; heal?: boolean } = {}): Promise<number> {
  const { now = new Date(), known, heal = false } = options;
  const before = known ?? (await readDashboardFeed());
  const matched = cardsMatch(before, now);
  if (matched && !heal) return 0;
  const shown = shownBills(before, now);
  let cards = before.cards;
  let added = 0;
  const read = matched ? new Map<string, BillCard>() : await readBillCards(shown.filter((id) => !before.cards[id]));
  // Nothing to add or drop (a shown bill with no record has no card to have): no write.
  if (read.size > 0 || !Object.keys(before.cards).every((id) => shown.includes(id))) {
    const written = await rewriteFeed((feed) => {
      cards = {};
      added = 0;
      for (const id of shownBills(feed, now)) {
        const card = feed.cards[id] ?? read.get(id);
        if (card) cards[id] = card;
        if (!feed.cards[id] && card) added++;
      }
      return { ...feed, cards };
    }, 5);
    if (!written) return 0; // the feed's writers kept racing this one: the next write covers the cards
  }
  const current = await readBillCards(Object.keys(cards));
  for (const card of Object.values(cards)) {
    const stored = current.get(card.id);
    if (stored && stored.v > card.v) await noteBillCard(stored);
  }
  return added;
}

/**
 * Updates a bill's card on the feed after a write of its summary fields
 * (`card` made from the record as that write left it). One conditional
 * UpdateItem: nothing is written when the bill has no card or its card is
 * as new already. It raises the feed's version, so a rewrite that read the
 * feed before cannot put the older card back.
 */
export async function noteBillCard(card: BillCard): Promise<void> {
  await conditional(() =>
    table.updateItem({
      Key: dashboardKeys.feed,
      ...update(
        { setPaths: [[['cards', card.id], card]], add: { version: 1 } },
        cond.and(cond.exists(['cards', card.id]), cond.lt(['cards', card.id, 'v'], card.v)),
      ),
    }),
  );
}
