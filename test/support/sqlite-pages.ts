/**
 * An SQLite file's pages as the page walks read them (shared/adapters/search/row-pages.ts,
 * key-pages.ts), and the pages SQLite itself reads for a statement, to check a walk against.
 */
import fs from 'node:fs';
import sqlite from 'node-sqlite3-wasm';
import type { ByteRange } from '#shared/adapters/search/lazy-file.ts';
import type { PageSource } from '#shared/adapters/search/btree-cells.ts';

/** The file read directly, recording what a walk asks it to prefetch. */
export function localPages(path: string): PageSource & { asked: ByteRange[][] } {
  const fd = fs.openSync(path, 'r');
  const asked: ByteRange[][] = [];
  return {
    asked,
    prefetch: (ranges) => void asked.push([...ranges]),
    read: (offset, length) => {
      const out = new Uint8Array(length);
      fs.readSync(fd, out, 0, length, offset);
      return out;
    },
  };
}

/** The pages (numbered from 1) SQLite reads to run `sql`, its reads caught as the lazy file's hook catches them. */
export function pagesSqliteReads(path: string, pageSize: number, sql: string, values: (string | number)[] = []): Set<number> {
  const db = new sqlite.Database(path, { readOnly: true });
  const real = fs.readSync;
  const pages = new Set<number>();
  try {
    (fs as { readSync: unknown }).readSync = (...args: unknown[]) => {
      const position = args[4];
      if (typeof position === 'number' || typeof position === 'bigint') pages.add(Math.floor(Number(position) / pageSize) + 1);
      return (real as (...a: unknown[]) => number)(...args);
    };
    db.all(sql, values);
  } finally {
    (fs as { readSync: unknown }).readSync = real;
    db.close();
  }
  return pages;
}
