/**
 * The change feeds (docs/data-model.md B24, M13): bills of one Congress, and
 * members, in the order their content last changed, oldest change first. One
 * Query on the changeFeed index, from just after `since` when given; the
 * cursor is the listing's opaque cursor, so a crawler resumes exactly where a
 * page ended (and can also resume later with changed_since = the last
 * updated_at it saw). A record that changes again during a crawl moves to the
 * end of the feed, where the crawl meets it again.
 *
 * The bill feed across every Congress merges the Congresses' partitions: a
 * sort key ({updated_at}#{bill id}) is unique across them, so one position,
 * "after this sort key", resumes every partition at once. A page is one
 * Query per Congress (at most `limit` items each), merged in order.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { billFromItem } from './bills.repository.ts';
import { memberFromItem } from './members.repository.ts';
import { queryPage, type Item, type Page } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { query } from './expressions.ts';
import { INDEX } from './table.ts';
import { openCursor, sealCursor } from '#shared/platform/cursor-codec.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';

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

/** The listing the cross-Congress cursor is sealed for. */
const ALL_BILLS_SCOPE = 'bill-changes-every-congress';
const SORT_KEY = INDEX.changeFeed.sk;

function allBillsPosition(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const position = openCursor(cursor, ALL_BILLS_SCOPE);
  if (position && typeof position === 'object' && typeof (position as { after?: unknown }).after === 'string') return (position as { after: string }).after;
  throw new InvalidInputError('The cursor is not valid', [{ path: 'query.cursor', message: 'not a cursor this API issued for this listing' }]);
}

/**
 * B24 across Congresses: the bills of every Congress in `congresses` whose
 * content changed after `since`, oldest change first, merged by sort key.
 */
export async function listBillChangesEveryCongress(congresses: number[], since: string | undefined, limit: number, cursor?: string): Promise<Page<Bill>> {
  const after = allBillsPosition(cursor) ?? (since ? `${since}#${AFTER_ALL_IDS}` : undefined);
  const pages = await mapLimit(congresses, 8, (congress) =>
    queryPage({
      ...query({ index: 'changeFeed', pk: billKeys.byContentChange.partition(congress), skAfter: after }),
      ScanIndexForward: true,
      Limit: limit,
    }),
  );
  const merged = pages.flatMap((p) => p.items).sort((a, b) => String(a[SORT_KEY]).localeCompare(String(b[SORT_KEY])));
  const items = merged.slice(0, limit);
  const more = merged.length > limit || pages.some((p) => p.next_cursor !== null);
  const last = items[items.length - 1];
  return { items: items.map(billFromItem), next_cursor: more && last ? sealCursor({ after: String(last[SORT_KEY]) }, ALL_BILLS_SCOPE) : null };
}
