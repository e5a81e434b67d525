/**
 * fauxqs keeps S3 in memory and has no persistence option, so the local stack
 * snapshots the bucket's objects to .local/s3/<bucket>/ (on a timer and at
 * shutdown) and puts them back at start: bill texts survive a restart.
 * Only objects whose ETag changed since the last snapshot are downloaded.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { s3 } from '#shared/platform/s3-client.ts';

const IndexEntry = z.object({ file: z.string(), etag: z.string(), contentType: z.string().optional(), metadata: z.record(z.string(), z.string()).optional() });
const SnapshotIndex = z.record(z.string(), IndexEntry);
type SnapshotIndex = z.infer<typeof SnapshotIndex>;

const paths = (dir: string, bucket: string) => ({ root: join(dir, bucket), objects: join(dir, bucket, 'objects'), index: join(dir, bucket, 'index.json') });

function readIndex(file: string): SnapshotIndex {
  if (!existsSync(file)) return {};
  const parsed = SnapshotIndex.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : {};
}

// Keys may hold slashes and any character; one flat folder of URI-encoded names keeps them apart.
const fileNameFor = (key: string) => encodeURIComponent(key).replace(/\./g, '%2E');

/** Puts every snapshotted object back into the bucket; returns how many. */
export async function restoreBucket(bucket: string, dir: string): Promise<number> {
  const p = paths(dir, bucket);
  const index = readIndex(p.index);
  for (const [key, entry] of Object.entries(index)) {
    const file = join(p.objects, entry.file);
    if (!existsSync(file)) continue;
    await (
      await s3()
    ).send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: readFileSync(file), ContentType: entry.contentType, Metadata: entry.metadata }));
  }
  return Object.keys(index).length;
}

/** Writes the bucket's current objects to disk, downloading only what changed; returns how many changed. */
export async function snapshotBucket(bucket: string, dir: string): Promise<number> {
  const p = paths(dir, bucket);
  mkdirSync(p.objects, { recursive: true });
  const previous = readIndex(p.index);
  const next: SnapshotIndex = {};
  let changed = 0;
  let token: string | undefined;
  do {
    const page = await (await s3()).send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      const key = object.Key as string;
      const etag = object.ETag ?? '';
      const known = previous[key];
      if (known && known.etag === etag && existsSync(join(p.objects, known.file))) {
        next[key] = known;
        continue;
      }
      const got = await (await s3()).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const body = Buffer.from((await got.Body?.transformToByteArray()) ?? new Uint8Array());
      const file = fileNameFor(key);
      writeFileSync(join(p.objects, file), body);
      next[key] = { file, etag, contentType: got.ContentType, metadata: got.Metadata };
      changed++;
    }
    token = page.NextContinuationToken;
  } while (token);
  for (const [key, entry] of Object.entries(previous)) {
    if (!next[key]) {
      rmSync(join(p.objects, entry.file), { force: true });
      changed++;
    }
  }
  // Written aside and renamed, so a crash mid-write never leaves a torn index.
  writeFileSync(`${p.index}.tmp`, JSON.stringify(next, null, 1));
  renameSync(`${p.index}.tmp`, p.index);
  return changed;
}

export interface BucketSnapshots {
  /** Takes a final snapshot and stops the timer. */
  flush(): Promise<void>;
}

/** Snapshots every `intervalMs`, one snapshot at a time; failures are logged and retried next tick. */
export function snapshotPeriodically(bucket: string, dir: string, intervalMs: number, log: (line: string) => void): BucketSnapshots {
  let current: Promise<unknown> = Promise.resolve();
  const take = () => {
    current = current
      .then(() => snapshotBucket(bucket, dir))
      .catch((err: unknown) => log(`s3 snapshot failed: ${err instanceof Error ? err.message : String(err)}`));
    return current;
  };
  const timer = setInterval(() => void take(), intervalMs);
  timer.unref();
  return {
    async flush() {
      clearInterval(timer);
      await take();
    },
  };
}
