/**
 * Requests for a bill's news fetch, made after each new brief (realtime or
 * batch): an outbox the news fetcher drains. One pending request per bill,
 * marker BILL#{id} / NEWSREQUEST with a sparse gsi3 listing
 * NEWS_REQUESTS / {requested_at}#{bill_id}; asking again keeps the first
 * request time, so a redelivered brief message writes nothing new.
 */
import { queryPage, type Page, indexPartition } from './dynamo.ts';
import { newsKeys } from './keys/news.keys.ts';
import { INDEX } from './table.ts';
import { NewsRequest } from '#shared/domain/news/news-request.schema.ts';
import { expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

const listing = newsKeys.requests;

/** Records that a bill's news should be fetched; idempotent while the request is pending. */
export async function requestNewsFetch(billId: string, reason: string, now = new Date()): Promise<void> {
  await table.updateItem({
    Key: newsKeys.request(billId),
    ...expressions({
      update: {
        set: { ...entityTag('news_request'), bill_id: billId, [INDEX[listing.index].pk]: listing.partition },
        setIfNotExists: { requested_at: now.toISOString(), reason, [INDEX[listing.index].sk]: listing.sortKey(billId, now.toISOString()) },
      },
    }),
  });
}

/** Pending news requests, oldest first, a page at a time (for the news fetcher). */
export async function listNewsRequests(limit: number, cursor?: string): Promise<Page<NewsRequest>> {
  const page = await queryPage(
    {
      ...indexPartition(listing.index, listing.partition),
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map((i) => NewsRequest().parse(i)), next_cursor: page.next_cursor };
}

/** Marks a request done (the fetcher calls this after storing the bill's articles). */
export async function completeNewsRequest(billId: string): Promise<void> {
  await table.deleteItem({ Key: newsKeys.request(billId) });
}
