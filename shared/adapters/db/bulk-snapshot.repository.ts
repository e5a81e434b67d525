/**
 * The public bulk snapshot in the bucket, under bulk/v{schema}/ (the prefix
 * CloudFront serves publicly, infra/constructs/edge.ts): gzipped JSON Lines
 * files and manifest.json. Nothing else of the bucket is public.
 */
import { config } from '#shared/platform/config.ts';
import { s3, s3Sdk } from '#shared/platform/s3-client.ts';
import { BULK_SCHEMA_VERSION, BulkManifest } from '#shared/domain/bulk/bulk-manifest.ts';

/** The key prefix of the snapshot, and of its public URLs. */
export const BULK_PREFIX = `bulk/v${BULK_SCHEMA_VERSION}/`;
const MANIFEST = 'manifest.json';

/** Writes one file of the snapshot. */
export async function putBulkFile(path: string, body: Buffer | string, contentType: string): Promise<void> {
  const [client, { PutObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  await client.send(
    new PutObjectCommand({
      Bucket: config().BUCKET_NAME,
      Key: `${BULK_PREFIX}${path}`,
      Body: body,
      ContentType: contentType,
      // The manifest names the current bytes: a short cache keeps a new snapshot visible within the hour.
      CacheControl: 'public, max-age=3600',
    }),
  );
}

/** One file of the snapshot, or null when it is not there. */
export async function getBulkFile(path: string): Promise<Buffer | null> {
  const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([s3(), s3Sdk()]);
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: `${BULK_PREFIX}${path}` }));
    return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

/** The manifest of the latest snapshot, or null before the first. */
export async function readBulkManifest(): Promise<BulkManifest | null> {
  const raw = await getBulkFile(MANIFEST);
  return raw ? BulkManifest().parse(JSON.parse(raw.toString('utf8'))) : null;
}

/** Publishes a snapshot: written last, so it only ever names files already in place. */
export const writeBulkManifest = (manifest: BulkManifest) => putBulkFile(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`, 'application/json');
