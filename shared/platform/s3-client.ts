/**
 * The S3 client, loaded with its SDK package on first use: bill texts are
 * read and written by a few routes and workers, and most invocations of the
 * functions that hold them never touch S3 (shared/platform/aws-clients.ts).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { cachedClient, region } from './aws-clients.ts';
import { traceClient } from './tracer.ts';

/** The S3 SDK module (commands, error classes). */
export const s3Sdk = () => import('@aws-sdk/client-s3');

// Emulators serve S3 on one host, so path-style addressing is needed there.
export const s3 = /* @__PURE__ */ cachedClient(async (): Promise<S3Client> => {
  const { S3Client } = await s3Sdk();
  return traceClient(new S3Client({ region: region(), forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL) }));
});
