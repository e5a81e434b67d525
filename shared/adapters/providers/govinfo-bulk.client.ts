/**
 * GovInfo's bulk Bill Status repository: one zip per Congress and bill type
 * ({GOVINFO_BULK_BASE_URL}/BILLSTATUS/{congress}/{type}/BILLSTATUS-{congress}-{type}.zip).
 * A zip is streamed into the bucket's staging prefix (never held in memory
 * whole) and then read back by byte ranges with yauzl, a small streaming zip
 * reader with no dependencies of its own to speak of: its central directory
 * lists the files, and each file is one ranged GET, so a worker reads only
 * the files of its chunk.
 */
import { PassThrough, Readable } from 'node:stream';
import yauzl from 'yauzl';
import { config } from '#shared/platform/config.ts';
import { s3, s3Sdk } from '#shared/platform/s3-client.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';

export const GOVINFO_BULK = 'govinfo-bulk';
const STAGING_PREFIX = 'staging/billstatus';

export const bulkZipUrl = (congress: number, billType: string) =>
  `${config().GOVINFO_BULK_BASE_URL.replace(/\/+$/, '')}/BILLSTATUS/${congress}/${billType}/BILLSTATUS-${congress}-${billType}.zip`;
export const stagedZipKey = (congress: number, billType: string, run: number) => `${STAGING_PREFIX}/${congress}/${run}/BILLSTATUS-${congress}-${billType}.zip`;

/** A zip already staged (a redelivered message) is not fetched again; returns its size, or null when GovInfo has no such zip. */
export async function stageBulkZip(url: string, key: string, timeoutMs = 240_000): Promise<number | null> {
  const { HeadObjectCommand, PutObjectCommand } = await s3Sdk();
  const client = await s3();
  const bucket = config().BUCKET_NAME;
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    if (head.ContentLength) return head.ContentLength;
  } catch {
    // Not staged yet.
  }
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderError(GOVINFO_BULK, `the bulk zip could not be fetched: ${(err as Error).message}`, { cause: err, url });
  }
  // A bill type with no bills in a Congress has no zip.
  if (res.status === 404) return null;
  if (!res.ok || !res.body) throw new ProviderError(GOVINFO_BULK, `the bulk zip answered ${res.status}`, { url });
  const length = Number(res.headers.get('content-length'));
  // With a known length the body streams straight into S3; without one it is read first (S3 needs the length).
  const body = Number.isFinite(length) && length > 0 ? Readable.fromWeb(res.body as never) : Buffer.from(await res.arrayBuffer());
  const size = Buffer.isBuffer(body) ? body.length : length;
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: size, ContentType: 'application/zip' }));
  return size;
}

/** Reads a staged object by byte ranges, for yauzl. */
class StagedObjectReader extends yauzl.RandomAccessReader {
  constructor(private readonly key: string) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    void (async () => {
      const { GetObjectCommand } = await s3Sdk();
      const res = await (await s3()).send(new GetObjectCommand({ Bucket: config().BUCKET_NAME, Key: this.key, Range: `bytes=${start}-${end - 1}` }));
      (res.Body as Readable).pipe(out);
    })().catch((err: unknown) => out.destroy(err as Error));
    return out;
  }
}

async function openStaged(key: string, size: number): Promise<yauzl.ZipFile> {
  return yauzl.fromRandomAccessReaderPromise(new StagedObjectReader(key), size, { lazyEntries: true, autoClose: false });
}

/** Walks the central directory; calls `each` per entry until it returns false. */
async function walk(zip: yauzl.ZipFile, each: (entry: yauzl.Entry) => boolean | Promise<boolean>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      Promise.resolve(each(entry)).then(
        (more) => (more ? zip.readEntry() : resolve()),
        (err: unknown) => reject(err as Error),
      );
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The XML files a staged zip holds, in directory order. */
export async function listStagedZip(key: string, size: number): Promise<string[]> {
  const zip = await openStaged(key, size);
  const names: string[] = [];
  try {
    await walk(zip, (e) => {
      if (!e.fileName.endsWith('/') && e.fileName.toLowerCase().endsWith('.xml')) names.push(e.fileName);
      return true;
    });
  } finally {
    zip.close();
  }
  return names;
}

/** Reads the named files of a staged zip, calling `each` with a file's name and text as it is read. */
export async function readStagedFiles(key: string, size: number, names: string[], each: (name: string, xml: string) => Promise<void>): Promise<void> {
  const wanted = new Set(names);
  const zip = await openStaged(key, size);
  try {
    await walk(zip, async (entry) => {
      if (!wanted.delete(entry.fileName)) return true;
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      await each(entry.fileName, Buffer.concat(chunks).toString('utf8'));
      return wanted.size > 0;
    });
  } finally {
    zip.close();
  }
  if (wanted.size) throw new ProviderError(GOVINFO_BULK, `the staged zip ${key} lacks ${[...wanted].slice(0, 3).join(', ')}`);
}

/** The staged zip's size (its chunks read it by range). */
export async function stagedSize(key: string): Promise<number> {
  const { HeadObjectCommand } = await s3Sdk();
  const head = await (await s3()).send(new HeadObjectCommand({ Bucket: config().BUCKET_NAME, Key: key }));
  return head.ContentLength ?? 0;
}
