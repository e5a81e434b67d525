import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sqsWorker } from '#shared/edges/queues/worker.ts';
import { lambdaContext } from '#test/support/api.ts';

const record = (id: string, body: string, receiveCount = '1'): SQSRecord => ({
  messageId: id,
  receiptHandle: `rh-${id}`,
  body,
  attributes: { ApproximateReceiveCount: receiveCount, SentTimestamp: '0', SenderId: 'x', ApproximateFirstReceiveTimestamp: '0' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
  awsRegion: 'us-east-1',
});

describe('sqsWorker', () => {
  const seen: { n: number; receiveCount: number }[] = [];
  const handler = sqsWorker('test', z.object({ n: z.number() }), async (message, ctx) => {
    if (message.n < 0) throw new Error('negative');
    seen.push({ n: message.n, receiveCount: ctx.receiveCount });
  });

  it('reports only the failed records: a thrown handler, a non-JSON body and a schema mismatch', async () => {
    const event: SQSEvent = {
      Records: [record('ok', '{"n":1}', '3'), record('boom', '{"n":-1}'), record('notjson', 'n=1'), record('shape', '{"n":"1"}')],
    };
    const res = await handler(event, lambdaContext());
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['boom', 'notjson', 'shape']);
    expect(seen).toEqual([{ n: 1, receiveCount: 3 }]);
  });

  it('reports every record when all fail instead of throwing', async () => {
    const res = await handler({ Records: [record('a', '{"n":-1}'), record('b', '{"n":-2}')] }, lambdaContext());
    expect(res.batchItemFailures).toHaveLength(2);
  });
});
