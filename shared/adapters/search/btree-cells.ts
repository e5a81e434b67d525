/**
 * The bits of SQLite's file format the page walks read (./row-pages.ts, ./key-pages.ts): the
 * header's page size, big-endian integers and varints (https://www.sqlite.org/fileformat2.html).
 */
import type { ByteRange } from './lazy-file.ts';

/** What the walk reads pages through: a lazy file, or any file (tests). */
export interface PageSource {
  /** Starts fetching these ranges; returns at once. */
  prefetch(ranges: readonly ByteRange[]): void;
  /** The bytes, once local. */
  read(offset: number, length: number): Uint8Array;
}

/** A varint at `at`: its value (as a double: row ids and sizes here fit) and the offset after it. */
export function varint(page: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = page[at + i] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) return [value, at + i + 1];
  }
  return [value * 256 + (page[at + 8] ?? 0), at + 9];
}

export const u16 = (page: Uint8Array, at: number) => ((page[at] ?? 0) << 8) | (page[at + 1] ?? 0);
export const u32 = (page: Uint8Array, at: number) =>
  (((page[at] ?? 0) << 24) | ((page[at + 1] ?? 0) << 16) | ((page[at + 2] ?? 0) << 8) | (page[at + 3] ?? 0)) >>> 0;

/** The file's page size and usable bytes per page, from its 100-byte header. */
export function pageGeometry(header: Uint8Array): { pageSize: number; usable: number } {
  const raw = u16(header, 16);
  const pageSize = raw === 1 ? 65_536 : raw;
  return { pageSize, usable: pageSize - (header[20] ?? 0) };
}

/**
 * How much of a cell's payload of `size` bytes is on its page, the rest overflowing: a table leaf
 * keeps up to usable - 35 bytes, an index page up to (usable - 12) * 64 / 255 - 23 (the file format's X).
 */
export function localBytes(size: number, usable: number, page: 'table' | 'index'): number {
  const most = page === 'table' ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
  if (size <= most) return size;
  const least = Math.floor(((usable - 12) * 32) / 255) - 23;
  const k = least + ((size - least) % (usable - 4));
  return k <= most ? k : least;
}
