/**
 * When a read asks for a background news fetch. A bill detail read does when
 * the bill has no stored articles and its latest trend score counted
 * news-search articles (gnews_count > 0: there is news to find); a member's
 * news read does on every read. A claim (6 hours) keeps repeated views from
 * queueing the same fetch again. Kept apart from the news clients so the
 * bills function does not bundle them.
 */
import { claimNewsFetch, latestGnewsCount, type NewsOwner } from '#shared/adapters/db/news.repository.ts';
import { logger } from '#shared/platform/logger.ts';
import type { IngestTaskMessage } from '#shared/adapters/messaging/messages.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';

/** How long one queued background fetch holds before a view may queue another. */
export const NEWS_CLAIM_SECONDS = 6 * 3600;

/** Claims and queues a background fetch; false when a claim holds or the queue refused (logged, never fails the read). */
export async function queueNewsFetch(owner: NewsOwner, message: IngestTaskMessage, now: Date): Promise<boolean> {
  if (!(await claimNewsFetch(owner, NEWS_CLAIM_SECONDS, now))) return false;
  try {
    await sendMessage('ingest-tasks', message);
    return true;
  } catch (err) {
    logger.warn('news fetch not queued', { owner: `${owner.kind}:${owner.id}`, error: (err as Error).message });
    return false;
  }
}

/** The bill detail rule: queue a news fetch when no articles are stored and the latest trend score has gnews_count > 0. */
export async function queueBillNewsIfWanted(billId: string, storedArticles: number, now = new Date()): Promise<boolean> {
  if (storedArticles > 0 || (await latestGnewsCount(billId)) <= 0) return false;
  return queueNewsFetch({ kind: 'bill', id: billId }, { v: 1, type: 'fetch_bill_news', bill_id: billId }, now);
}
