/**
 * A queue pump does locally what Lambda's SQS event source mapping does in
 * AWS: long-polls one queue with its batch size, invokes the queue's worker
 * (functions/workers/<worker>.ts) with an SQS event, deletes the records the
 * worker did not list in batchItemFailures and leaves those to reappear after
 * the visibility timeout. The queue's redrive policy (which fauxqs applies on
 * receive) moves a message to the DLQ after maxReceiveCount receives.
 */
import { randomUUID } from 'node:crypto';
import { DeleteMessageBatchCommand, GetQueueAttributesCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { sqs } from '#shared/platform/sqs-client.ts';
import type { QueueDef } from '#shared/edges/queues/queue-table.ts';
import { lambdaContext, loadFunction, type LambdaHandler, type LoadResult } from './function-loader.ts';
import { failedMessageIds, toSqsEvent } from './sqs-event.ts';

export interface QueuePumpOptions {
  queue: Pick<QueueDef, 'name' | 'worker' | 'batchSize' | 'maxConcurrency' | 'timeoutSeconds'>;
  queueUrl: string;
  /** Visibility timeout asked for on each receive; short locally so retries come quickly. */
  visibilityTimeoutSeconds: number;
  /** Long-poll wait per ReceiveMessage call (SQS allows up to 20). */
  waitTimeSeconds?: number;
  /** The worker to call instead of functions/workers/<worker>.ts (tests). */
  handler?: LambdaHandler;
  log: (line: string) => void;
}

/** How long stop() waits for in-flight batches. */
const STOP_GRACE_MS = 10_000;

export interface QueuePump {
  /** Batches delivered to the worker so far, with their sizes (for tests and logs). */
  readonly batches: number[];
  stop(): Promise<void>;
}

/** Waits `ms`, or less when the pump stops; removes its abort listener either way. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** Starts maxConcurrency polling loops on one queue. */
export function startQueuePump(options: QueuePumpOptions): QueuePump {
  const { queue, log } = options;
  const abort = new AbortController();
  const batches: number[] = [];
  const reported = new Set<string>();
  let arn: Promise<string> | undefined;
  const region = process.env.AWS_REGION ?? 'us-east-1';

  const once = (key: string, line: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    log(line);
  };
  const queueArn = () =>
    (arn ??= sqs()
      .then((client) => client.send(new GetQueueAttributesCommand({ QueueUrl: options.queueUrl, AttributeNames: ['QueueArn'] })))
      .then((out) => out.Attributes?.QueueArn ?? `arn:aws:sqs:${region}:000000000000:${queue.name}`));

  const worker = async (): Promise<LoadResult> => (options.handler ? { status: 'ok', handler: options.handler } : loadFunction('workers', queue.worker));

  async function deliver(handler: LambdaHandler, messages: Message[]): Promise<void> {
    const event = toSqsEvent(messages, await queueArn(), region);
    batches.push(messages.length);
    let outcome: { error: unknown } | { result: unknown };
    try {
      outcome = { result: await handler(event, lambdaContext(`worker-${queue.worker}`, randomUUID(), queue.timeoutSeconds)) };
    } catch (error) {
      log(`queue ${queue.name}: worker threw, the whole batch of ${messages.length} returns: ${error instanceof Error ? error.message : String(error)}`);
      outcome = { error };
    }
    const failed = failedMessageIds(event, outcome);
    const done = messages.filter((m) => !failed.has(m.MessageId ?? ''));
    if (done.length === 0) return;
    const out = await (
      await sqs()
    ).send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
      }),
    );
    // A failed delete only means a redelivery, which idempotent workers absorb; say so.
    for (const f of out.Failed ?? []) log(`queue ${queue.name}: could not delete a processed message: ${f.Code ?? ''} ${f.Message ?? ''}`);
  }

  async function loop(): Promise<void> {
    while (!abort.signal.aborted) {
      const loaded = await worker();
      if (loaded.status !== 'ok') {
        if (loaded.status === 'missing') once('missing', `queue ${queue.name}: no worker yet (${loaded.file}); its messages wait`);
        else once('failed', `queue ${queue.name}: worker failed to initialise, messages wait: ${loaded.error.message}`);
        await sleep(5000, abort.signal);
        continue;
      }
      try {
        const out = await (
          await sqs()
        ).send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: queue.batchSize,
            WaitTimeSeconds: options.waitTimeSeconds ?? 5,
            VisibilityTimeout: options.visibilityTimeoutSeconds,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        if (out.Messages?.length) await deliver(loaded.handler, out.Messages);
      } catch (err) {
        if (abort.signal.aborted) return;
        log(`queue ${queue.name}: ${err instanceof Error ? err.message : String(err)}`);
        await sleep(1000, abort.signal);
      }
    }
  }

  const loops = Array.from({ length: Math.max(1, queue.maxConcurrency) }, () => loop());
  return {
    batches,
    async stop() {
      abort.abort();
      // In-flight batches get a moment to finish; a stuck one must not hold the shutdown (its messages reappear later).
      const finished = Promise.allSettled(loops).then(() => true);
      const timedOut = new Promise<false>((r) => setTimeout(() => r(false), STOP_GRACE_MS).unref());
      if (!(await Promise.race([finished, timedOut]))) log(`queue ${queue.name}: stopped with a batch still running`);
    },
  };
}
