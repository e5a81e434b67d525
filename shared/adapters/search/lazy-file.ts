/**
 * An S3 object as a local file whose bytes arrive as they are read: the
 * search index of a new container (docs/search.md), so its
 * first answer waits for the few MB that answer reads, not for the whole
 * file. The file is made at its full size (sparse); a worker thread
 * (./range-fetch-worker.ts) fetches blocks with ranged GETs: those a read
 * needs at once, the rest in a background download once asked. SQLite's reads and
 * writes of the file are caught (./lazy-file-hook.ts) and wait, blocked with
 * Atomics.wait (SQLite's I/O is synchronous), until their blocks are local
 * (./block-map.ts). A block that cannot be fetched makes the read throw,
 * which SQLite reports as an I/O error: an error, never an answer read from
 * zeros. Once every block is local, reads go straight to the disk.
 */
import { closeSync, existsSync, ftruncateSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { BlockMap, PRESENT, type BlockRange } from './block-map.ts';
import { registerLazyFile, unregisterLazyFile } from './lazy-file-hook.ts';
import type { RangeDemand, RangeDownloadMessage, RangeFetchSetup, RangeSetupMessage } from './range-fetch-worker.ts';

/** The worker's file in a function's bundle, beside its code (infra/bundling.ts writes it). */
export const RANGE_WORKER_BUNDLE_FILE = 'range-fetch-worker.mjs';

/** `length` bytes at `offset`. */
export interface ByteRange {
  offset: number;
  length: number;
}

/** Pages of the object, by page number (from 1), fetched already (./page-pack.ts): read before their blocks arrive. */
export interface PagePack {
  pageSize: number;
  pages: Map<number, Uint8Array>;
}

export interface LazyFileOptions {
  bucket: string;
  key: string;
  /** The object's size in bytes. */
  size: number;
  /** The local file to make. */
  path: string;
  /** The object's first bytes, when the caller fetched them already (./index-store.ts, snapshotHead). */
  head?: Uint8Array;
  /** Byte ranges to fetch at once, before a read asks for them (./hot-pages.ts). */
  prefetch?: ByteRange[];
  /** Pages the caller fetched already (./page-pack.ts): read at once, though their blocks are not local yet. */
  pages?: PagePack;
  /** Bytes per block: the unit of a GET and of the map. */
  blockSize?: number;
  /** Blocks fetched past a read's own (reads of an index mostly go forward); doubled while reads go on from the last fetch's end. */
  readAhead?: number;
  /** The most a doubled read-ahead may grow to. */
  maxReadAhead?: number;
  /** Parallel streams of the background download; 0 fetches only what is read. */
  streams?: number;
  /** Blocks per background GET. */
  runBlocks?: number;
  /** Blocks per GET of a read's fetch, longer ones split into parallel GETs. */
  demandBlocks?: number;
  /** How long a read waits for its blocks before it is an error. */
  timeoutMs?: number;
}

/** A read that waited for bytes: where, how much, how long (what a cold answer's waits were spent on). */
export interface WaitedRead {
  offset: number;
  length: number;
  ms: number;
}

/** Waited reads kept in `waits.log`: a first answer has a few dozen; a long-lived container keeps no more. */
const WAIT_LOG_MAX = 64;
/** Blocks asked for by prefetch() remembered (a read of one waits for its GET instead of asking again, with read-ahead). */
const HINTED_MAX = 4096;

/** The defaults, chosen by bench/search.ts's cold-start figures (bench/results/search.md). */
export const LAZY_FILE_DEFAULTS = {
  blockSize: 256 * 1024,
  readAhead: 3,
  maxReadAhead: 64,
  streams: 6,
  runBlocks: 32,
  demandBlocks: 4,
  timeoutMs: 20_000,
} as const;

/**
 * A range-fetch worker: the bundled file beside a function's code, or else the source, loaded
 * through tsx's loader (tests, benches, the local stack run the source; a worker thread does not
 * inherit the process's --import loader). It waits for its setup message.
 */
function bootWorker(): Worker {
  for (const rel of [`./${RANGE_WORKER_BUNDLE_FILE}`, `../${RANGE_WORKER_BUNDLE_FILE}`]) {
    const url = new URL(rel, import.meta.url);
    if (existsSync(url)) return new Worker(url);
  }
  const source = new URL('./range-fetch-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`, { eval: true });
}

let spare: Worker | undefined;

/**
 * Starts the next lazy file's worker now: its S3 client loads (a few hundred ms in a cold
 * container) while the caller fetches what the file needs to open (the manifest, the head).
 */
export function prewarmRangeWorker(): void {
  if (spare) return;
  const worker = bootWorker();
  // An idle spare must not keep a process alive; one that failed to start is not handed out.
  worker.unref();
  worker.once('error', () => {
    if (spare === worker) spare = undefined;
  });
  spare = worker;
}

function takeWorker(): Worker {
  const worker = spare ?? bootWorker();
  spare = undefined;
  return worker;
}

export class LazyFile {
  private readonly map: BlockMap;
  private readonly worker: Worker;
  private readonly baseReadAhead: number;
  private readonly maxReadAhead: number;
  private readAhead: number;
  /** The last block the last demand fetched: a read that starts right after it reads on (an overflow chain, a scan). */
  private lastFetched = -2;
  private readonly timeoutMs: number;
  private done = false;
  private closed = false;
  /** Where the worker tells why a GET failed: read synchronously by the blocked reader. */
  private readonly errors: MessagePort;
  /** The worker's last error, told with the read that fails. */
  private lastError = '';
  /** Resolves once every byte is local. */
  readonly complete: Promise<void>;
  /** Reads that waited for bytes, how long they waited in all (what a cold answer spends on the network), and the first WAIT_LOG_MAX of them. */
  readonly waits: { reads: number; ms: number; log: WaitedRead[] } = { reads: 0, ms: 0, log: [] };
  /** Blocks prefetch() asked the worker for: a read of one waits for that GET rather than asking again with read-ahead. */
  private readonly hinted = new Set<number>();
  /** This object's own descriptor of the file, for read(). */
  private fd = -1;
  /**
   * Pages written at open from a page pack (numbered from 1), and their size: readable before their
   * blocks arrive. The worker later writes the same bytes over them with their block (the snapshot
   * does not change), so a write into one still waits for its block, as any write does.
   */
  private readonly packed = new Set<number>();
  private pageSize = 0;
  /** The descriptor adopt() writes through: opened before the hook catches the path's descriptors. */
  private own = -1;

  private constructor(
    readonly path: string,
    options: Required<Omit<LazyFileOptions, 'head' | 'pages'>> & Pick<LazyFileOptions, 'head' | 'pages'>,
  ) {
    this.map = new BlockMap(options.size, options.blockSize);
    this.baseReadAhead = options.readAhead;
    this.readAhead = options.readAhead;
    this.maxReadAhead = options.maxReadAhead;
    this.timeoutMs = options.timeoutMs;
    const channel = new MessageChannel();
    this.errors = channel.port1;
    this.errors.unref();
    // Opened before the file is registered with the hook: adopt()'s writes must not wait for their blocks.
    this.own = openSync(path, 'w');
    ftruncateSync(this.own, options.size);
    this.adopt(options);
    const setup: RangeFetchSetup = {
      bucket: options.bucket,
      key: options.key,
      path,
      size: options.size,
      blockSize: options.blockSize,
      shared: this.map.buffer,
      streams: options.streams,
      runBlocks: options.runBlocks,
      demandBlocks: options.demandBlocks,
      prefetch: options.prefetch.flatMap((r) => this.map.covering(r.offset, r.length) ?? []),
      errors: channel.port2,
    };
    this.worker = takeWorker();
    this.worker.postMessage({ setup } satisfies RangeSetupMessage, [channel.port2]);
    // The worker must not keep a process (a test, a bench's child) alive; Lambda freezes it between invocations.
    this.worker.unref();
    this.complete = new Promise((ok, fail) => {
      this.worker.on('message', (msg: { complete?: boolean }) => {
        if (msg.complete) {
          this.finish();
          ok();
        }
      });
      this.worker.on('error', (err) => {
        this.lastError = err.message;
        fail(err);
      });
    });
    // A failed background download is not an error of its own: the reads that need the bytes say so.
    this.complete.catch(() => undefined);
    if (this.map.blocks === 0) this.finish();
    else registerLazyFile(path, this);
  }

  /**
   * Takes bytes of the object the caller fetched itself: its head (whole blocks are then local) and a page pack
   * (readable at once). At open, or later but before SQLite opens the file: a manifest that names the hot ranges
   * lets the worker start on them while the head and the pack are on their way (./live-index.ts). The worker may
   * fetch the same blocks meanwhile: both write the object's own bytes, and a block already local is left as it is.
   */
  adopt(given: Pick<LazyFileOptions, 'head' | 'pages'>): void {
    const { head, pages } = given;
    if (!head && !pages) return;
    const size = this.map.size;
    const blockSize = this.map.blockSize;
    const local = (offset: number, length: number) => {
      const range = this.map.covering(offset, length);
      return !range || this.map.firstAbsent(range) === -1;
    };
    if (this.own === -1) throw new Error(`The lazy file ${this.path} is closed`);
    if (head && !local(0, head.length)) writeSync(this.own, head, 0, head.length, 0);
    if (pages) {
      this.pageSize = pages.pageSize;
      for (const [page, bytes] of pages.pages) {
        const at = (page - 1) * pages.pageSize;
        if (at + bytes.length > size) continue;
        if (!local(at, bytes.length)) writeSync(this.own, bytes, 0, bytes.length, at);
        this.packed.add(page);
      }
    }
    // The head's whole blocks are local now.
    const headEnd = head?.length === size ? this.map.blocks : Math.floor((head?.length ?? 0) / blockSize);
    for (let b = 0; b < headEnd; b++) if (this.map.state(b) !== PRESENT) this.map.mark(b, PRESENT);
  }

  /** Makes `path` a lazy copy of the object and starts fetching it. */
  static open(options: LazyFileOptions): LazyFile {
    return new LazyFile(options.path, { ...LAZY_FILE_DEFAULTS, prefetch: [], ...options });
  }

  /**
   * Starts downloading the rest in the background (`streams` parallel GETs), leaving reads their own
   * GETs. Not at open: a first answer's reads come one after another and would share the network.
   */
  download(): void {
    if (!this.done && !this.closed) this.worker.postMessage({ download: true } satisfies RangeDownloadMessage);
  }

  /** Blocks until the bytes at `offset` are local (to be written: their whole blocks); throws when they cannot be fetched. */
  ensure(offset: number, length: number, write = false): void {
    if (this.done || (!write && this.inPack(offset, length))) return;
    const range = this.map.covering(offset, length);
    if (range) this.await(range, offset, length);
  }

  /** Whether every page of these bytes came in the page pack. */
  private inPack(offset: number, length: number): boolean {
    if (this.packed.size === 0 || length <= 0) return false;
    for (let page = Math.floor(offset / this.pageSize) + 1; page <= Math.floor((offset + length - 1) / this.pageSize) + 1; page++)
      if (!this.packed.has(page)) return false;
    return true;
  }

  /** Whether every byte is local (reads no longer wait; prefetching has nothing left to do). */
  get isComplete(): boolean {
    return this.done;
  }

  /**
   * Starts fetching the blocks of these byte ranges at once, in parallel GETs, without read-ahead,
   * and returns: a caller that knows which pages it will read next (./row-pages.ts) turns many reads
   * that would wait one after another into one wait. A read of a block asked for here waits for
   * that GET. Nothing is fetched once the file is complete.
   */
  prefetch(ranges: readonly ByteRange[]): void {
    if (this.done || this.closed) return;
    const blocks = new Set<number>();
    for (const r of ranges) {
      if (this.inPack(r.offset, r.length)) continue;
      const range = this.map.covering(r.offset, r.length);
      if (!range) continue;
      for (let b = range.first; b <= range.last; b++) if (this.map.state(b) !== PRESENT && !this.hinted.has(b)) blocks.add(b);
    }
    if (this.hinted.size + blocks.size > HINTED_MAX) this.hinted.clear();
    let run: BlockRange | undefined;
    const send = (r: BlockRange | undefined) => r && this.worker.postMessage({ fetch: r } satisfies RangeDemand);
    for (const b of [...blocks].sort((x, y) => x - y)) {
      this.hinted.add(b);
      if (run && run.last === b - 1) run.last = b;
      else {
        send(run);
        run = { first: b, last: b };
      }
    }
    send(run);
  }

  /** The bytes at `offset`, read once they are local (blocks until then; throws when they cannot be fetched). */
  read(offset: number, length: number): Uint8Array {
    this.ensure(offset, length);
    if (this.fd === -1) this.fd = openSync(this.path, 'r');
    const out = new Uint8Array(length);
    const got = readSync(this.fd, out, 0, length, offset);
    return got === length ? out : out.subarray(0, got);
  }

  ensureAll(): void {
    if (!this.done && this.map.blocks > 0) this.await({ first: 0, last: this.map.blocks - 1 });
  }

  private await(range: BlockRange, offset = range.first * this.map.blockSize, length = (range.last - range.first + 1) * this.map.blockSize): void {
    if (this.map.firstAbsent(range) === -1) return;
    const began = performance.now();
    try {
      this.awaitAbsent(range, began + this.timeoutMs);
    } finally {
      const ms = performance.now() - began;
      this.waits.reads++;
      this.waits.ms += ms;
      if (this.waits.log.length < WAIT_LOG_MAX) this.waits.log.push({ offset, length, ms });
    }
  }

  private awaitAbsent(range: BlockRange, deadline: number): void {
    if (this.closed) throw new Error(`The lazy file ${this.path} is closed`);
    let asked = false;
    for (;;) {
      const version = this.map.version();
      const first = this.map.firstAbsent(range);
      if (first === -1) return;
      if (this.map.anyFailed(range)) {
        // The next read asks again: a GET that failed now may succeed then.
        this.map.forget(range);
        for (let b = range.first; b <= range.last; b++) this.hinted.delete(b);
        throw new Error(`Could not fetch bytes ${range.first * this.map.blockSize}+ of ${this.path}: ${this.workerError() || 'the ranged GET failed'}`);
      }
      // A block prefetch() asked for is on its way: asking again would fetch read-ahead no one asked for.
      if (!asked) {
        let all = true;
        for (let b = first; b <= range.last && all; b++) all = this.map.state(b) === PRESENT || this.hinted.has(b);
        asked = all;
      }
      if (!asked) {
        this.readAhead = first === this.lastFetched + 1 ? Math.min(this.readAhead * 2, this.maxReadAhead) : this.baseReadAhead;
        const fetch = this.map.toFetch(range, this.readAhead);
        if (fetch) {
          this.worker.postMessage({ fetch } satisfies RangeDemand);
          this.lastFetched = fetch.last;
        }
        asked = true;
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        const why = this.workerError();
        throw new Error(`Timed out after ${this.timeoutMs} ms fetching bytes ${range.first * this.map.blockSize}+ of ${this.path}${why ? `: ${why}` : ''}`);
      }
      this.map.waitChange(version, left);
    }
  }

  /** The worker's last word on a failed GET, read without waiting for this thread's event loop. */
  private workerError(): string {
    for (let m = receiveMessageOnPort(this.errors); m; m = receiveMessageOnPort(this.errors)) this.lastError = String(m.message);
    return this.lastError;
  }

  private finish(): void {
    this.done = true;
    unregisterLazyFile(this.path);
  }

  /** Stops fetching and forgets the file (which the caller removes, or this does with `remove`). */
  close(options: { remove?: boolean } = {}): void {
    this.closed = true;
    unregisterLazyFile(this.path);
    if (this.fd !== -1) closeSync(this.fd);
    this.fd = -1;
    if (this.own !== -1) closeSync(this.own);
    this.own = -1;
    void this.worker.terminate();
    this.errors.close();
    if (options.remove) rmSync(this.path, { force: true });
  }
}
