/**
 * The index a search function answers from: the S3 snapshot opened as a lazy
 * file in this container's temporary directory at the first search (./lazy-file.ts:
 * the pages that search reads are fetched first, the rest behind), then kept
 * fresh by applying the change sets the indexer writes (./index-store.ts).
 * A sync runs when the last one is older than SYNC_MS, so a write reaches a
 * warm container within SYNC_MS plus the indexer's delay (docs/search.md: within a minute). A new manifest (a rebuild) reloads the snapshot.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  CHANGES_PREFIX,
  listChangeSets,
  manifestEtag,
  readChangeSet,
  readManifest,
  searchBucket,
  snapshotHead,
  snapshotHotPages,
  snapshotPagePack,
  type SearchManifest,
} from './index-store.ts';
import { LAZY_FILE_DEFAULTS, LazyFile, prewarmRangeWorker } from './lazy-file.ts';
import { SearchIndex } from './search-index.ts';

/** How stale a container's index may get before a search first syncs it. */
export const SYNC_MS = 15_000;
/**
 * Change sets are listed again from this far back: a change set keyed at T can land in S3 after
 * one keyed later was listed (two indexers racing). Those already applied are remembered.
 */
const OVERLAP_MS = 60_000;

interface Live {
  index: SearchIndex;
  path: string;
  /** The snapshot's bytes, fetched as read until all are local. */
  file: LazyFile | undefined;
  etag: string | null;
  /** Change-set keys applied, within the overlap window. */
  applied: Set<string>;
  syncedAt: number;
  /** Changes are listed after this key. */
  cursor: string;
  /** The first listing of change sets, started as the snapshot opens. */
  listing?: Promise<string[]>;
}

let live: Live | undefined;
let pending: Promise<SearchIndex> | undefined;

const keyAt = (ms: number) => `${CHANGES_PREFIX}${new Date(ms).toISOString()}`;

async function load(): Promise<Live> {
  prewarmRangeWorker();
  const found = await readManifest();
  const since = found ? Date.parse(found.manifest.as_of) : 0;
  // Listed while the snapshot opens: the keys are needed once the index is (applyChanges).
  const listing = listChangeSets(keyAt(since));
  listing.catch(() => undefined);
  const path = join(tmpdir(), `search-${randomUUID()}.db`);
  let file: LazyFile | undefined;
  try {
    if (found) file = await openSnapshot(found.manifest, path);
    const index = SearchIndex.open(path, { pages: file });
    return { index, path, file, etag: found?.etag ?? null, applied: new Set(), syncedAt: 0, cursor: keyAt(since), listing };
  } catch (err) {
    file?.close();
    rmSync(path, { force: true });
    throw err;
  }
}

/**
 * The manifest's snapshot as a lazy file at `path`, its head and page pack in it. A manifest that carries the
 * snapshot's size and hot ranges starts the worker on them at once, while the head and the pack are fetched; one
 * written before them needs the ranges' own file first, in the same round trip as the head and the pack.
 */
async function openSnapshot(manifest: SearchManifest, path: string): Promise<LazyFile> {
  const key = manifest.snapshot_key;
  const bucket = searchBucket();
  const early = manifest.snapshot_size && manifest.hot ? LazyFile.open({ bucket, key, size: manifest.snapshot_size, path, prefetch: manifest.hot }) : undefined;
  try {
    const [{ size, head }, prefetch, pages] = await Promise.all([
      snapshotHead(key, LAZY_FILE_DEFAULTS.blockSize),
      early ? [] : snapshotHotPages(key),
      snapshotPagePack(key),
    ]);
    if (!early) return LazyFile.open({ bucket, key, size, path, head, prefetch, pages: pages ?? undefined });
    if (size !== manifest.snapshot_size) throw new Error(`The manifest gives the snapshot ${key} ${manifest.snapshot_size} bytes; S3 has ${size}`);
    early.adopt({ head, pages: pages ?? undefined });
    return early;
  } catch (err) {
    early?.close({ remove: true });
    throw err;
  }
}

async function applyChanges(state: Live, now: number): Promise<void> {
  const keys = await (state.listing ?? listChangeSets(state.cursor));
  state.listing = undefined;
  for (const key of keys) {
    if (state.applied.has(key)) continue;
    const change = await readChangeSet(key);
    state.index.upsert(change.docs, change.indexed_at);
    if (change.removed.length > 0) state.index.remove(change.removed);
    state.applied.add(key);
  }
  // Next time, list from the overlap window back, and forget keys older than it.
  const from = keyAt(now - OVERLAP_MS);
  if (from > state.cursor) state.cursor = from;
  for (const key of state.applied) if (key < state.cursor) state.applied.delete(key);
  state.syncedAt = now;
}

function drop(state: Live): void {
  try {
    state.index.close();
  } catch {
    // A statement whose read failed (a block that could not be fetched) reports it again as it
    // is finalized; the file is removed all the same.
  }
  state.file?.close();
  rmSync(state.path, { force: true });
}

async function refreshed(now: number): Promise<SearchIndex> {
  if (!live || (await manifestEtag()) !== live.etag) {
    const next = await load();
    if (live) drop(live);
    live = next;
  }
  await applyChanges(live, now);
  return live.index;
}

/**
 * The container's index, synced when it is older than SYNC_MS; concurrent callers share one sync.
 * From the second search on, the rest of the snapshot downloads behind the searches: the first
 * answer's reads have the network to themselves (docs/search.md).
 */
export async function liveIndex(now = Date.now()): Promise<SearchIndex> {
  live?.file?.download();
  if (live && now - live.syncedAt < SYNC_MS) return live.index;
  pending ??= refreshed(now).finally(() => {
    pending = undefined;
  });
  return pending;
}

/** How long this container's reads have waited for the snapshot's bytes, and how many did (benches, logs). */
export const liveIndexWaits = (): { reads: number; ms: number } => ({ ...(live?.file?.waits ?? { reads: 0, ms: 0 }) });

/** Downloads the rest of the container's snapshot and resolves once it is all local (tests, benches; a read never waits for it). */
export async function liveIndexDownloaded(): Promise<void> {
  live?.file?.download();
  await live?.file?.complete;
}

/** Forgets the container's index (tests, and a test's fresh bucket). */
export function resetLiveIndex(): void {
  if (live) drop(live);
  live = undefined;
}
