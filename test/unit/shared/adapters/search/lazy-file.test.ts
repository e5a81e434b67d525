import { randomBytes } from 'node:crypto';
import fs, { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRangeServerProcess, type RangeServerProcess } from '#bench/support/s3-range-server.ts';
import { LazyFile, type LazyFileOptions } from '#shared/adapters/search/lazy-file.ts';

const BLOCK = 4096;
/** 40 blocks and a half: the last block is short. */
const SIZE = 40 * BLOCK + 2048;

let dir: string;
let source: Buffer;
let server: RangeServerProcess;
const open: LazyFile[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lazy-file-'));
  source = randomBytes(SIZE);
  writeFileSync(join(dir, 'remote.bin'), source);
  // In a process of its own: a read blocks this thread until its bytes arrive.
  server = await startRangeServerProcess({ 'remote.bin': join(dir, 'remote.bin') });
  // The worker's S3 client reads its endpoint from the environment it is started with.
  process.env.AWS_ENDPOINT_URL_S3 = server.endpoint;
}, 30_000);
afterEach(async () => {
  for (const f of open.splice(0)) f.close({ remove: true });
  await server.failFrom(null);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function lazy(options: Partial<LazyFileOptions> = {}): LazyFile {
  const file = LazyFile.open({
    bucket: 'b',
    key: 'remote.bin',
    size: SIZE,
    path: join(dir, `local-${n++}.bin`),
    blockSize: BLOCK,
    readAhead: 1,
    streams: 0,
    ...options,
  });
  open.push(file);
  return file;
}

/** Reads as SQLite's VFS does: `fs.openSync`, a positional `fs.readSync`, `fs.closeSync`. */
function read(path: string, position: number, length: number): Buffer {
  const fd = fs.openSync(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const got = fs.readSync(fd, buf, 0, length, position);
    return buf.subarray(0, got);
  } finally {
    fs.closeSync(fd);
  }
}

const gets = async () => (await server.stats()).gets;

describe('a lazy file', () => {
  it('reads the remote bytes at any place, fetching only the blocks read and their read-ahead', async () => {
    const file = lazy();
    const before = await server.stats();
    for (const [at, len] of [
      [0, 100],
      [BLOCK * 10 - 5, 10],
      [SIZE - 300, 300],
      [BLOCK * 20, BLOCK * 3],
    ] as const) {
      expect(read(file.path, at, len).equals(source.subarray(at, at + len)), `bytes ${at}+${len}`).toBe(true);
    }
    const after = await server.stats();
    // 4 reads, each one GET of its blocks and one block ahead: 2 + 3 + 1 + 4 blocks, not 41.
    expect(after.gets - before.gets).toBe(4);
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(10 * BLOCK);
  }, 30_000);

  it('doubles its read-ahead while reads go on from the last fetch, and starts over after a jump', async () => {
    const file = lazy({ readAhead: 1, maxReadAhead: 4 });
    const before = await server.stats();
    // Block 0 and 1 ahead; then from block 2 on: 2 ahead (blocks 2-4); from 5: 4 ahead (5-9); a jump to 30: 1 ahead again.
    for (const block of [0, 2, 5, 30]) expect(read(file.path, block * BLOCK, 10).equals(source.subarray(block * BLOCK, block * BLOCK + 10))).toBe(true);
    const after = await server.stats();
    expect(after.bytes - before.bytes).toBe((2 + 3 + 5 + 2) * BLOCK);
    // The reads within what was fetched ahead need no GET.
    expect(read(file.path, 9 * BLOCK, 10).equals(source.subarray(9 * BLOCK, 9 * BLOCK + 10))).toBe(true);
    expect((await server.stats()).bytes).toBe(after.bytes);
  }, 30_000);

  it('fetches the ranges it is told every answer reads before any read asks, and nothing else until asked to download', async () => {
    const file = lazy({ prefetch: [{ offset: BLOCK * 3 + 100, length: BLOCK * 2 }], streams: 4 });
    const before = await gets();
    // Blocks 3-5 arrive without a read; nothing else does.
    await expect.poll(async () => (await server.stats()).gets - before, { timeout: 10_000 }).toBe(1);
    expect(read(file.path, BLOCK * 4, 10).equals(source.subarray(BLOCK * 4, BLOCK * 4 + 10))).toBe(true);
    expect(await gets()).toBe(before + 1);
  }, 30_000);

  it('prefetches the blocks of the ranges it is given in one GET per run, without read-ahead, and a read of them asks nothing more', async () => {
    const file = lazy({ readAhead: 3 });
    const before = await server.stats();
    file.prefetch([
      { offset: BLOCK * 10 + 5, length: 10 },
      { offset: BLOCK * 11, length: 1 },
      { offset: BLOCK * 20, length: BLOCK },
    ]);
    expect(file.read(BLOCK * 20 + 7, 100)).toEqual(new Uint8Array(source.subarray(BLOCK * 20 + 7, BLOCK * 20 + 107)));
    expect(read(file.path, BLOCK * 10, 2 * BLOCK).equals(source.subarray(BLOCK * 10, BLOCK * 12))).toBe(true);
    const after = await server.stats();
    // Blocks 10-11 and 20: two GETs of three blocks, none ahead of them.
    expect(after.gets - before.gets).toBe(2);
    expect(after.bytes - before.bytes).toBe(3 * BLOCK);
    // Asked again, what is local or on its way is not fetched twice.
    file.prefetch([{ offset: BLOCK * 10, length: 3 * BLOCK }]);
    expect(file.read(BLOCK * 12, 10)).toEqual(new Uint8Array(source.subarray(BLOCK * 12, BLOCK * 12 + 10)));
    expect((await server.stats()).bytes - after.bytes).toBe(BLOCK);
  }, 30_000);

  it('logs where its reads waited, and prefetches nothing once complete', async () => {
    const file = lazy({ streams: 2 });
    read(file.path, BLOCK * 7 + 3, 20);
    expect(file.waits.reads).toBe(1);
    expect(file.waits.log).toEqual([{ offset: BLOCK * 7 + 3, length: 20, ms: expect.any(Number) as number }]);
    read(file.path, BLOCK * 7 + 50, 20);
    expect(file.waits.reads).toBe(1);
    file.download();
    await file.complete;
    expect(file.isComplete).toBe(true);
    const before = await gets();
    file.prefetch([{ offset: 0, length: SIZE }]);
    expect(file.read(BLOCK * 33, 10)).toEqual(new Uint8Array(source.subarray(BLOCK * 33, BLOCK * 33 + 10)));
    expect(await gets()).toBe(before);
  }, 30_000);

  it("catches SQLite's form of a read (a BigInt position) and the options form, and leaves other files alone", () => {
    const file = lazy();
    const fd = fs.openSync(file.path, 'r');
    try {
      const a = Buffer.alloc(50);
      fs.readSync(fd, a, 0, 50, BigInt(BLOCK * 15 + 7));
      expect(a.equals(source.subarray(BLOCK * 15 + 7, BLOCK * 15 + 57))).toBe(true);
      const b = Buffer.alloc(50);
      fs.readSync(fd, b, { position: BLOCK * 25, length: 50 });
      expect(b.equals(source.subarray(BLOCK * 25, BLOCK * 25 + 50))).toBe(true);
    } finally {
      fs.closeSync(fd);
    }
    // The remote copy itself is no lazy file: read as it is.
    expect(read(join(dir, 'remote.bin'), 100, 10).equals(source.subarray(100, 110))).toBe(true);
  }, 30_000);

  it('takes the head it is given as local, without a GET', async () => {
    const file = lazy({ head: source.subarray(0, 2 * BLOCK) });
    const before = await gets();
    expect(read(file.path, 0, 2 * BLOCK).equals(source.subarray(0, 2 * BLOCK))).toBe(true);
    expect(await gets()).toBe(before);
  });

  it("reads the pages of a page pack at once, without a GET, and fetches a pack page's block before a write into it", async () => {
    const page = 1024;
    // Pages 9 and 10 (blocks 2) and 41 (block 10), as a snapshot's pack holds them.
    const pages = new Map([9, 10, 41].map((n) => [n, new Uint8Array(source.subarray((n - 1) * page, n * page))]));
    const file = lazy({ pages: { pageSize: page, pages }, readAhead: 0, streams: 2 });
    const before = await server.stats();
    expect(read(file.path, 8 * page, 2 * page).equals(source.subarray(8 * page, 10 * page))).toBe(true);
    expect(file.read(40 * page + 100, 500)).toEqual(new Uint8Array(source.subarray(40 * page + 100, 40 * page + 600)));
    // A prefetch of pack pages asks nothing either.
    file.prefetch([{ offset: 40 * page, length: page }]);
    expect(await server.stats()).toEqual(before);
    expect(file.waits.reads).toBe(0);
    // A read past the pack's pages waits for its block as before.
    expect(read(file.path, 8 * page, 3 * page).equals(source.subarray(8 * page, 11 * page))).toBe(true);
    expect((await server.stats()).gets - before.gets).toBe(1);
    // A write into a pack page of a block not yet local fetches the block first: the background download never overwrites it.
    const patch = Buffer.from('written locally');
    const fd = fs.openSync(file.path, 'r+');
    fs.writeSync(fd, patch, 0, patch.length, 40 * page + 10);
    fs.closeSync(fd);
    expect((await server.stats()).gets - before.gets).toBe(2);
    file.download();
    await file.complete;
    const expected = Buffer.from(source);
    patch.copy(expected, 40 * page + 10);
    expect(readFileSync(file.path).equals(expected)).toBe(true);
  }, 30_000);

  it('takes a head and a page pack after it opened (as when the hot ranges started first), without a GET', async () => {
    const page = 1024;
    const pages = new Map([9, 41].map((n) => [n, new Uint8Array(source.subarray((n - 1) * page, n * page))]));
    const file = lazy({ readAhead: 0 });
    const before = await gets();
    file.adopt({ head: source.subarray(0, 2 * BLOCK), pages: { pageSize: page, pages } });
    expect(read(file.path, 0, 2 * BLOCK).equals(source.subarray(0, 2 * BLOCK))).toBe(true);
    expect(file.read(40 * page + 100, 500)).toEqual(new Uint8Array(source.subarray(40 * page + 100, 40 * page + 600)));
    expect(read(file.path, 8 * page, page).equals(source.subarray(8 * page, 9 * page))).toBe(true);
    expect(await gets()).toBe(before);
    expect(file.waits.reads).toBe(0);
    // A head whose blocks are local already is left as it is.
    file.adopt({ head: Buffer.alloc(BLOCK) });
    expect(read(file.path, 0, BLOCK).equals(source.subarray(0, BLOCK))).toBe(true);
  });

  it('downloads the rest in the background once asked, then is complete and reads from disk alone', async () => {
    const file = lazy({ streams: 3, runBlocks: 8 });
    file.download();
    await file.complete;
    expect(readFileSync(file.path).equals(source)).toBe(true);
    const before = await gets();
    expect(read(file.path, 1234, 5000).equals(source.subarray(1234, 6234))).toBe(true);
    expect(await gets()).toBe(before);
  }, 30_000);

  it('fetches a block before a write into it, and the background download never overwrites the write', async () => {
    const file = lazy({ streams: 2, runBlocks: 4 });
    const patch = Buffer.from('written locally');
    const fd = fs.openSync(file.path, 'r+');
    fs.writeSync(fd, patch, 0, patch.length, BLOCK * 30 + 10);
    fs.closeSync(fd);
    file.download();
    await file.complete;
    const expected = Buffer.from(source);
    patch.copy(expected, BLOCK * 30 + 10);
    expect(readFileSync(file.path).equals(expected)).toBe(true);
  }, 30_000);

  it('makes a read whose GETs fail an error, never zeros, and reads it once the GETs succeed again', async () => {
    const file = lazy({ timeoutMs: 10_000 });
    await server.failFrom(BLOCK * 5);
    expect(() => read(file.path, BLOCK * 6, 100)).toThrow(/Could not fetch bytes 24576\+ .*(500|InternalError)/u);
    await server.failFrom(null);
    expect(read(file.path, BLOCK * 6, 100).equals(source.subarray(BLOCK * 6, BLOCK * 6 + 100))).toBe(true);
    // Blocks before the failing range were never at fault.
    expect(read(file.path, 0, 10).equals(source.subarray(0, 10))).toBe(true);
  }, 30_000);

  it('makes a read an error when its bytes do not arrive in time', () => {
    const file = lazy({ timeoutMs: 1 });
    expect(() => read(file.path, BLOCK * 12, 10)).toThrow(/Timed out after 1 ms fetching bytes 49152\+/u);
  });
});
