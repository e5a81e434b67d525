/**
 * What the word ranker needs of every bill, in memory, by row id: whether it
 * is indexed, its length in tokens, date and the columns the filters test,
 * in typed arrays (a 350,000-bill index takes about 8 MB), with strings coded
 * through small dictionaries. Filters are then a few array reads per match
 * instead of a join per match (docs/architecture.md, "Search").
 */
import type { SearchFilters } from './search-filters.ts';

/** One bill's columns as the docs table holds them. */
export interface DocColumnsRow {
  rid: number;
  length: number;
  /** YYYY-MM-DD, or 0000-00-00 when unknown. */
  date: string;
  congress: number;
  chamber: string;
  type: string;
  status: string;
  sponsor_id: string | null;
  has_document: boolean;
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

const bytesOf = (a: Uint8Array | Uint16Array | Uint32Array, n: number): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, n * a.BYTES_PER_ELEMENT).slice();
const u32 = (b: Uint8Array | undefined): Uint32Array => (b ? new Uint32Array(b.slice().buffer) : new Uint32Array(0));
const u16 = (b: Uint8Array | undefined): Uint16Array => (b ? new Uint16Array(b.slice().buffer) : new Uint16Array(0));

const dateNumber = (date: string): number => Number(date.replaceAll('-', '')) || 0;

export class DocColumns {
  private capacity = 0;
  alive = new Uint8Array(0);
  length = new Uint32Array(0);
  /** The date as YYYYMMDD. */
  date = new Uint32Array(0);
  private congress = new Uint16Array(0);
  private chamber = new Uint32Array(0);
  private type = new Uint32Array(0);
  private status = new Uint32Array(0);
  private sponsor = new Uint32Array(0);
  private hasDocument = new Uint8Array(0);
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
    const widen = <T extends Uint8Array | Uint16Array | Uint32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.alive = widen(this.alive, (n) => new Uint8Array(n));
    this.length = widen(this.length, (n) => new Uint32Array(n));
    this.date = widen(this.date, (n) => new Uint32Array(n));
    this.congress = widen(this.congress, (n) => new Uint16Array(n));
    this.chamber = widen(this.chamber, (n) => new Uint32Array(n));
    this.type = widen(this.type, (n) => new Uint32Array(n));
    this.status = widen(this.status, (n) => new Uint32Array(n));
    this.sponsor = widen(this.sponsor, (n) => new Uint32Array(n));
    this.hasDocument = widen(this.hasDocument, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /** The columns to store, up to the highest row id in use. */
  save(): SavedColumns {
    let n = this.capacity;
    while (n > 0 && this.alive[n - 1] !== 1) n--;
    return {
      alive: bytesOf(this.alive, n),
      length: bytesOf(this.length, n),
      date: bytesOf(this.date, n),
      congress: bytesOf(this.congress, n),
      chamber: bytesOf(this.chamber, n),
      type: bytesOf(this.type, n),
      status: bytesOf(this.status, n),
      sponsor: bytesOf(this.sponsor, n),
      has_document: bytesOf(this.hasDocument, n),
      dictionary: new TextEncoder().encode(JSON.stringify(this.dictionary.values())),
    };
  }

  static restore(saved: SavedColumns): DocColumns {
    const c = new DocColumns();
    const alive = saved.alive ?? new Uint8Array(0);
    c.grow(alive.length);
    c.alive.set(alive);
    c.length.set(u32(saved.length));
    c.date.set(u32(saved.date));
    c.congress.set(u16(saved.congress));
    c.chamber.set(u32(saved.chamber));
    c.type.set(u32(saved.type));
    c.status.set(u32(saved.status));
    c.sponsor.set(u32(saved.sponsor));
    c.hasDocument.set(saved.has_document ?? new Uint8Array(0));
    const values: unknown = JSON.parse(new TextDecoder().decode(saved.dictionary ?? new Uint8Array(0)) || '[]');
    c.dictionary = Dictionary.of(Array.isArray(values) ? values.map(String) : []);
    for (let rid = 0; rid < alive.length; rid++) {
      if (alive[rid] !== 1) continue;
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
    this.congress[r] = row.congress;
    this.chamber[r] = this.dictionary.code(row.chamber);
    this.type[r] = this.dictionary.code(row.type);
    this.status[r] = this.dictionary.code(row.status);
    this.sponsor[r] = this.dictionary.code(row.sponsor_id);
    this.hasDocument[r] = row.has_document ? 1 : 0;
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
    const code = (v: string | undefined) => (v === undefined ? 0 : this.dictionary.find(v));
    const chamber = code(f.chamber);
    const type = code(f.type);
    const status = code(f.status);
    const sponsor = code(f.sponsor_id);
    if (chamber < 0 || type < 0 || status < 0 || sponsor < 0) return null;
    const from = f.from === undefined ? 0 : dateNumber(f.from);
    const to = f.to === undefined ? Number.MAX_SAFE_INTEGER : dateNumber(f.to);
    const hasDocument = f.has_document === undefined ? -1 : f.has_document ? 1 : 0;
    const congress = f.congress ?? 0;
    return (rid) =>
      (congress === 0 || this.congress[rid] === congress) &&
      (chamber === 0 || this.chamber[rid] === chamber) &&
      (type === 0 || this.type[rid] === type) &&
      (status === 0 || this.status[rid] === status) &&
      (sponsor === 0 || this.sponsor[rid] === sponsor) &&
      (hasDocument < 0 || this.hasDocument[rid] === hasDocument) &&
      (this.date[rid] ?? 0) >= from &&
      (this.date[rid] ?? 0) <= to &&
      (topicRids === null || topicRids.has(rid));
  }
}
