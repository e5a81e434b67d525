/**
 * Which leaves of an SQLite index b-tree hold the entries whose first column
 * is one of given keys (a word in the word postings' index, a title's hash in
 * title_keys), found as ./row-pages.ts finds a rowid table's rows: a level of
 * the tree at a time, every page of a level asked of the lazy file at once.
 * A first answer looks up its title and its words in two such indexes one
 * after the other, each level a round trip; walked together, their levels
 * arrive together (docs/search.md). Keys are compared as
 * SQLite compares a text or an integer column of the BINARY collation.
 */
import { localBytes, u16, u32, varint, type PageSource } from './btree-cells.ts';

export type Key = string | number;

/** One index: its root page and the first-column values looked up. */
export interface IndexKeys {
  root: number;
  keys: readonly Key[];
}

const INTERIOR_INDEX = 0x02;
const LEAF_INDEX = 0x0a;
const encoder = new TextEncoder();

/** The first column of the record at `at` (`end`: where its bytes on the page end), when it is an integer or a text held there; undefined otherwise. */
function firstColumn(page: Uint8Array, at: number, end: number): Uint8Array | number | undefined {
  const [headerSize, types] = varint(page, at);
  const [type] = varint(page, types);
  const value = at + headerSize;
  if (value > end) return undefined;
  if (type >= 1 && type <= 5) return signed(page, value, [1, 2, 3, 4, 6][type - 1] ?? 0);
  if (type === 6) return value + 8 <= end ? Number(new DataView(page.buffer, page.byteOffset + value, 8).getBigInt64(0)) : undefined;
  if (type === 8) return 0;
  if (type === 9) return 1;
  if (type >= 13 && type % 2 === 1 && value + (type - 13) / 2 <= end) return page.subarray(value, value + (type - 13) / 2);
  return undefined;
}

/** A big-endian two's-complement integer of `bytes` bytes. */
function signed(page: Uint8Array, at: number, bytes: number): number {
  let n = 0;
  for (let i = 0; i < bytes; i++) n = n * 256 + (page[at + i] ?? 0);
  return (page[at] ?? 0) & 0x80 ? n - 2 ** (8 * bytes) : n;
}

/** How `key` sorts against a column value: integers before text (SQLite's order); text by its bytes. */
function compare(key: Key | Uint8Array, value: Uint8Array | number): number {
  if (typeof key === 'number') return typeof value === 'number' ? key - value : -1;
  if (typeof value === 'number') return 1;
  const a = typeof key === 'string' ? encoder.encode(key) : key;
  for (let i = 0; i < Math.min(a.length, value.length); i++) if (a[i] !== value[i]) return (a[i] ?? 0) - (value[i] ?? 0);
  return a.length - value.length;
}

/**
 * The leaves of the indexes holding the entries whose first column is one of the keys: each level
 * of every index asked for at once, then read. A page that is not an index page, or an entry whose
 * first column is not on its page, ends the walk there: SQLite reads those entries as before.
 */
export function keyPages(source: PageSource, geometry: { pageSize: number; usable: number }, wants: readonly IndexKeys[], maxPages = 256): number[] {
  const { pageSize, usable } = geometry;
  const leaves: number[] = [];
  type Step = { page: number; keys: readonly Key[]; low?: Uint8Array | number; high?: Uint8Array | number };
  let level: Step[] = wants.filter((w) => w.keys.length > 0).map((w) => ({ page: w.root, keys: w.keys }));
  const within = (keys: readonly Key[], low: Step['low'], high: Step['high']) =>
    keys.some((k) => (low === undefined || compare(k, low) >= 0) && (high === undefined || compare(k, high) <= 0));
  while (level.length > 0) {
    source.prefetch(level.map(({ page }) => ({ offset: (page - 1) * pageSize, length: pageSize })));
    const next: Step[] = [];
    for (const { page: pageNo, keys, low: pageLow, high: pageHigh } of level) {
      const page = source.read((pageNo - 1) * pageSize, pageSize);
      const h = pageNo === 1 ? 100 : 0;
      const type = page[h];
      if (type === LEAF_INDEX) leaves.push(pageNo);
      if (type !== INTERIOR_INDEX) continue;
      // A child holds the entries between the cell before's and its own; the right-most, those after the last.
      let low = pageLow;
      let readable = true;
      for (let i = 0; i < u16(page, h + 3) && readable; i++) {
        const at = u16(page, h + 12 + 2 * i);
        const [size, payload] = varint(page, at + 4);
        const high = firstColumn(page, payload, payload + localBytes(size, usable, 'index'));
        if (high === undefined) readable = false;
        else {
          if (within(keys, low, high)) next.push({ page: u32(page, at), keys, low, high });
          low = high;
        }
      }
      if (readable && within(keys, low, pageHigh)) next.push({ page: u32(page, h + 8), keys, low, high: pageHigh });
    }
    level = next.slice(0, maxPages);
  }
  return leaves.sort((a, b) => a - b);
}
