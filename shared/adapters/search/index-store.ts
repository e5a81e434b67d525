/**
 * Where the search index lives in S3 (docs/search.md): a
 * snapshot (a whole index file, written by a rebuild) named by a manifest, and
 * change sets (the documents the indexer rebuilt from the table since, one
 * small JSON object per indexer batch, keyed by time). A reader opens the
 * snapshot as a lazy file (./lazy-file.ts: its bytes fetched as they are read,
 * the rest downloaded behind) and then applies the change sets it has not seen.
 *   search/manifest.json               {snapshot_key, as_of, snapshot_size, hot}
 *   search/snapshots/{iso}.db          the index file
 *   search/snapshots/{iso}.db.hot.json the byte ranges every answer reads (./hot-pages.ts; also in the manifest)
 *   search/snapshots/{iso}.db.pages    the pages every lookup walks through (./page-pack.ts)
 *   search/changes/{iso}-{uuid}.json   {indexed_at, docs, removed}
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { SearchDocument } from '#shared/domain/search/search-document.ts';
import { config } from '#shared/platform/config.ts';
import { s3, s3Sdk } from '#shared/platform/s3-client.ts';
import { hotPages } from './hot-pages.ts';
import type { ByteRange, PagePack } from './lazy-file.ts';
import { packPages, unpackPages } from './page-pack.ts';

export const SEARCH_PREFIX = 'search/';
const MANIFEST_KEY = `${SEARCH_PREFIX}manifest.json`;
export const CHANGES_PREFIX = `${SEARCH_PREFIX}changes/`;

const ByteRanges = lazySchema(() => z.array(z.object({ offset: z.number().int().nonnegative(), length: z.number().int().positive() })));

export const SearchManifest = lazySchema(() =>
  z.object({
    snapshot_key: z.string().min(1),
    /** Change sets from this time on are not in the snapshot (its rebuild started after it). */
    as_of: z.string(),
    /**
     * The snapshot's size and the ranges every answer reads (./hot-pages.ts), as the rebuild wrote them beside it: a
     * reader's worker starts on those ranges as the manifest arrives, with the head and the page pack, instead of a
     * round trip later (issue 36.5). A manifest written before them has neither: its reader fetches `.hot.json`.
     */
    snapshot_size: z.number().int().positive().optional(),
    hot: ByteRanges().optional(),
  }),
);
export type SearchManifest = z.infer<ReturnType<typeof SearchManifest>>;

const Section = () => z.object({ label: z.string(), body: z.string() });
const Document = () =>
  z.object({
    bill_id: z.string(),
    congress: z.number().int(),
    chamber: z.enum(['house', 'senate']),
    type: z.string(),
    status: z.string(),
    sponsor_id: z.string().nullable(),
    has_document: z.boolean(),
    topics: z.array(z.string()),
    introduced_date: z.string().nullable(),
    latest_action_date: z.string().nullable(),
    number: z.string(),
    short_title: z.string(),
    title: z.string(),
    summary: z.string(),
    meta: z.string(),
    text: z.string(),
    sections: z.array(Section()),
  }) satisfies z.ZodType<SearchDocument>;

export const ChangeSet = lazySchema(() => z.object({ indexed_at: z.string(), docs: z.array(Document()), removed: z.array(z.string()).default([]) }));
export type ChangeSet = z.infer<ReturnType<typeof ChangeSet>>;

const isMissing = (err: unknown) => err instanceof Error && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/** The manifest and its ETag; null before the first rebuild. */
export async function readManifest(): Promise<{ manifest: SearchManifest; etag: string } | null> {
  const [client, { GetObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: MANIFEST_KEY }));
    const body = (await res.Body?.transformToString()) ?? '';
    return { manifest: SearchManifest().parse(JSON.parse(body)), etag: res.ETag ?? '' };
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/** The manifest's ETag, without its body (a reader's cheap freshness check); null when there is none. */
export async function manifestEtag(): Promise<string | null> {
  const [client, { HeadObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: config().BUCKET_NAME, Key: MANIFEST_KEY }))).ETag ?? '';
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

export async function writeManifest(manifest: SearchManifest): Promise<void> {
  const [client, { PutObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  await client.send(new PutObjectCommand({ Bucket: config().BUCKET_NAME, Key: MANIFEST_KEY, Body: JSON.stringify(manifest), ContentType: 'application/json' }));
}

const hotKey = (snapshotKey: string) => `${snapshotKey}.hot.json`;
const packKey = (snapshotKey: string) => `${snapshotKey}.pages`;
/** What a manifest says of a snapshot (SearchManifest), as uploadSnapshot wrote it. */
export type UploadedSnapshot = Required<Pick<SearchManifest, 'snapshot_key' | 'snapshot_size' | 'hot'>>;

/**
 * Uploads an index file as a new snapshot, with the byte ranges every answer reads and the pages every lookup walks
 * beside it (the ranges also in a file of their own, for a reader of a manifest without them); returns what the
 * manifest says of it.
 */
export async function uploadSnapshot(path: string, now: Date): Promise<UploadedSnapshot> {
  const [client, { PutObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  const key = `${SEARCH_PREFIX}snapshots/${now.toISOString()}.db`;
  const hot: ByteRange[] = hotPages(path);
  const body = await readFile(path);
  await client.send(new PutObjectCommand({ Bucket: config().BUCKET_NAME, Key: hotKey(key), Body: JSON.stringify(hot), ContentType: 'application/json' }));
  await client.send(new PutObjectCommand({ Bucket: config().BUCKET_NAME, Key: packKey(key), Body: packPages(path), ContentType: 'application/octet-stream' }));
  await client.send(new PutObjectCommand({ Bucket: config().BUCKET_NAME, Key: key, Body: body, ContentType: 'application/vnd.sqlite3' }));
  return { snapshot_key: key, snapshot_size: body.length, hot };
}

/** The byte ranges of a snapshot every answer reads; none for a snapshot written without them. */
export async function snapshotHotPages(key: string): Promise<ByteRange[]> {
  const [client, { GetObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: hotKey(key) }));
    return ByteRanges().parse(JSON.parse((await res.Body?.transformToString()) ?? '[]'));
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
}

/** The pages of a snapshot every lookup walks through (./page-pack.ts); null for a snapshot written without them. */
export async function snapshotPagePack(key: string): Promise<PagePack | null> {
  const [client, { GetObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: packKey(key) }));
    return unpackPages((await res.Body?.transformToByteArray()) ?? new Uint8Array());
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/**
 * A snapshot's size and first `bytes` bytes, in one ranged GET: a reader opens the snapshot as a
 * lazy file (./lazy-file.ts), which needs the size, and SQLite's first read is the file's head.
 */
export async function snapshotHead(key: string, bytes: number): Promise<{ size: number; head: Uint8Array }> {
  const [client, { GetObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  const res = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: key, Range: `bytes=0-${bytes - 1}` }));
  const head = (await res.Body?.transformToByteArray()) ?? new Uint8Array();
  // "bytes 0-262143/1106706432"; a file smaller than the range comes whole.
  const size = Number(res.ContentRange?.split('/')[1] ?? head.length);
  if (!Number.isSafeInteger(size) || size < head.length)
    throw new Error(`The snapshot ${key} answered a ranged GET with Content-Range ${res.ContentRange ?? '(none)'}`);
  return { size, head };
}

/** The bucket the index lives in (a lazy file's worker fetches from it). */
export const searchBucket = (): string => config().BUCKET_NAME;

/** Writes one change set; its key sorts by the time it was indexed. */
export async function putChangeSet(change: ChangeSet): Promise<string> {
  const [client, { PutObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  const key = `${CHANGES_PREFIX}${change.indexed_at}-${randomUUID()}.json`;
  await client.send(new PutObjectCommand({ Bucket: config().BUCKET_NAME, Key: key, Body: JSON.stringify(change), ContentType: 'application/json' }));
  return key;
}

/** The keys of the change sets after `startAfter`, oldest first. */
export async function listChangeSets(startAfter: string): Promise<string[]> {
  const [client, { ListObjectsV2Command }] = await Promise.all([s3(), s3Sdk()]);
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const res = await client.send(
      new ListObjectsV2Command({ Bucket: config().BUCKET_NAME, Prefix: CHANGES_PREFIX, StartAfter: startAfter, ContinuationToken: token }),
    );
    for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

export async function readChangeSet(key: string): Promise<ChangeSet> {
  const [client, { GetObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  const res = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }));
  return ChangeSet().parse(JSON.parse((await res.Body?.transformToString()) ?? '{}'));
}
