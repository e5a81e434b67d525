/**
 * Small helpers over the DynamoDB document client that every repository
 * needs: paged queries with opaque cursors (sealed for their listing), BatchGet/BatchWrite that retry
 * their unprocessed keys, and condition-failure detection.
 */
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { openCursor, sealCursor } from '#shared/platform/cursor-codec.ts';
import { INDEX, KEY, type IndexName } from './table.ts';
import { expressions, query } from './expressions.ts';
import * as table from './table-client.ts';

export type Item = Record<string, unknown>;
export type Key = Record<string, unknown>;

/** DynamoDB's limits per call: 100 keys for BatchGetItem, 25 requests for BatchWriteItem. */
const BATCH_GET_MAX = 100;
const BATCH_WRITE_MAX = 25;

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * What a cursor is bound to: the index and the key condition with the values
 * and names it uses (the partition, and a begins_with prefix or range), so a
 * cursor of one listing is refused by every other: another user's
 * partition, another collection, another index. Filters and the page size are
 * left out, so a client may change them between pages.
 */
export function cursorScope(
  input: Pick<QueryInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
): string {
  const condition = input.KeyConditionExpression ?? '';
  const used = (prefix: string) => [...new Set(condition.match(new RegExp(`${prefix}[A-Za-z0-9_]+`, 'g')) ?? [])].sort();
  const names = used('#').map((n) => [n, input.ExpressionAttributeNames?.[n] ?? null]);
  const values = used(':').map((v) => [v, input.ExpressionAttributeValues?.[v] ?? null]);
  return JSON.stringify([input.IndexName ?? null, condition, names, values]);
}

/** Encodes a LastEvaluatedKey as an opaque cursor, sealed for its listing (`scope`, see cursorScope): it carries no readable id. */
export function encodeCursor(key: Key | undefined, scope: string): string | null {
  return key ? sealCursor(key, scope) : null;
}

const notOurs = () => new InvalidInputError('The cursor is not valid', [{ path: 'query.cursor', message: 'not a cursor this API issued for this listing' }]);

/**
 * Decodes a client's cursor for the listing `scope`. A cursor the API did
 * not issue, or issued for another listing (a forged key, another user's
 * partition), is a 422, never a 500 from DynamoDB and never another
 * partition's items.
 */
export function decodeCursor(cursor: string | undefined, scope: string): Key | undefined {
  if (!cursor) return undefined;
  const value = openCursor(cursor, scope);
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Key;
  throw notOurs();
}

/** The key of an item as DynamoDB's LastEvaluatedKey writes it for a query: the table's keys, and the index's when it reads one. */
function keyOf(item: Item, indexName: string | undefined): Key {
  const index = Object.values(INDEX).find((i) => i.name === indexName);
  const names = [KEY.pk, KEY.sk, ...(index ? [index.pk, index.sk] : [])];
  return Object.fromEntries(names.map((n) => [n, item[n]]));
}

/** Query rounds a filtered page reads at most to fill itself, and at most while it has found nothing yet. */
const FILTER_ROUNDS = 5;
const EMPTY_FILTER_ROUNDS = 25;

/**
 * One page of a query (at most `Limit` items), with an opaque cursor for the
 * next, null on the last page. It asks for one item more than the page, so a
 * full last page ends the listing instead of pointing at an empty one; the
 * cursor is the key of the page's last item. With a FilterExpression
 * (DynamoDB's Limit counts items read, not items kept) it reads on until the
 * page is full or the partition ends, within FILTER_ROUNDS queries, and past
 * them while nothing matched yet, so a sparse filter does not answer an empty
 * page with a next cursor (up to EMPTY_FILTER_ROUNDS queries).
 */
export async function queryPage(input: QueryInput, cursor?: string): Promise<{ items: Item[]; next_cursor: string | null }> {
  const scope = cursorScope(input);
  const limit = input.Limit;
  if (limit === undefined) {
    const out = await table.query({ ...input, ExclusiveStartKey: decodeCursor(cursor, scope) });
    return { items: (out.Items ?? []) as Item[], next_cursor: encodeCursor(out.LastEvaluatedKey, scope) };
  }
  const filtered = Boolean(input.FilterExpression);
  const items: Item[] = [];
  let start = decodeCursor(cursor, scope);
  for (let round = 1; ; round++) {
    const wanted = limit + 1 - items.length;
    // A filtered read asks for more than it needs: what it reads is filtered down.
    const read = filtered ? Math.max(wanted * 4, 100) : wanted;
    const out = await table.query({ ...input, Limit: read, ExclusiveStartKey: start });
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
    if (items.length > limit) return { items: items.slice(0, limit), next_cursor: encodeCursor(keyOf(items[limit - 1] as Item, input.IndexName), scope) };
    if (!start) return { items, next_cursor: null };
    // Unfiltered, DynamoDB stopped at its 1 MB page: read on.
    if (!filtered) continue;
    if (round < FILTER_ROUNDS || (items.length === 0 && round < EMPTY_FILTER_ROUNDS)) continue;
    return { items, next_cursor: encodeCursor(start, scope) };
  }
}

/** Every item a query returns, following LastEvaluatedKey (for bounded partitions). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Key | undefined;
  do {
    const out = await table.query({ ...input, ExclusiveStartKey: start });
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Up to `max` items of a paged listing, in order, following its cursors (each page asks for what is still missing). */
export async function collectPages<T>(page: (limit: number, cursor?: string) => Promise<Page<T>>, max: number): Promise<T[]> {
  const found: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(max - found.length, cursor);
    found.push(...next.items);
    cursor = next.next_cursor ?? undefined;
  } while (cursor && found.length < max);
  return found.slice(0, max);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Gets many items by key, in chunks of 100, retrying unprocessed keys with backoff; `consistent` for strongly consistent reads. */
export async function batchGet(keys: Key[], projection?: string[], options: { consistent?: boolean } = {}): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    let pending: Key[] = keys.slice(i, i + BATCH_GET_MAX);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      if (attempt > 8) throw new Error(`BatchGet left ${pending.length} keys unprocessed after retries`);
      const out = await table.batchGetOnce({
        Keys: pending,
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ...(projection ? expressions({ projection }) : {}),
      });
      found.push(...out.items);
      pending = out.unprocessed;
    }
  }
  return found;
}

export type WriteRequest = { put: Item } | { delete: Key };

/** Writes many puts and deletes, in chunks of 25, retrying unprocessed items with backoff. */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_MAX) {
    let pending = requests.slice(i, i + BATCH_WRITE_MAX).map((r) => ('put' in r ? { PutRequest: { Item: r.put } } : { DeleteRequest: { Key: r.delete } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      if (attempt > 8) throw new Error(`BatchWrite left ${pending.length} items unprocessed after retries`);
      pending = (await table.batchWriteOnce(pending)) as typeof pending;
    }
  }
}

/** True when a write failed only because its condition did not hold. */
export function isConditionFailed(err: unknown): boolean {
  return err instanceof ConditionalCheckFailedException;
}

/** Runs a conditional write; false when its condition did not hold (nothing was written), other errors thrown. */
export async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** The reason codes of a cancelled transaction, one per item, or null for other errors. */
export function transactionReasons(err: unknown): string[] | null {
  if (!(err instanceof TransactionCanceledException)) return null;
  return (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/** The Query input that selects one partition of a secondary index (spread it into a query). */
export function indexPartition(index: IndexName, partition: string) {
  return query({ index, pk: partition });
}
