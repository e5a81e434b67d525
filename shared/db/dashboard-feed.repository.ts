/**
 * The dashboard feed item (docs/data-model.md P8a): per scored day, that
 * day's top bills (as the TRENDING#{date} listing has them), and the bills
 * with the newest latest action (as the BILLS listing has them). The scoring
 * job and the bill writers keep it current, so the dashboard answers Most
 * Popular from one GetItem instead of a Query per day of its look-back.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { dashboardKeys } from './keys/dashboard.keys.ts';
import { tableName } from './table.ts';
import { rewriteVersioned, setMapEntry } from './versioned-item.ts';

/** Days of scores kept: the longest look-back (30 days) and today. */
export const FEED_DAYS = 31;
/** Entries kept per day and in the recent list: the dashboard shows ten. */
export const FEED_SIZE = 10;
/** The recent map is trimmed back to FEED_SIZE once it holds this many entries. */
const RECENT_TRIM_AT = 40;

const Entry = z.object({ bill_id: z.string(), score: z.number() });
export const DashboardFeed = z.object({
  /** YYYY-MM-DD → that day's top bills, highest score first. */
  trending_days: z.record(z.string(), z.array(Entry)).default({}),
  /** bill id → its latest action date: a superset of the newest FEED_SIZE (trimmed now and then). */
  recent: z.record(z.string(), z.string()).default({}),
  /** The latest action date a bill needs to enter `recent` (the oldest date kept at the last trim). */
  recent_floor: z.string().nullable().default(null),
  version: z.number().int().default(0),
});
export type DashboardFeed = z.infer<typeof DashboardFeed>;

/** The feed (one GetItem); an empty one before anything was written. */
export async function readDashboardFeed(): Promise<DashboardFeed> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: dashboardKeys.feed }));
  return DashboardFeed.parse(out.Item ?? {});
}

/** Read, change and write the feed back on the version read (./versioned-item.ts). */
const rewriteFeed = (change: (feed: DashboardFeed) => DashboardFeed, attempts = 10) =>
  rewriteVersioned(
    dashboardKeys.feed,
    (item) => DashboardFeed.parse(item),
    (feed) => ({ entity: 'dashboard_feed', ...change(feed) }),
    attempts,
  );

/** The newest FEED_SIZE entries of a recent map, newest first (ties by id, descending, as the BILLS listing sorts). */
export function newestRecent(recent: Record<string, string>, size = FEED_SIZE): [string, string][] {
  return Object.entries(recent)
    .sort(([a, da], [b, db]) => (da === db ? b.localeCompare(a) : db.localeCompare(da)))
    .slice(0, size);
}

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
    condition: { expression: 'attribute_not_exists(recent_floor) OR recent_floor = :null OR recent_floor <= :value', values: { ':null': null } },
    base: { entity: 'dashboard_feed' },
  });
  if (!after) return; // older than the floor
  // Trimming only bounds the item; when writers race, a later write trims instead.
  if (Object.keys(DashboardFeed.parse(after).recent).length > RECENT_TRIM_AT) await rewriteFeed(trimRecent, 3);
}

/** Keeps the newest FEED_SIZE entries and raises the floor to the oldest of them. */
function trimRecent(feed: DashboardFeed): DashboardFeed {
  const kept = newestRecent(feed.recent);
  if (kept.length < FEED_SIZE) return feed;
  return { ...feed, recent: Object.fromEntries(kept), recent_floor: kept[kept.length - 1]?.[1] ?? null };
}
