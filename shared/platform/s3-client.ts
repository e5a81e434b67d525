/**
 * The S3 client, loaded with its SDK package on first use: bill texts are
 * read and written by a few routes and workers, and most invocations of the
 * functions that hold them never touch S3 (shared/platform/aws-clients.ts).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { cachedClient } from './aws-clients.ts';
import { s3ClientOptions } from './s3-options.ts';
import { traceClient } from './tracer.ts';

/** The S3 SDK module (commands, error classes). */
export const s3Sdk = () => import('@aws-sdk/client-s3');

export const s3 = /* @__PURE__ */ cachedClient(async (): Promise<S3Client> => {
  const { S3Client } = await s3Sdk();
  return traceClient(new S3Client(s3ClientOptions()));
});
