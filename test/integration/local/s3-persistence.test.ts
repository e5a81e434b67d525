// Bill texts survive a restart of fauxqs: the bucket is snapshotted to disk and restored.
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/s3-client.ts';
import { restoreBucket, snapshotBucket } from '#local/s3-persistence.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const bucket = () => process.env.BUCKET_NAME as string;
const put = (Bucket: string, Key: string, Body: string | Buffer, ContentType?: string) =>
  s3().then((c) => c.send(new PutObjectCommand({ Bucket, Key, Body, ContentType })));
const read = async (Bucket: string, Key: string) => {
  const out = await (await s3()).send(new GetObjectCommand({ Bucket, Key }));
  return { body: Buffer.from((await out.Body?.transformToByteArray()) ?? []), type: out.ContentType };
};

describe('S3 snapshots', () => {
  it('restores every object with its content type into a fresh bucket, and forgets deleted ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'billwatch-s3-'));
    const binary = Buffer.from([0, 1, 2, 250, 255]);
    await put(bucket(), 'texts/119-hr-1/ih.html', '<p>Be it enacted</p>', 'text/html');
    await put(bucket(), 'texts/119-hr-1/ih.pdf', binary, 'application/pdf');
    await put(bucket(), 'scratch/gone.txt', 'temporary');
    expect(await snapshotBucket(bucket(), dir)).toBe(3);
    expect(await snapshotBucket(bucket(), dir)).toBe(0);

    await (await s3()).send(new DeleteObjectCommand({ Bucket: bucket(), Key: 'scratch/gone.txt' }));
    expect(await snapshotBucket(bucket(), dir)).toBe(1);
    expect(readdirSync(join(dir, bucket(), 'objects'))).toHaveLength(2);

    // A restart: an empty bucket of the same name on a fresh emulator.
    const restarted = `${bucket()}-restarted`;
    await (await s3()).send(new CreateBucketCommand({ Bucket: restarted }));
    cpSync(join(dir, bucket()), join(dir, restarted), { recursive: true });
    expect(await restoreBucket(restarted, dir)).toBe(2);
    expect(await read(restarted, 'texts/119-hr-1/ih.html')).toEqual({ body: Buffer.from('<p>Be it enacted</p>'), type: 'text/html' });
    expect((await read(restarted, 'texts/119-hr-1/ih.pdf')).body).toEqual(binary);
  });
});
