/**
 * The change feeds of GET /api/bills and GET /api/members (sort=updated_asc,
 * changed_since): the records in the order their content updated_at moved,
 * oldest first (docs/data-model.md B24, M13; docs/build-on-billwatch.md).
 * A feed is one Query on its index, so it takes no other filter: a bill
 * feed is one Congress's, a member feed everyone's.
 */
import { billView, memberView } from '#shared/domain/bills/bill-views.ts';
import { listBillChanges, listMemberChanges } from '#shared/adapters/db/change-feed.repository.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';

interface FeedQuery {
  changed_since?: string;
  limit: number;
  cursor?: string;
}

async function followedIds(userId: string | undefined, type: 'bill' | 'member'): Promise<Set<string>> {
  if (!userId) return new Set();
  return new Set((await listFollows(userId, type)).map((f) => f.target_id));
}

/** Refuses filters a feed cannot apply, naming them. */
function onlyFeedFilters(others: Record<string, unknown>, feed: string): void {
  const used = Object.entries(others)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (used.length === 0) return;
  throw new InvalidInputError(
    `The ${feed} change feed (sort=updated_asc or changed_since) takes no other filter; drop ${used.join(', ')}`,
    used.map((k) => ({ path: `query.${k}`, message: 'not applied by the change feed' })),
    'list.change_feed_filter',
  );
}

/** GET /api/bills?sort=updated_asc[&changed_since=]&congress=: one Congress's bills by content change. */
export async function billChangesView(congress: number | undefined, others: Record<string, unknown>, query: FeedQuery, userId?: string) {
  if (congress === undefined) {
    throw new InvalidInputError(
      'The bill change feed is kept per Congress: add congress (such as 119)',
      [{ path: 'query.congress', message: 'required with sort=updated_asc or changed_since' }],
      'list.change_feed_congress',
    );
  }
  onlyFeedFilters(others, 'bill');
  const [page, following] = await Promise.all([listBillChanges(congress, query.changed_since, query.limit, query.cursor), followedIds(userId, 'bill')]);
  return { items: page.items.map((b) => billView(b, userId ? { isFollowing: following.has(b.id) } : {})), next_cursor: page.next_cursor };
}

/** GET /api/members?sort=updated_asc[&changed_since=]: every member by content change. */
export async function memberChangesView(others: Record<string, unknown>, query: FeedQuery, userId?: string) {
  onlyFeedFilters(others, 'member');
  const [page, following] = await Promise.all([listMemberChanges(query.changed_since, query.limit, query.cursor), followedIds(userId, 'member')]);
  return { items: page.items.map((m) => memberView(m, userId ? { isFollowing: following.has(m.id) } : {})), next_cursor: page.next_cursor };
}
