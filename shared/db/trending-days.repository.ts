/**
 * Reads of the stored daily trend scores (data-model B14): the scoring job
 * (trends.repository.ts) writes BILL#{id} / TREND#{date} items carrying
 * gsi1 TRENDING#{date} / {score}#{bill_id}. The dashboard reads the top of a
 * day's partition; this file only reads, it never writes scores.
 */
import { INDEX } from './table.ts';
import { queryPage, indexPartition } from './dynamo.ts';

export interface TrendingEntry {
  bill_id: string;
  score: number;
  date: string;
}

/** The highest-scoring bills of one day (one Query on gsi1, newest-highest first). */
export async function topTrendingForDay(date: string, limit: number): Promise<TrendingEntry[]> {
  const page = await queryPage({
    ...indexPartition('gsi1', `TRENDING#${date}`),
    ScanIndexForward: false,
    Limit: limit,
  });
  return page.items.flatMap((item) => {
    // The sort key is "{score}#{bill_id}"; prefer explicit attributes when the writer stores them.
    const sortKey = String(item[INDEX.gsi1.sk] ?? '');
    const hash = sortKey.indexOf('#');
    const billId = typeof item.bill_id === 'string' ? item.bill_id : hash > 0 ? sortKey.slice(hash + 1) : '';
    const score = typeof item.score === 'number' ? item.score : Number(hash > 0 ? sortKey.slice(0, hash) : NaN);
    return billId && Number.isFinite(score) ? [{ bill_id: billId, score, date }] : [];
  });
}
