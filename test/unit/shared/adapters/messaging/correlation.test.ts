/**
 * Correlation ids: an API request's id (its x-correlation-id, else API
 * Gateway's request id) reaches the messages it sends and its log lines; a
 * worker record runs under the id of the message that carried it, so its
 * logs and the messages it sends in turn carry the same id; a job run's
 * id is its run id. Nothing of one record leaks into the next.
 */
import type { APIGatewayProxyEventV2, SQSRecord } from 'aws-lambda';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFunction, implement, requestCorrelationId } from '#shared/edges/http/api-function.ts';
import { health } from '#shared/edges/http/routes/system.routes.ts';
import { IngestTaskMessage } from '#shared/adapters/messaging/messages.ts';
import { queueUrlEnv, sendMessage } from '#shared/adapters/messaging/send.ts';
import { currentCorrelationId, saneCorrelationId } from '#shared/platform/correlation.ts';
import { logger } from '#shared/platform/logger.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';
import { apiEvent, lambdaContext } from '#test/support/api.ts';

const sqs = mockClient(SQSClient);
let lines: string[] = [];

beforeEach(() => {
  process.env[queueUrlEnv('ingest-tasks')] = 'http://sqs.local/000000000000/ingest-tasks';
  sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
  lines = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  sqs.reset();
});

/** The bodies sent to SQS so far, parsed. */
const sentBodies = () =>
  sqs
    .commandCalls(SendMessageBatchCommand)
    .flatMap((c) => (c.args[0].input.Entries ?? []).map((e) => JSON.parse(e.MessageBody ?? '{}') as Record<string, unknown>));

/** The JSON log lines whose message is `message`. */
const logged = (message: string) =>
  lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.message === message);

const memberTask = (id: string) => ({ v: 1 as const, type: 'enrich_member' as const, member_id: id });

describe('from an API request', () => {
  const api = apiFunction('system', [
    implement(health, async () => {
      logger.error('probe from the route');
      await sendMessage('ingest-tasks', memberTask('A000001'));
      return { status: 'ok' };
    }),
  ]);

  it("stamps the client's x-correlation-id on the messages it sends and on its logs", async () => {
    const event = apiEvent('GET', '/api/health', { headers: { 'X-Correlation-Id': 'client-abc-123' } });
    const context = lambdaContext();
    const res = await api(event, context);
    expect(res.statusCode).toBe(200);
    expect(sentBodies()).toEqual([{ ...memberTask('A000001'), correlation_id: 'client-abc-123' }]);
    const [line] = logged('probe from the route');
    expect(line).toMatchObject({ correlation_id: 'client-abc-123', function_request_id: context.awsRequestId });
    expect(currentCorrelationId()).toBeUndefined();
  });

  it("falls back to API Gateway's request id when the header is absent or not sane", async () => {
    const event = apiEvent('GET', '/api/health', { headers: { 'x-correlation-id': 'no spaces or\nnewlines please' } });
    event.requestContext.requestId = 'gw-req-42';
    await api(event, lambdaContext());
    expect(sentBodies()[0]?.correlation_id).toBe('gw-req-42');
    expect(requestCorrelationId({ ...event, headers: {} } as APIGatewayProxyEventV2, undefined)).toBe('gw-req-42');
    expect(saneCorrelationId('x'.repeat(101))).toBeUndefined();
    expect(saneCorrelationId(' ok-1 ')).toBe('ok-1');
  });
});

describe('from a queue message', () => {
  const record = (id: string, body: unknown): SQSRecord => ({
    messageId: id,
    receiptHandle: `rh-${id}`,
    body: JSON.stringify(body),
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
    awsRegion: 'us-east-1',
  });
  const seen: (string | undefined)[] = [];
  const worker = sqsWorker('test', IngestTaskMessage(), async (message) => {
    // Both records are in flight at once: each must keep its own id across the await.
    await new Promise((r) => setTimeout(r, message.type === 'enrich_member' && message.member_id === 'A000001' ? 20 : 1));
    seen.push(currentCorrelationId());
    logger.error('probe from the worker', { member: message.type === 'enrich_member' ? message.member_id : null });
    await sendMessage('ingest-tasks', { v: 1, type: 'fetch_member_news', member_id: message.type === 'enrich_member' ? message.member_id : 'X' });
  });

  it("runs each record under its message's id (else its message id): in its logs and in the messages it sends", async () => {
    const res = await worker(
      { Records: [record('m-1', { ...memberTask('A000001'), correlation_id: 'poll-run-7' }), record('m-2', memberTask('B000002'))] },
      lambdaContext(),
    );
    expect(res.batchItemFailures).toEqual([]);
    const byMember = Object.fromEntries(sentBodies().map((b) => [b.member_id, b.correlation_id]));
    expect(byMember).toEqual({ A000001: 'poll-run-7', B000002: 'm-2' });
    const logs = Object.fromEntries(logged('probe from the worker').map((l) => [l.member, l.correlation_id]));
    expect(logs).toEqual({ A000001: 'poll-run-7', B000002: 'm-2' });
    expect(seen.sort()).toEqual(['m-2', 'poll-run-7']);
    // Per-record state is gone once the batch is done.
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('keeps a correlation id the message body already carries (a re-sent message keeps its origin)', async () => {
    const body = { ...memberTask('C000003'), correlation_id: 'origin-1' };
    await worker({ Records: [record('m-3', { ...memberTask('C000003'), correlation_id: 'other' })] }, lambdaContext());
    sqs.resetHistory();
    const { withCorrelationId } = await import('#shared/platform/correlation.ts');
    await withCorrelationId('current', () => sendMessage('ingest-tasks', body));
    expect(sentBodies()).toEqual([body]);
  });

  it('accepts at most 100 characters of correlation id in the envelope', () => {
    expect(IngestTaskMessage().safeParse({ ...memberTask('A000001'), correlation_id: 'x'.repeat(101) }).success).toBe(false);
    expect(z.string().parse(IngestTaskMessage().parse({ ...memberTask('A000001'), correlation_id: 'ok' }).correlation_id)).toBe('ok');
  });
});
