// The local queue pump behaves like Lambda's SQS event source mapping, on fauxqs.
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqs } from '#shared/platform/sqs-client.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import { startQueuePump, type QueuePump } from '#local/queue-pump.ts';
import { provisionTestStack, useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack({ visibilityTimeoutSeconds: 1 });

const queue = (name: QueueName) => QUEUES.find((q) => q.name === name) as (typeof QUEUES)[number];
const urlOf = (name: QueueName) => process.env[queueUrlEnv(name)] as string;

async function send(name: QueueName, bodies: string[]): Promise<void> {
  for (let i = 0; i < bodies.length; i += 10) {
    const out = await (
      await sqs()
    ).send(new SendMessageBatchCommand({ QueueUrl: urlOf(name), Entries: bodies.slice(i, i + 10).map((b, j) => ({ Id: String(j), MessageBody: b })) }));
    expect(out.Failed ?? []).toEqual([]);
  }
}

/** How the tests wait for what the pump does in the background: a check that throws ends the wait at once. */
const POLL = { timeout: 20_000, interval: 50 };

async function visibleAndInFlight(url: string): Promise<number> {
  const out = await (
    await sqs()
  ).send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
  return Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) + Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
}

const pumps: QueuePump[] = [];
const logs: string[] = [];
function pump(name: QueueName, handler?: (event: SQSEvent) => Promise<SQSBatchResponse | void>, visibilityTimeoutSeconds = 1): QueuePump {
  const p = startQueuePump({
    queue: queue(name),
    queueUrl: urlOf(name),
    visibilityTimeoutSeconds,
    waitTimeSeconds: 1,
    handler: handler ? (event) => handler(event as SQSEvent) : undefined,
    log: (l) => logs.push(l),
  });
  pumps.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pumps.splice(0).map((p) => p.stop()));
});

describe('queue pump', () => {
  it('redelivers only the record listed in batchItemFailures, and deletes the others', async () => {
    await send('ingest-tasks', ['a', 'b', 'c']);
    const deliveries: string[] = [];
    const counts: string[] = [];
    pump('ingest-tasks', async (event) => {
      deliveries.push(...event.Records.map((r) => r.body));
      counts.push(...event.Records.map((r) => `${r.body}:${r.attributes.ApproximateReceiveCount}`));
      expect(event.Records.every((r) => r.eventSource === 'aws:sqs' && r.eventSourceARN.endsWith('ingest-tasks') && r.md5OfBody)).toBe(true);
      const failing = event.Records.filter((r) => r.body === 'b' && r.attributes.ApproximateReceiveCount === '1');
      return { batchItemFailures: failing.map((r) => ({ itemIdentifier: r.messageId })) };
    });
    await vi.waitUntil(() => deliveries.filter((d) => d === 'b').length === 2, POLL);
    await vi.waitUntil(async () => (await visibleAndInFlight(urlOf('ingest-tasks'))) === 0, POLL);
    expect(deliveries.sort()).toEqual(['a', 'b', 'b', 'c']);
    expect(counts).toContain('b:2');
  });

  it('fails the whole batch when the worker throws', async () => {
    await send('document-fetch', ['x', 'y']);
    const seen: string[] = [];
    pump('document-fetch', async (event) => {
      seen.push(...event.Records.map((r) => `${r.body}:${r.attributes.ApproximateReceiveCount}`));
      if (event.Records.some((r) => r.attributes.ApproximateReceiveCount === '1')) throw new Error('boom');
    });
    await vi.waitUntil(() => seen.includes('x:2') && seen.includes('y:2'), POLL);
    await vi.waitUntil(async () => (await visibleAndInFlight(urlOf('document-fetch'))) === 0, POLL);
    expect(logs.some((l) => l.includes('worker threw'))).toBe(true);
  });

  it('moves a message that failed maxReceiveCount times to the DLQ', async () => {
    const { dlqUrls } = await provisionTestStack();
    await send('brief', ['poison']);
    let attempts = 0;
    // Visible again at once after each failed delivery (visibility 0): the redrive counts receives, not seconds.
    pump('brief', async (event) => ({ batchItemFailures: event.Records.map((r) => (attempts++, { itemIdentifier: r.messageId })) }), 0);
    const dlqUrl = dlqUrls.brief as string;
    let dead: string | undefined;
    await vi.waitUntil(async () => {
      const out = await (await sqs()).send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 0 }));
      dead = out.Messages?.[0]?.Body;
      return dead !== undefined;
    }, POLL);
    expect(dead).toBe('poison');
    expect(attempts).toBe(queue('brief').maxReceiveCount);
  });

  it('never hands the worker more records than the batch size', async () => {
    const bodies = Array.from({ length: 25 }, (_, i) => `m${i}`);
    await send('notification-dispatch', bodies);
    const received: string[] = [];
    const p = pump('notification-dispatch', async (event) => {
      received.push(...event.Records.map((r) => r.body));
    });
    await vi.waitUntil(() => received.length === 25, POLL);
    expect(Math.max(...p.batches)).toBe(queue('notification-dispatch').batchSize);
    expect(p.batches.every((n) => n <= queue('notification-dispatch').batchSize)).toBe(true);
    expect(received.sort()).toEqual(bodies.sort());
  });

  it('keeps at most maxConcurrency batches in flight', async () => {
    const limit = queue('brief').maxConcurrency;
    await send(
      'brief',
      Array.from({ length: limit + 2 }, (_, i) => `c${i}`),
    );
    let inFlight = 0;
    let peak = 0;
    let done = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    // A visibility timeout longer than the gate is held, so no held message is redelivered meanwhile.
    pump(
      'brief',
      async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await gate;
        inFlight--;
        done++;
      },
      60,
    );
    await vi.waitUntil(() => inFlight === limit, POLL);
    // Give a would-be extra poller time to start a batch it should not.
    await new Promise((r) => setTimeout(r, 300));
    expect(peak).toBe(limit);
    release();
    await vi.waitUntil(() => done === limit + 2, POLL);
    expect(peak).toBe(limit);
  });

  it('leaves messages waiting and logs once when the queue has no worker file yet', async () => {
    await send('document-fetch', ['waiting']);
    const orphan = startQueuePump({
      queue: { ...queue('document-fetch'), worker: 'no-such-worker' },
      queueUrl: urlOf('document-fetch'),
      visibilityTimeoutSeconds: 1,
      log: (l) => logs.push(l),
    });
    pumps.push(orphan);
    await new Promise((r) => setTimeout(r, 300));
    expect(logs.filter((l) => l.includes('no-such-worker'))).toHaveLength(1);
    expect(await visibleAndInFlight(urlOf('document-fetch'))).toBe(1);
    expect(orphan.batches).toEqual([]);
  });
});
