/**
 * The EventBridge client, loaded with its SDK package on the first admin job
 * trigger (shared/platform/aws-clients.ts explains why).
 */
import type { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { cachedClient, region } from './aws-clients.ts';
import { traceClient } from './tracer.ts';

/** The EventBridge SDK module (commands). */
export const eventBridgeSdk = () => import('@aws-sdk/client-eventbridge');

export const eventBridge = /* @__PURE__ */ cachedClient(async (): Promise<EventBridgeClient> => {
  const { EventBridgeClient } = await eventBridgeSdk();
  return traceClient(new EventBridgeClient({ region: region() }));
});
