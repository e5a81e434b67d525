/**
 * The worker thread behind ./lazy-file.ts: fetches an S3 object's blocks
 * with ranged GETs into a local sparse file and marks them in the shared
 * block map (./block-map.ts), which wakes the reader blocked on it. A read's
 * blocks (a "demand" message) and the ranges every answer reads (prefetch)
 * are fetched at once, in parallel GETs; when told to ("download"), a
 * background download fills the rest in large runs over a few streams. A failed GET is retried;
 * after the last try a demanded block is marked FAILED (the read is an
 * error), a background block is left MISSING (a read fetches it again).
 * Imports only the S3 client: this file is bundled on its own beside a
 * function's code (infra/bundling.ts).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BlockMap, FAILED, PRESENT, type BlockRange } from './block-map.ts';
import { s3ClientOptions } from '#shared/platform/s3-options.ts';

/** What ./lazy-file.ts hands the worker. */
export interface RangeFetchSetup {
  bucket: string;
  key: string;
  path: string;
  size: number;
  blockSize: number;
  shared: SharedArrayBuffer;
  /** Parallel streams of the background download; 0 fetches only what is read. */
  streams: number;
  /** Blocks per background GET. */
  runBlocks: number;
  /** Runs of blocks to fetch at once, before any read asks (the tables every answer reads). */
  prefetch: BlockRange[];
  /** Blocks per GET of a demand: a long one is split into parallel GETs (one stream's throughput is capped). */
  demandBlocks: number;
  /** Why a GET failed, for the reader to tell (it reads the port while blocked). */
  errors: MessagePort;
}

/** A demand: the blocks a read needs (and its read-ahead). */
export interface RangeDemand {
  fetch: BlockRange;
}

/**
 * GETs of the hot ranges at a time, taken in their order (./hot-pages.ts: what a first query reads
 * first comes first): all at once, each shared the network with 40 others, the ranker's state came
 * in with the rest, and a read's own GET got a 40th of the bandwidth.
 */
const HOT_STREAMS = 6;
const TRIES = 3;
/** Three tries of this fit in the reader's wait (./lazy-file.ts, timeoutMs). */
const GET_TIMEOUT_MS = 5_000;

// Set by the first message: a worker is started ahead (./lazy-file.ts, prewarmRangeWorker) so
// its S3 client is loaded while the reader fetches the manifest.
let setup: RangeFetchSetup;
let map: BlockMap;
let fd = -1;
const client = new S3Client({ ...s3ClientOptions(), maxAttempts: 1 });
/** Blocks a GET is fetching now. */
const inFlight = new Set<number>();
/** Blocks a read waits for, whoever fetches them. */
const wanted = new Set<number>();

const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function get(range: BlockRange): Promise<Uint8Array> {
  const start = range.first * setup.blockSize;
  const end = Math.min((range.last + 1) * setup.blockSize, setup.size) - 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: setup.bucket, Key: setup.key, Range: `bytes=${start}-${end}` }), {
        abortSignal: AbortSignal.timeout(GET_TIMEOUT_MS),
      });
      const bytes = await res.Body?.transformToByteArray();
      if (bytes?.length !== end - start + 1) throw new Error(`ranged GET of bytes ${start}-${end} returned ${bytes?.length ?? 0} bytes`);
      return bytes;
    } catch (err) {
      if (attempt >= TRIES) throw err;
      await pause(50 * 4 ** (attempt - 1));
    }
  }
}

/** Fetches a run of blocks, writes those not yet present and marks them; on failure, marks the wanted ones FAILED. */
async function fetchRun(range: BlockRange, demanded: boolean): Promise<void> {
  for (let b = range.first; b <= range.last; b++) inFlight.add(b);
  try {
    const bytes = await get(range);
    for (let b = range.first; b <= range.last; b++) {
      if (map.state(b) === PRESENT) continue;
      const at = (b - range.first) * setup.blockSize;
      const length = Math.min(setup.blockSize, bytes.length - at);
      writeSync(fd, bytes, at, length, b * setup.blockSize);
      wanted.delete(b);
      map.mark(b, PRESENT);
    }
  } catch (err) {
    // Told before the blocks are marked: the reader reads the port when it sees them failed.
    setup.errors.postMessage(`${err instanceof Error ? `${err.name}: ${err.message}` : String(err)} (blocks ${range.first}-${range.last})`);
    for (let b = range.first; b <= range.last; b++) {
      if (map.state(b) === PRESENT || !(demanded || wanted.has(b))) continue;
      wanted.delete(b);
      map.mark(b, FAILED);
    }
  } finally {
    for (let b = range.first; b <= range.last; b++) inFlight.delete(b);
  }
}

/** Fetches what a read needs that no GET is already fetching (in parallel GETs of demandBlocks); the rest it waits for. */
async function demand({ fetch }: RangeDemand): Promise<void> {
  let first = -1;
  let last = -1;
  for (let b = fetch.first; b <= fetch.last; b++) {
    if (map.state(b) === PRESENT) continue;
    if (inFlight.has(b)) wanted.add(b);
    else {
      if (first === -1) first = b;
      last = b;
    }
  }
  if (first === -1) return;
  const parts: Promise<void>[] = [];
  for (let at = first; at <= last; at += setup.demandBlocks) parts.push(fetchRun({ first: at, last: Math.min(at + setup.demandBlocks - 1, last) }, true));
  await Promise.all(parts);
  finishIfComplete();
}

/** One stream of the background download: the next absent run no GET holds, until none is left. */
async function stream(runs: BlockRange[]): Promise<void> {
  for (let run = runs.shift(); run; run = runs.shift()) {
    let { first, last } = run;
    while (first <= last && (map.state(first) === PRESENT || inFlight.has(first))) first++;
    while (last >= first && (map.state(last) === PRESENT || inFlight.has(last))) last--;
    if (first <= last) await fetchRun({ first, last }, false);
  }
}

/** Passes of the background download: a GET that failed (its retries spent, or timed out on a busy machine) left its blocks missing, and the next pass fetches them. */
const DOWNLOAD_PASSES = 5;

let downloading = false;
async function background(): Promise<void> {
  if (downloading || setup.streams === 0) return;
  downloading = true;
  for (let pass = 0; pass < DOWNLOAD_PASSES && !finished; pass++) {
    if (pass > 0) await pause(1_000);
    const runs = map.absentRuns(setup.runBlocks);
    await Promise.all(Array.from({ length: Math.min(setup.streams, runs.length) }, () => stream(runs)));
    finishIfComplete();
  }
}

let finished = false;
/** Once every block is local the worker has nothing left to do: it says so and ends. */
function finishIfComplete(): void {
  if (finished || !map.complete()) return;
  finished = true;
  closeSync(fd);
  client.destroy();
  setup.errors.close();
  parentPort?.postMessage({ complete: true });
  parentPort?.close();
}

/** The first message: which object to fetch, into which file and map. */
export interface RangeSetupMessage {
  setup: RangeFetchSetup;
}

function start(given: RangeFetchSetup): void {
  setup = given;
  map = new BlockMap(setup.size, setup.blockSize, setup.shared);
  fd = openSync(setup.path, 'r+');
  // The ranges every answer reads, fetched as if read (./hot-pages.ts), in their order, HOT_STREAMS GETs at a time.
  const parts = setup.prefetch.flatMap((r) => {
    const out: BlockRange[] = [];
    for (let at = r.first; at <= r.last; at += setup.demandBlocks) out.push({ first: at, last: Math.min(at + setup.demandBlocks - 1, r.last) });
    return out;
  });
  const hotStream = async () => {
    for (let fetch = parts.shift(); fetch; fetch = parts.shift()) await demand({ fetch });
  };
  for (let i = 0; i < HOT_STREAMS; i++) void hotStream();
}

/** Starts the background download (./lazy-file.ts, download()). */
export interface RangeDownloadMessage {
  download: true;
}

parentPort?.on('message', (msg: RangeSetupMessage | RangeDemand | RangeDownloadMessage) => {
  if ('setup' in msg) start(msg.setup);
  else if ('download' in msg) void background();
  else void demand(msg);
});
