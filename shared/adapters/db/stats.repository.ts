/**
 * Processing statistics for GET /api/admin/stats: one counters item
 * (STATS / COUNTERS) that every writer updates with ADD, so concurrent
 * workers never lose an increment and reading the stats is one GetItem.
 */
import { statsKeys } from './keys/stats.keys.ts';
import { update } from './expressions.ts';
import * as table from './table-client.ts';

export const STAT_NAMES = [
  'total_bills',
  'documents_fetched',
  'briefs_full',
  'briefs_amendment',
  'uncited_briefs',
  'withheld_points',
  'unlabeled_briefs',
  'bills_missing_sponsor',
  'bills_missing_metadata',
] as const;
export type StatName = (typeof STAT_NAMES)[number];
export type Stats = Record<StatName, number>;

/** The ADD of some non-zero deltas to the counters, as UpdateItem parameters. */
function addition(entries: [StatName, number][]) {
  return {
    Key: statsKeys.counters,
    ...update({ add: Object.fromEntries(entries) }),
  };
}

const nonZero = (delta: Partial<Record<StatName, number>>) => Object.entries(delta).filter(([, v]) => typeof v === 'number' && v !== 0) as [StatName, number][];

/** Adds each delta to its counter in one UpdateItem (zero deltas are skipped). */
export async function incrementStats(delta: Partial<Record<StatName, number>>): Promise<void> {
  const entries = nonZero(delta);
  if (entries.length === 0) return;
  await table.updateItem(addition(entries));
}

/** The same increment as an item of a TransactWriteItems, so a count moves with the change it counts (at least one delta must be non-zero). */
export function statsIncrement(delta: Partial<Record<StatName, number>>) {
  const entries = nonZero(delta);
  if (entries.length === 0) throw new Error('statsIncrement needs a non-zero delta');
  return { Update: addition(entries) };
}

/** Every counter, zero when never incremented. */
export async function getStats(): Promise<Stats> {
  const out = await table.getItem({ Key: statsKeys.counters });
  return Object.fromEntries(STAT_NAMES.map((n) => [n, Number(out.Item?.[n] ?? 0)])) as Stats;
}
