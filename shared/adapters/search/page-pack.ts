/**
 * The pages every lookup of an index file walks through, packed into one small
 * object beside its snapshot (docs/search.md): the interior
 * pages of every b-tree, the schema and the FTS5 configuration. A new
 * container GETs the pack with the snapshot's head, and its first answer's
 * lookups then wait only for their leaves: an interior page read from the
 * snapshot itself costs a round trip to S3 per level of each tree, and its
 * 256 KB block (./lazy-file.ts), where the pack holds 8 KB a page. The pages
 * are chosen with SQLite's dbstat table when the snapshot is written
 * (./index-store.ts). Layout: a magic number, the page size, the count, the
 * page numbers (4 bytes each, big-endian), then the pages in that order.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { pageGeometry } from './btree-cells.ts';
import type { PagePack } from './lazy-file.ts';
import { readIndexFile } from './read-index-file.ts';

const MAGIC = 0x42575050; // "BWPP"
const HEADER_BYTES = 12;

/**
 * The tables whose every page is packed, beside every b-tree's interior pages: what opening the
 * file and preparing a full-text statement read before any query's own pages.
 */
const WHOLE_TABLES = ['sqlite_schema', 'bills_fts_config', 'sections_fts_config'] as const;

/** The page numbers to pack from the file at `path`: every interior page, and the pages of WHOLE_TABLES, ascending. */
export function packedPageNumbers(path: string): number[] {
  return readIndexFile(path, (db) => {
    const rows = db.all(
      `SELECT DISTINCT pageno FROM dbstat WHERE pagetype = 'internal' OR name IN (${WHOLE_TABLES.map(() => '?').join(',')}) ORDER BY pageno`,
      [...WHOLE_TABLES],
    ) as { pageno: number }[];
    return rows.map((r) => Number(r.pageno));
  });
}

/** The pack of the file at `path` (its page size read from its header). */
export function packPages(path: string): Uint8Array {
  const numbers = packedPageNumbers(path);
  const fd = openSync(path, 'r');
  try {
    const header = new Uint8Array(100);
    readSync(fd, header, 0, 100, 0);
    const { pageSize } = pageGeometry(header);
    const out = new Uint8Array(HEADER_BYTES + 4 * numbers.length + pageSize * numbers.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, MAGIC);
    view.setUint32(4, pageSize);
    view.setUint32(8, numbers.length);
    const body = HEADER_BYTES + 4 * numbers.length;
    numbers.forEach((page, i) => {
      view.setUint32(HEADER_BYTES + 4 * i, page);
      readSync(fd, out, body + i * pageSize, pageSize, (page - 1) * pageSize);
    });
    return out;
  } finally {
    closeSync(fd);
  }
}

/** The pages of a pack; throws on bytes that are not one (a truncated or foreign object must not be read as pages). */
export function unpackPages(bytes: Uint8Array): PagePack {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0) !== MAGIC) throw new Error('Not a page pack: its magic number is missing');
  const pageSize = view.getUint32(4);
  const count = view.getUint32(8);
  const body = HEADER_BYTES + 4 * count;
  if (bytes.byteLength !== body + count * pageSize) throw new Error(`A page pack of ${count} pages of ${pageSize} bytes has ${bytes.byteLength} bytes`);
  const pages = new Map<number, Uint8Array>();
  for (let i = 0; i < count; i++) pages.set(view.getUint32(HEADER_BYTES + 4 * i), bytes.subarray(body + i * pageSize, body + (i + 1) * pageSize));
  return { pageSize, pages };
}
