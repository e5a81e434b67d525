/**
 * Entry of the bundled-Tracer test (test/infra/bundled-tracer.test.ts): built
 * with the deploy options, so it runs the X-Ray SDK as a function bundle has
 * it (semver aliased to infra/shims/semver.ts). `probe()` reports what the
 * test checks: the `##` subsegment of an invocation, an SDK client captured,
 * and the SDK v2 patcher's version check.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import xray from 'aws-xray-sdk-core';
import { traceClient, traced } from '#shared/platform/tracer.ts';

export async function probe(): Promise<Record<string, unknown>> {
  const segment = new xray.Segment('bundled-probe');
  const subsegment = await xray.getNamespace().runAndReturn(async () => {
    xray.setSegment(segment);
    await traced('api-probe', { route: 'GET /probe' }, async () => 1);
    return segment.subsegments?.[0] as unknown as { name: string; annotations: Record<string, unknown> } | undefined;
  });
  const client = traceClient(new DynamoDBClient({ region: 'us-east-1' }));
  const middleware = (client.middlewareStack as unknown as { identify(): string[] }).identify().join(' ');
  const v2Check = (version: string) => {
    try {
      xray.captureAWS({ VERSION: version } as never);
      return 'accepted';
    } catch (err) {
      return (err as Error).message;
    }
  };
  return { subsegment: subsegment?.name, annotations: subsegment?.annotations, middleware, v2Old: v2Check('2.7.14'), v2New: v2Check('2.1692.0') };
}
