/**
 * How every S3 client of the service is configured, apart from tracing: the
 * traced client (./s3-client.ts) and the search index's range-fetch worker
 * (shared/adapters/search/range-fetch-worker.ts), which runs in a thread of
 * its own and imports nothing else.
 */
import type { S3ClientConfig } from '@aws-sdk/client-s3';

/** Emulators serve S3 on one host, so path-style addressing is needed there. */
export const s3ClientOptions = (): S3ClientConfig => ({
  region: process.env.AWS_REGION ?? 'us-east-1',
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL),
});
