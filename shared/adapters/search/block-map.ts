/**
 * Which blocks of a lazily fetched file are on local disk (./lazy-file.ts):
 * one Int32 per block in memory shared by the thread that reads the file
 * (SQLite, through ./lazy-file-hook.ts) and the worker that fetches it
 * (./range-fetch-worker.ts), plus a counter the worker bumps and notifies
 * after every change, which the reader waits on with Atomics.wait. A block
 * is written to disk once, by the worker, before it is marked present; the
 * reader writes a block only once it is present, so the two never overwrite
 * each other. Bytes past the remote file's end (pages SQLite appends) are
 * local from the start.
 */

export const MISSING = 0;
export const PRESENT = 1;
/** The worker gave up on the block (retries spent): a read of it is an error, never zeros. */
export const FAILED = 2;

/** A run of blocks, first and last included. */
export interface BlockRange {
  first: number;
  last: number;
}

export class BlockMap {
  readonly blocks: number;
  /** One state per block, then the change counter. */
  private readonly cells: Int32Array;

  constructor(
    readonly size: number,
    readonly blockSize: number,
    shared: SharedArrayBuffer = new SharedArrayBuffer(4 * (Math.ceil(size / blockSize) + 1)),
  ) {
    this.blocks = Math.ceil(size / blockSize);
    this.cells = new Int32Array(shared);
    if (this.cells.length !== this.blocks + 1) throw new Error(`A block map of ${this.blocks} blocks needs ${this.blocks + 1} cells, not ${this.cells.length}`);
  }

  /** The memory to hand the other thread. */
  get buffer(): SharedArrayBuffer {
    return this.cells.buffer as SharedArrayBuffer;
  }

  state(block: number): number {
    return Atomics.load(this.cells, block);
  }

  /** The blocks covering `length` bytes at `offset`, within the remote file; null when none are (past its end). */
  covering(offset: number, length: number): BlockRange | null {
    const end = Math.min(offset + length, this.size);
    if (length <= 0 || offset >= end) return null;
    return { first: Math.floor(offset / this.blockSize), last: Math.floor((end - 1) / this.blockSize) };
  }

  /** The first block of `range` that is not present, or -1. */
  firstAbsent(range: BlockRange): number {
    for (let b = range.first; b <= range.last; b++) if (this.state(b) !== PRESENT) return b;
    return -1;
  }

  /** Whether any block of `range` failed. */
  anyFailed(range: BlockRange): boolean {
    for (let b = range.first; b <= range.last; b++) if (this.state(b) === FAILED) return true;
    return false;
  }

  /** Whether every block is present. */
  complete(): boolean {
    return this.firstAbsent({ first: 0, last: this.blocks - 1 }) === -1;
  }

  /**
   * The run to fetch for a read of `range`: from its first absent block to its last, extended by
   * up to `readAhead` blocks past it while they are absent (reads of an index mostly go forward:
   * a B-tree's siblings, a blob's overflow pages).
   */
  toFetch(range: BlockRange, readAhead: number): BlockRange | null {
    const first = this.firstAbsent(range);
    if (first === -1) return null;
    let last = range.last;
    while (last + 1 < this.blocks && last < range.last + readAhead && this.state(last + 1) !== PRESENT) last++;
    return { first, last };
  }

  /** The absent runs, at most `maxBlocks` long each, in file order: what a background download fetches. */
  absentRuns(maxBlocks: number): BlockRange[] {
    const runs: BlockRange[] = [];
    for (let b = 0; b < this.blocks; b++) {
      if (this.state(b) === PRESENT) continue;
      const last = runs.at(-1);
      if (last && last.last === b - 1 && b - last.first < maxBlocks) last.last = b;
      else runs.push({ first: b, last: b });
    }
    return runs;
  }

  /** Marks a block and wakes the reader. */
  mark(block: number, state: number): void {
    Atomics.store(this.cells, block, state);
    this.changed();
  }

  /** A read gave up on its failed blocks: they may be fetched again. */
  forget(range: BlockRange): void {
    for (let b = range.first; b <= range.last; b++) Atomics.compareExchange(this.cells, b, FAILED, MISSING);
  }

  private changed(): void {
    Atomics.add(this.cells, this.blocks, 1);
    Atomics.notify(this.cells, this.blocks);
  }

  /** The change counter, to wait on. */
  version(): number {
    return Atomics.load(this.cells, this.blocks);
  }

  /** Blocks this thread until the counter moves past `version` or `timeoutMs` passes; 'timed-out' then. */
  waitChange(version: number, timeoutMs: number): 'ok' | 'not-equal' | 'timed-out' {
    return Atomics.wait(this.cells, this.blocks, version, timeoutMs);
  }
}
