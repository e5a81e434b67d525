/**
 * The SQS client, loaded with its SDK package on first use: the API functions
 * that can queue work do so on a few requests only (a background fetch, a
 * re-analysis), so they should not read the SQS SDK at every cold start
 * (shared/platform/aws-clients.ts).
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { cachedClient, region } from './aws-clients.ts';
import { traceClient } from './tracer.ts';

/** The SQS SDK module (commands). */
export const sqsSdk = () => import('@aws-sdk/client-sqs');

// Emulators hand out queue URLs on hosts like sqs.us-east-1.localhost; send to the configured endpoint instead.
export const sqs = /* @__PURE__ */ cachedClient(async (): Promise<SQSClient> => {
  const { SQSClient } = await sqsSdk();
  return traceClient(new SQSClient({ region: region(), useQueueUrlAsEndpoint: !(process.env.AWS_ENDPOINT_URL_SQS ?? process.env.AWS_ENDPOINT_URL) }));
});
