/**
 * Which pages of an SQLite file hold given rows of a rowid table, found by
 * walking the table's b-tree in JavaScript, one level at a time: every page
 * of a level is asked for at once (./lazy-file.ts, prefetch), then read. A
 * new container's first answer looks up a page of hits (their rows, their
 * passages) and a query's words' postings: SQLite reads them one page after
 * another, and each page not yet fetched is a round trip to S3. Planned here,
 * the rows' leaves and the overflow pages of their large values arrive
 * together, a few round trips for all of them, before SQLite reads them
 * (docs/search.md). SQLite's file format:
 * https://www.sqlite.org/fileformat2.html (b-tree pages, cells, overflow).
 */
import type { ByteRange } from './lazy-file.ts';
import { localBytes, pageGeometry, u16, u32, varint, type PageSource } from './btree-cells.ts';
import { keyPages, type Key } from './key-pages.ts';

/** Row ids from `first` to `last`, both included. */
export interface RowRange {
  first: number;
  last: number;
}

export interface RowPages {
  /** The table's leaf pages that hold the rows (page numbers, ascending). */
  leaves: number[];
  /** The overflow pages of the rows' large values, as the byte ranges they are expected at (a value's chain laid out in order). */
  overflow: ByteRange[];
}

/** Bounds of one walk: pages read per level, and overflow bytes asked for in all (a section of an omnibus bill is megabytes). */
export interface RowPagesLimits {
  maxPages: number;
  maxOverflowBytes: number;
}

export const ROW_PAGES_LIMITS: RowPagesLimits = { maxPages: 256, maxOverflowBytes: 8 << 20 };

const INTERIOR_TABLE = 0x05;
const LEAF_TABLE = 0x0d;

const overlaps = (ranges: readonly RowRange[], low: number, high: number) => ranges.some((r) => r.first <= high && r.last >= low);

/** Rows of one table: its root page and the row ids wanted. */
export interface TableRows {
  root: number;
  ranges: readonly RowRange[];
}

/**
 * The leaves holding the rows wanted of one or more rowid tables, and where their overflow pages
 * are: each level of the b-trees (all tables together) asked for at once, then read. Pages of
 * other kinds (an index's, a freed page) end the walk there: SQLite reads those rows as before.
 */
export function rowPages(source: PageSource, geometry: { pageSize: number; usable: number }, wants: readonly TableRows[], limits = ROW_PAGES_LIMITS): RowPages {
  const { pageSize, usable } = geometry;
  const leaves: number[] = [];
  const overflow: ByteRange[] = [];
  let overflowBytes = 0;
  // Each page holds the keys from `low` to `high` (its parent's bounds): the right-most child of a page holds the keys after its last cell up to the page's own end, not beyond.
  let level = wants.filter((w) => w.ranges.length > 0).map((w) => ({ page: w.root, ranges: w.ranges, low: -Infinity, high: Infinity }));
  while (level.length > 0) {
    source.prefetch(level.map(({ page }) => ({ offset: (page - 1) * pageSize, length: pageSize })));
    const next: typeof level = [];
    for (const { page: pageNo, ranges, low: pageLow, high: pageHigh } of level) {
      const page = source.read((pageNo - 1) * pageSize, pageSize);
      const h = pageNo === 1 ? 100 : 0;
      const type = page[h];
      const cells = u16(page, h + 3);
      if (type === INTERIOR_TABLE) {
        // A child holds the keys after the cell before's and up to its own; the right-most, the rest.
        let low = pageLow;
        for (let i = 0; i < cells; i++) {
          const at = u16(page, h + 12 + 2 * i);
          const high = Math.min(varint(page, at + 4)[0], pageHigh);
          if (overlaps(ranges, low, high)) next.push({ page: u32(page, at), ranges, low, high });
          low = high + 1;
        }
        if (overlaps(ranges, low, pageHigh)) next.push({ page: u32(page, h + 8), ranges, low, high: pageHigh });
      } else if (type === LEAF_TABLE) {
        leaves.push(pageNo);
        for (let i = 0; i < cells; i++) {
          const [size, afterSize] = varint(page, u16(page, h + 8 + 2 * i));
          const [rowid, payload] = varint(page, afterSize);
          if (!overlaps(ranges, rowid, rowid)) continue;
          const local = localBytes(size, usable, 'table');
          if (local === size || overflowBytes >= limits.maxOverflowBytes) continue;
          const first = u32(page, payload + local);
          const length = Math.min(Math.ceil((size - local) / (usable - 4)) * pageSize, limits.maxOverflowBytes - overflowBytes);
          overflow.push({ offset: (first - 1) * pageSize, length });
          overflowBytes += length;
        }
      }
    }
    level = next.slice(0, limits.maxPages);
  }
  return { leaves: leaves.sort((a, b) => a - b), overflow };
}

/** A file whose pages may still be on their way (./lazy-file.ts): once it is all local, hints cost nothing. */
export interface LazyPages extends PageSource {
  readonly isComplete: boolean;
}

/**
 * Rows a search is about to read, fetched together while the file is not all local (a new
 * container's first answers); a warm container's file is complete and a hint returns at once.
 * A hint never fails a search: a page that cannot be fetched is SQLite's to report when it reads it.
 */
export class RowPrefetcher {
  private roots: Map<string, number> | undefined;
  private geometry: { pageSize: number; usable: number } | undefined;

  constructor(
    private readonly pages: LazyPages,
    /** Each table's root page (sqlite_schema's rootpage), asked once. */
    private readonly rootPages: () => Map<string, number>,
  ) {}

  get active(): boolean {
    return !this.pages.isComplete;
  }

  /** The tables' roots and the page geometry, read at the first hint. */
  private layout(): { roots: Map<string, number>; geometry: { pageSize: number; usable: number } } {
    this.roots ??= this.rootPages();
    this.geometry ??= pageGeometry(this.pages.read(0, 100));
    return { roots: this.roots, geometry: this.geometry };
  }

  /** Fetches the pages holding these rows of these tables (by name) together. */
  rows(wants: Record<string, readonly RowRange[]>): void {
    if (!this.active) return;
    try {
      const { roots, geometry } = this.layout();
      const tables: TableRows[] = [];
      for (const [name, ranges] of Object.entries(wants)) {
        const root = roots.get(name);
        if (root && ranges.length > 0) tables.push({ root, ranges });
      }
      this.pages.prefetch(rowPages(this.pages, geometry, tables).overflow);
    } catch {
      // SQLite's own read of the page reports it.
    }
  }

  /** Fetches the leaves holding these first-column values of these indexes (a WITHOUT ROWID table is one) together. */
  keys(wants: Record<string, readonly Key[]>): void {
    if (!this.active) return;
    try {
      const { roots, geometry } = this.layout();
      const indexes = Object.entries(wants).flatMap(([name, keys]) => {
        const root = roots.get(name);
        return root && keys.length > 0 ? [{ root, keys }] : [];
      });
      keyPages(this.pages, geometry, indexes);
    } catch {
      // SQLite's own read of the page reports it.
    }
  }
}
