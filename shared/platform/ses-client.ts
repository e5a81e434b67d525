/**
 * The SESv2 client, loaded with its SDK package on the first email sent
 * through SES (shared/platform/aws-clients.ts explains why).
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { cachedClient, region } from './aws-clients.ts';
import { traceClient } from './tracer.ts';

/** The SESv2 SDK module (commands). */
export const sesSdk = () => import('@aws-sdk/client-sesv2');

export const sesv2 = /* @__PURE__ */ cachedClient(async (): Promise<SESv2Client> => {
  const { SESv2Client } = await sesSdk();
  return traceClient(new SESv2Client({ region: region() }));
});
