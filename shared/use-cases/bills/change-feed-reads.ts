/**
 * The change feeds of GET /api/bills and GET /api/members (sort=updated_asc,
 * changed_since): the records in the order their content updated_at moved,
 * oldest first (docs/data-model.md B24, M13; docs/build-on-billwatch.md).
 * A feed reads its index only, so it takes no other filter: the bill feed
 * is every Congress's unless `congress` narrows it (API.md), the member
 * feed everyone's.
 */
import { billView, memberView } from '#shared/domain/bills/bill-views.ts';
import { listBillChanges, listBillChangesEveryCongress, listMemberChanges } from '#shared/adapters/db/change-feed.repository.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { FIRST_BACKFILL_CONGRESS } from '#shared/domain/bills/bill-backfill.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { onlyFeedFilters } from './feed-filters.ts';

interface FeedQuery {
  changed_since?: string;
  limit: number;
  cursor?: string;
}

async function followedIds(userId: string | undefined, type: 'bill' | 'member'): Promise<Set<string>> {
  if (!userId) return new Set();
  return new Set((await listFollows(userId, type)).map((f) => f.target_id));
}

/** Every Congress the feed can hold bills of: the first a backfill reaches to the one sitting now (and the next, when it meets early). */
const feedCongresses = (now: Date): number[] =>
  Array.from({ length: congressForDate(now) + 1 - FIRST_BACKFILL_CONGRESS + 1 }, (_, i) => FIRST_BACKFILL_CONGRESS + i);

/** GET /api/bills?sort=updated_asc[&changed_since=][&congress=]: the bills of every Congress, or of one, by content change. */
export async function billChangesView(congress: number | undefined, others: Record<string, unknown>, query: FeedQuery, userId?: string, now = new Date()) {
  onlyFeedFilters(others, 'bill');
  const [page, following] = await Promise.all([
    congress === undefined
      ? listBillChangesEveryCongress(feedCongresses(now), query.changed_since, query.limit, query.cursor)
      : listBillChanges(congress, query.changed_since, query.limit, query.cursor),
    followedIds(userId, 'bill'),
  ]);
  return { items: page.items.map((b) => billView(b, userId ? { isFollowing: following.has(b.id) } : {})), next_cursor: page.next_cursor };
}

/** GET /api/members?sort=updated_asc[&changed_since=]: every member by content change. */
export async function memberChangesView(others: Record<string, unknown>, query: FeedQuery, userId?: string) {
  onlyFeedFilters(others, 'member');
  const [page, following] = await Promise.all([listMemberChanges(query.changed_since, query.limit, query.cursor), followedIds(userId, 'member')]);
  return { items: page.items.map((m) => memberView(m, userId ? { isFollowing: following.has(m.id) } : {})), next_cursor: page.next_cursor };
}
