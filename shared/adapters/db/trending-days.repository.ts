/**
 * Reads of the stored daily trend scores (data-model B14): the scoring job
 * (trends.repository.ts) writes BILL#{id} / TREND#{date} items carrying
 * gsi1 TRENDING#{date} / {score}#{bill_id}. The dashboard reads the top of a
 * day's partition; this file only reads, it never writes scores.
 */
import { INDEX } from './table.ts';
import { queryPage, indexPartition } from './dynamo.ts';
import { trendKeys } from './keys/trend.keys.ts';

export interface TrendingEntry {
  bill_id: string;
  score: number;
  date: string;
}

/** The highest-scoring bills of one day (one Query on gsi1, newest-highest first). */
export async function topTrendingForDay(date: string, limit: number): Promise<TrendingEntry[]> {
  const page = await queryPage({
    ...indexPartition(trendKeys.trending.index, trendKeys.trending.partition(date)),
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.flatMap((item) => {
    // The sort key is "{score}#{bill_id}"; prefer explicit attributes when the writer stores them.
    const fromKey = trendKeys.trending.parseSortKey(String(item[INDEX[trendKeys.trending.index].sk] ?? ''));
    const billId = typeof item.bill_id === 'string' ? item.bill_id : (fromKey?.bill_id ?? '');
    const score = typeof item.score === 'number' ? item.score : (fromKey?.score ?? NaN);
    return billId && Number.isFinite(score) ? [{ bill_id: billId, score, date }] : [];
  });
}
