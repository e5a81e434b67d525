/**
 * Where SQLite's reads of a lazily fetched index file are caught. The
 * WebAssembly SQLite (node-sqlite3-wasm) does its file I/O through the
 * `node:fs` module's synchronous calls, looked up on the module at each call
 * (openSync, readSync, writeSync, ftruncateSync, closeSync); it has no VFS of
 * its own to plug in. So this wraps those calls once: a descriptor opened on
 * a registered path first makes its file's bytes local (./lazy-file.ts
 * blocks until the worker has fetched them), then does the real call. Any
 * other descriptor goes straight through, at the cost of one map lookup.
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve } from 'node:path';

/** What the hook asks of a lazy file: the bytes at offset made local, or an error thrown. */
export interface LocalBytes {
  /** `write`: the bytes are about to be written (a lazy file may let reads of some bytes through before a write may go). */
  ensure(offset: number, length: number, write: boolean): void;
  /** Every byte made local (a write of unknown place, a truncation). */
  ensureAll(): void;
}

const byPath = new Map<string, LocalBytes>();
const byFd = new Map<number, LocalBytes>();
let installed = false;

type Fn = (...args: never[]) => unknown;
/** The calls wrapped, as the fs module holds them. */
type Calls = Record<'openSync' | 'closeSync' | 'readSync' | 'writeSync' | 'ftruncateSync', Fn>;

/** Where a readSync/writeSync reads or writes: the positional form (fd, buffer, offset, length, position) or the options form. */
function placeOf(args: unknown[]): { position: number; length: number } | null {
  const [, buffer, third, fourth, fifth] = args;
  if (typeof third === 'object' && third !== null) {
    const o = third as { length?: number; position?: number | bigint | null };
    const length = o.length ?? (buffer as ArrayBufferView).byteLength;
    return typeof o.position === 'number' ? { position: o.position, length } : null;
  }
  if (typeof third === 'string') return null;
  const length = typeof fourth === 'number' ? fourth : (buffer as ArrayBufferView).byteLength - (typeof third === 'number' ? third : 0);
  return typeof fifth === 'number' ? { position: fifth, length } : typeof fifth === 'bigint' ? { position: Number(fifth), length } : null;
}

function install(): void {
  if (installed) return;
  installed = true;
  const calls = fs as unknown as Calls;
  const real = { ...calls } as Record<keyof Calls, (...args: unknown[]) => unknown>;
  const before = (fd: unknown, args: unknown[], write: boolean) => {
    const file = byFd.get(fd as number);
    if (!file) return;
    const place = placeOf(args);
    if (place) file.ensure(place.position, place.length, write);
    else file.ensureAll();
  };
  const wrapped: Record<keyof Calls, (...args: unknown[]) => unknown> = {
    openSync: (...args) => {
      const fd = real.openSync(...args) as number;
      const file = typeof args[0] === 'string' ? byPath.get(resolve(args[0])) : undefined;
      if (file) byFd.set(fd, file);
      return fd;
    },
    closeSync: (...args) => {
      byFd.delete(args[0] as number);
      return real.closeSync(...args);
    },
    readSync: (...args) => {
      before(args[0], args, false);
      return real.readSync(...args);
    },
    writeSync: (...args) => {
      before(args[0], args, true);
      return real.writeSync(...args);
    },
    ftruncateSync: (...args) => {
      byFd.get(args[0] as number)?.ensureAll();
      return real.ftruncateSync(...args);
    },
  };
  Object.assign(calls, wrapped);
  // Named imports of node:fs (`import { readSync }`) see the wrapped calls too, not only `fs.readSync`.
  syncBuiltinESMExports();
}

/** Catches the reads and writes of `path` from now on (opened after this call). */
export function registerLazyFile(path: string, file: LocalBytes): void {
  install();
  byPath.set(resolve(path), file);
}

/** Stops catching `path`: its bytes are all local, or it is gone. */
export function unregisterLazyFile(path: string): void {
  const file = byPath.get(resolve(path));
  byPath.delete(resolve(path));
  for (const [fd, f] of byFd) if (f === file) byFd.delete(fd);
}
