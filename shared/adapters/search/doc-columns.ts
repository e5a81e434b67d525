/**
 * What the word ranker needs of every bill, in memory, by row id: whether it
 * is indexed, its length in tokens, date and the columns the filters test
 * (./filter-columns.ts), in typed arrays (a 350,000-bill index takes about
 * 8 MB), with strings coded through small dictionaries. Filters are then a few
 * array reads per match instead of a join per match (docs/search.md).
 */
import type { SearchFilters } from './search-filters.ts';
import { FILTER_COLUMNS, sqlValue, type FilterKind, type FilterName } from './filter-columns.ts';

/** One bill's filter values, as a document or the docs table gives them. */
export type FilterValues = Record<FilterName, string | number | boolean | null>;

/** One bill's columns as the docs table holds them. */
export interface DocColumnsRow extends FilterValues {
  rid: number;
  length: number;
  /** YYYY-MM-DD, or 0000-00-00 when unknown. */
  date: string;
}

/** Strings as small integers; 0 is "none". */
class Dictionary {
  private readonly codes = new Map<string, number>();

  code(value: string | null): number {
    if (value === null) return 0;
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.codes.size + 1;
      this.codes.set(value, c);
    }
    return c;
  }

  /** The code of a value, or -1 when no bill has it (a filter on it matches nothing). */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }

  /** The values in code order (code 1 first). */
  values(): string[] {
    return [...this.codes.keys()];
  }

  static of(values: string[]): Dictionary {
    const d = new Dictionary();
    for (const v of values) d.code(v);
    return d;
  }
}

/** The columns as stored in the index file at compaction: each array's bytes, and the dictionary as JSON. */
export type SavedColumns = Record<string, Uint8Array>;

type Column = Uint8Array | Uint16Array | Uint32Array;
const ARRAYS: Record<FilterKind, (n: number) => Column> = {
  number: (n) => new Uint16Array(n),
  code: (n) => new Uint32Array(n),
  flag: (n) => new Uint8Array(n),
};

const bytesOf = (a: Column | Float64Array, n: number): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, n * a.BYTES_PER_ELEMENT).slice();
/**
 * An array of `n` elements, of the kind `make` makes, over the saved bytes: the bytes themselves
 * when they are whole and aligned (a new container takes the stored columns as they are, issue
 * 36.5), else a copy padded with zeros.
 */
const fromBytes = <T extends Column | Float64Array>(b: Uint8Array | undefined, make: (n: number) => T, n: number): T => {
  const like = make(0);
  const width = like.BYTES_PER_ELEMENT;
  const Kind = like.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => T;
  if (b && b.byteLength === n * width && b.byteOffset % width === 0) return new Kind(b.buffer, b.byteOffset, n);
  const out = make(n);
  const whole = Math.min(n, Math.floor((b?.byteLength ?? 0) / width));
  if (b && whole > 0) out.set(new Kind(b.slice(0, whole * width).buffer, 0, whole) as never);
  return out;
};

const dateNumber = (date: string): number => Number(date.replaceAll('-', '')) || 0;

export class DocColumns {
  private capacity = 0;
  alive = new Uint8Array(0);
  length = new Uint32Array(0);
  /** The date as YYYYMMDD. */
  date = new Uint32Array(0);
  /** The filter columns, by name (FILTER_COLUMNS). */
  private readonly filters = new Map<FilterName, Column>(FILTER_COLUMNS.map((c) => [c.name, ARRAYS[c.kind](0)]));
  private dictionary = new Dictionary();
  /** Bills indexed, and the sum of their lengths (the average length is BM25's yardstick). */
  count = 0;
  totalLength = 0;

  /** One past the highest row id that may be set. */
  get size(): number {
    return this.capacity;
  }

  private grow(rid: number): void {
    if (rid < this.capacity) return;
    const capacity = Math.max(1024, (rid + 1) * 2);
    const widen = <T extends Column>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.alive = widen(this.alive, (n) => new Uint8Array(n));
    this.length = widen(this.length, (n) => new Uint32Array(n));
    this.date = widen(this.date, (n) => new Uint32Array(n));
    for (const c of FILTER_COLUMNS) this.filters.set(c.name, widen(this.column(c.name), ARRAYS[c.kind]));
    this.capacity = capacity;
  }

  private column(name: FilterName): Column {
    return this.filters.get(name) as Column;
  }

  /** A number column's value for a bill (its Congress, say). */
  numberAt(name: FilterName, rid: number): number {
    return this.column(name)[rid] ?? 0;
  }

  /** A value as its column holds it: a number as it is, a flag as 0 or 1, a string by its code. */
  private held(kind: FilterKind, value: string | number | boolean | null): number {
    if (kind === 'code') return this.dictionary.code(value === null ? null : String(value));
    return Number(sqlValue(value) ?? 0);
  }

  /** The columns to store, up to the highest row id in use. */
  save(): SavedColumns {
    let n = this.capacity;
    while (n > 0 && this.alive[n - 1] !== 1) n--;
    return {
      alive: bytesOf(this.alive, n),
      length: bytesOf(this.length, n),
      date: bytesOf(this.date, n),
      ...Object.fromEntries(FILTER_COLUMNS.map((c) => [c.name, bytesOf(this.column(c.name), n)])),
      dictionary: new TextEncoder().encode(JSON.stringify(this.dictionary.values())),
      totals: bytesOf(Float64Array.of(this.count, this.totalLength), 2),
    };
  }

  static restore(saved: SavedColumns): DocColumns {
    const c = new DocColumns();
    const n = saved.alive?.length ?? 0;
    c.capacity = n;
    c.alive = fromBytes(saved.alive, (k) => new Uint8Array(k), n);
    c.length = fromBytes(saved.length, (k) => new Uint32Array(k), n);
    c.date = fromBytes(saved.date, (k) => new Uint32Array(k), n);
    for (const f of FILTER_COLUMNS) c.filters.set(f.name, fromBytes(saved[f.name], ARRAYS[f.kind], n));
    const values: unknown = JSON.parse(new TextDecoder().decode(saved.dictionary ?? new Uint8Array(0)) || '[]');
    c.dictionary = Dictionary.of(Array.isArray(values) ? values.map(String) : []);
    const totals = saved.totals?.byteLength === 16 ? fromBytes(saved.totals, (k) => new Float64Array(k), 2) : null;
    if (totals) {
      c.count = totals[0] ?? 0;
      c.totalLength = totals[1] ?? 0;
      return c;
    }
    // Columns saved before their totals were: counted once.
    for (let rid = 0; rid < n; rid++) {
      if (c.alive[rid] !== 1) continue;
      c.count += 1;
      c.totalLength += c.length[rid] ?? 0;
    }
    return c;
  }

  set(row: DocColumnsRow): void {
    this.remove(row.rid);
    this.grow(row.rid);
    const r = row.rid;
    this.alive[r] = 1;
    this.length[r] = row.length;
    this.date[r] = dateNumber(row.date);
    for (const c of FILTER_COLUMNS) this.column(c.name)[r] = this.held(c.kind, row[c.name]);
    this.count += 1;
    this.totalLength += row.length;
  }

  remove(rid: number): void {
    if (rid >= this.capacity || this.alive[rid] !== 1) return;
    this.alive[rid] = 0;
    this.count -= 1;
    this.totalLength -= this.length[rid] ?? 0;
  }

  /**
   * A test of the filters other than the topic (whose bills the caller passes as a set), or null
   * when a filter names a value no bill has, so nothing can pass.
   */
  filter(f: SearchFilters, topicRids: ReadonlySet<number> | null): ((rid: number) => boolean) | null {
    const tests: { column: Column; value: number }[] = [];
    for (const c of FILTER_COLUMNS) {
      const v = f[c.name];
      if (v === undefined) continue;
      const value = c.kind === 'code' ? this.dictionary.find(String(v)) : Number(sqlValue(v));
      if (value < 0) return null;
      tests.push({ column: this.column(c.name), value });
    }
    const from = f.from === undefined ? 0 : dateNumber(f.from);
    const to = f.to === undefined ? Number.MAX_SAFE_INTEGER : dateNumber(f.to);
    const date = this.date;
    return (rid) => {
      for (const t of tests) if (t.column[rid] !== t.value) return false;
      const d = date[rid] ?? 0;
      return d >= from && d <= to && (topicRids === null || topicRids.has(rid));
    };
  }
}

/** Row ids below this: a date-order key is the date (YYYYMMDD) times this plus the row id, exact in a double. */
const ROW_SPAN = 2 ** 24;

/**
 * Every indexed bill, newest first (ties: the higher row id first): one sort of date-and-row-id
 * keys. The word ranker's date order, stored at compaction so that a new container does not sort.
 */
export function newestFirst(cols: DocColumns): Uint32Array {
  const { alive, date } = cols;
  const keys = new Float64Array(cols.count);
  let k = 0;
  for (let rid = 0; rid < cols.size && k < keys.length; rid++) if (alive[rid] === 1) keys[k++] = (date[rid] ?? 0) * ROW_SPAN + rid;
  keys.sort();
  const order = new Uint32Array(k);
  for (let i = 0; i < k; i++) order[i] = (keys[k - 1 - i] ?? 0) % ROW_SPAN;
  return order;
}
