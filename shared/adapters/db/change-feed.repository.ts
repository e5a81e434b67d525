/**
 * The change feeds (docs/data-model.md B24, M13): bills of one Congress, and
 * members, in the order their content last changed, oldest change first. One
 * Query on the changeFeed index, from just after `since` when given; the
 * cursor is the listing's opaque cursor, so a crawler resumes exactly where a
 * page ended (and can also resume later with changed_since = the last
 * updated_at it saw). A record that changes again during a crawl moves to the
 * end of the feed, where the crawl meets it again.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { billFromItem } from './bills.repository.ts';
import { memberFromItem } from './members.repository.ts';
import { queryPage, type Item, type Page } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { query } from './expressions.ts';

// '~' sorts after every character of a bill or member id, so `{since}#~` is past every item changed exactly at `since`.
const AFTER_ALL_IDS = '~';

async function feedPage(partition: string, since: string | undefined, limit: number, cursor?: string): Promise<Page<Item>> {
  return queryPage(
    {
      ...query({ index: 'changeFeed', pk: partition, skAfter: since ? `${since}#${AFTER_ALL_IDS}` : undefined }),
      ScanIndexForward: true,
      Limit: limit,
    },
    cursor,
  );
}

/** B24: the bills of a Congress whose content changed after `since` (an ISO 8601 UTC instant), oldest change first. */
export async function listBillChanges(congress: number, since: string | undefined, limit: number, cursor?: string): Promise<Page<Bill>> {
  const page = await feedPage(billKeys.byContentChange.partition(congress), since, limit, cursor);
  return { items: page.items.map(billFromItem), next_cursor: page.next_cursor };
}

/** M13: the members whose content changed after `since`, oldest change first. */
export async function listMemberChanges(since: string | undefined, limit: number, cursor?: string): Promise<Page<Member>> {
  const page = await feedPage(memberKeys.byContentChange.partition, since, limit, cursor);
  return { items: page.items.map(memberFromItem), next_cursor: page.next_cursor };
}
