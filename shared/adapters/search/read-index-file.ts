/**
 * One read-only look at an index file written to disk (the rebuild's snapshot before its upload, a bench's
 * copy): what pages it has and where (./hot-pages.ts, ./page-pack.ts read SQLite's dbstat table so).
 */
import { rmSync } from 'node:fs';
import sqlite from 'node-sqlite3-wasm';

/** Opens the file at `path` read-only, gives it to `read`, and closes it whatever `read` does. */
export function readIndexFile<T>(path: string, read: (db: sqlite.Database) => T): T {
  // A process that died with the file open left the wasm build's lock directory; a snapshot has no other user.
  rmSync(`${path}.lock`, { recursive: true, force: true });
  const db = new sqlite.Database(path, { readOnly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
