/**
 * Two ways to change a small aggregate item that many writers touch (the
 * dashboard feed, a member's recent votes): set one entry of a map attribute
 * with a single UpdateItem, creating the map on first use without a read; and
 * read-change-write the whole item on a `version` condition, retried when
 * another writer got there first.
 */
import { isConditionFailed, type Item } from './dynamo.ts';
import type { ItemKey } from './keys/key.ts';
import { cond, expressions, update, type Condition } from './expressions.ts';
import * as table from './table-client.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MapEntryWrite {
  key: ItemKey;
  /** The map attribute, and the entry's name and value in it. */
  map: string;
  entry: string;
  value: unknown;
  /** A further condition the write needs besides the map existing. */
  condition?: Condition;
  /** Attributes the item gets when the map is first created (entity and the like). */
  base: Record<string, unknown>;
}

/**
 * Sets `map.entry = value` in one UpdateItem, raising the item's `version`
 * like a rewrite does. When the map does not exist
 * yet, creates it empty (with `base` and `version` 0, idempotently, so racing
 * writers agree) and tries once more. Returns the item after the write, or
 * null when the further condition did not hold.
 */
export async function setMapEntry(w: MapEntryWrite): Promise<Item | null> {
  const set = () =>
    table.updateItem({
      Key: w.key,
      // Raising the version makes a rewrite that read the item before this entry lose its race, rather than drop the entry.
      ...update({ setPaths: [[[w.map, w.entry], w.value]], add: { version: 1 } }, w.condition ? cond.and(cond.exists(w.map), w.condition) : cond.exists(w.map)),
      ReturnValues: 'ALL_NEW',
    });
  try {
    return ((await set()).Attributes ?? {}) as Item;
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
  await table.updateItem({ Key: w.key, ...update({ set: w.base, setIfNotExists: { [w.map]: {}, version: 0 } }) });
  try {
    return ((await set()).Attributes ?? {}) as Item;
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/**
 * Reads the item (strongly consistent), lets `change` compute its new
 * attributes, and puts them back on the condition that nobody wrote since
 * (`version` as read, or no item). A lost race is retried after a jittered
 * pause; false after `attempts` lost races.
 */
export async function rewriteVersioned<T extends { version: number }>(
  key: ItemKey,
  parse: (item: Item) => T,
  change: (current: T) => Record<string, unknown>,
  attempts: number,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await pause(Math.random() * Math.min(500, 20 * 2 ** attempt));
    const out = await table.getItem({ Key: key, ConsistentRead: true });
    const current = parse((out.Item ?? {}) as Item);
    try {
      await table.putItem({
        Item: { ...key, ...change(current), version: current.version + 1 },
        ...expressions({ condition: out.Item ? cond.eq('version', current.version) : cond.itemAbsent() }),
      });
      return true;
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
      if (attempt >= attempts) return false;
    }
  }
}
