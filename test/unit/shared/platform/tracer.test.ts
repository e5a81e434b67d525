/**
 * X-Ray tracing (shared/platform/tracer.ts): in Lambda each invocation is a
 * `## name` subsegment with the cold start, service, correlation id and the
 * wrapper's annotations, an error is recorded on it, and AWS SDK clients are
 * instrumented; outside Lambda all of it is a no-op.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import xray from 'aws-xray-sdk-core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type * as TracerModuleNs from '#shared/platform/tracer.ts';
import type * as CorrelationModuleNs from '#shared/platform/correlation.ts';

type TracerModule = typeof TracerModuleNs;
type CorrelationModule = typeof CorrelationModuleNs;

/** A fresh copy of the module with Lambda's environment (or none). */
async function load(inLambda: boolean): Promise<TracerModule & CorrelationModule> {
  vi.resetModules();
  if (inLambda) Object.assign(process.env, { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' });
  else delete process.env.AWS_EXECUTION_ENV;
  return { ...(await import('#shared/platform/tracer.ts')), ...(await import('#shared/platform/correlation.ts')) };
}

/** Runs `work` under a segment, as Lambda's facade segment is set for an invocation. */
function underSegment<T>(work: (segment: xray.Segment) => Promise<T>): Promise<T> {
  const segment = new xray.Segment('billwatch-test');
  return xray.getNamespace().runAndReturn(() => {
    xray.setSegment(segment);
    return work(segment);
  });
}

const instrumented = (client: DynamoDBClient) => (client.middlewareStack as unknown as { identify(): string[] }).identify().join(' ');

afterEach(() => {
  delete process.env.AWS_EXECUTION_ENV;
  delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
});

describe('tracing in Lambda', () => {
  it('runs an invocation in a ## subsegment with its annotations, and returns its result', async () => {
    const { traced, withCorrelationId } = await load(true);
    await underSegment(async (segment) => {
      const out = await withCorrelationId('corr-1', () => traced('api-bills', { route: 'GET /api/bills', skipped: undefined }, async () => 42));
      expect(out).toBe(42);
      const sub = segment.subsegments?.[0] as unknown as { name: string; annotations: Record<string, unknown>; isClosed(): boolean };
      expect(sub?.name).toBe('## api-bills');
      expect(sub?.annotations).toMatchObject({ ColdStart: true, Service: 'billwatch', correlation_id: 'corr-1', route: 'GET /api/bills' });
      expect(sub?.annotations).not.toHaveProperty('skipped');
      expect(sub?.isClosed()).toBe(true);
      expect(xray.getSegment()).toBe(segment);
    });
  });

  it('records an error on the subsegment and rethrows it', async () => {
    const { traced } = await load(true);
    await underSegment(async (segment) => {
      await expect(traced('job-ingest', { job: 'poll_bills' }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      const sub = segment.subsegments?.[0] as unknown as { error?: boolean; fault?: boolean; cause?: { exceptions: { message: string }[] } };
      expect(sub.cause?.exceptions[0]?.message).toBe('boom');
      expect(xray.getSegment()).toBe(segment);
    });
  });

  it('instruments AWS SDK clients', async () => {
    const { traceClient } = await load(true);
    expect(instrumented(traceClient(new DynamoDBClient({ region: 'us-east-1' })))).toMatch(/XRay/i);
  });
});

describe('tracing outside Lambda', () => {
  it('runs the work alone and leaves clients as they are', async () => {
    const { traced, traceClient, tracer } = await load(false);
    expect(tracer().isTracingEnabled()).toBe(false);
    expect(await traced('api-bills', {}, async () => 'ok')).toBe('ok');
    expect(instrumented(traceClient(new DynamoDBClient({ region: 'us-east-1' })))).not.toMatch(/XRay/i);
  });
});
