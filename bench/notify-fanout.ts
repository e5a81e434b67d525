/**
 * Notification fan-out benchmark. On DynamoDB Local + fauxqs:
 *   1. load one bill with a brief and 10,000 users following it; every user
 *      has RSS on, and one in ten pushes to a local HTTP push server;
 *   2. dispatch one bill_event: the dispatcher finds the followers and splits
 *      them into deliver_batch messages on the queue;
 *   3. run the worker as Lambda would (batches of 10 messages, up to 4
 *      concurrent invocations) until the queue is empty;
 *   4. redeliver every batch once and check that nothing is sent twice.
 * Prints the DynamoDB and SQS requests (by command) and the wall time, per
 * 1,000 recipients. Not a test. Run: npx tsx bench/notify-fanout.ts
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { countCommands, startBenchStack } from './support/bench-stack.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

const RECIPIENTS = 10_000;
const PUSH_EVERY = 10;
const WORKER_CONCURRENCY = 4;
const BILL = '118-hr-3076';

const stack = await startBenchStack('notify', { env: { NOTIFY_RETRY_BASE_SECONDS: '0', ALLOW_PRIVATE_PUSH_TARGETS: '1' } });

// Imported after the environment is set: modules read config and clients lazily, the handlers at cold start.
const { ReceiveMessageCommand, DeleteMessageBatchCommand } = await import('@aws-sdk/client-sqs');
const { dynamo } = await import('#shared/platform/aws-clients.ts');
const { sqs } = await import('#shared/platform/sqs-client.ts');
const { provision } = await import('../local/provision.ts');
const { toSqsEvent } = await import('../local/sqs-event.ts');
const { seedBill, seedBrief } = await import('#test/support/notify-harness.ts');
const { createFollow } = await import('#shared/adapters/db/follows.repository.ts');
const { batchWrite } = await import('#shared/adapters/db/dynamo.ts');
const { userKey } = await import('#shared/adapters/db/users.repository.ts');
const { mapLimit } = await import('#shared/platform/concurrency.ts');
const { listHistory } = await import('#shared/adapters/db/notifications.repository.ts');
const { queueUrl } = await import('#shared/adapters/messaging/send.ts');

const counts = { dynamo: countCommands(dynamo()).counts, sqs: countCommands(await sqs()).counts };
const reset = () => [counts.dynamo, counts.sqs].forEach((m) => m.clear());
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

// The SDK warns each time its socket pool queues requests; in this deliberately saturated run that is noise.
const warn = console.warn;
console.warn = (...args: unknown[]) => void (String(args[0]).includes('socket usage at capacity') ? undefined : warn(...args));

const sink = fork(new URL('./notify-push-sink.ts', import.meta.url));
const [{ port }] = (await once(sink, 'message')) as [{ port: number }];
const pushCount = async () => {
  sink.send('count');
  const [{ count }] = (await once(sink, 'message')) as [{ count: number }];
  return count;
};
const push = { url: `http://127.0.0.1:${port}` };
try {
  const provisioned = await provision({ tableName: 'bench-notify', bucketName: 'bench-notify', queuePrefix: 'bench-notify-' });
  Object.assign(process.env, provisioned.env);
  const { handler } = await import('#functions/workers/notification-dispatch.ts');
  const { dispatchBillEvent } = await import('#shared/use-cases/notify/dispatch-event.ts');

  let t = performance.now();
  await seedBill(BILL);
  await seedBrief(BILL, 'Reforms the finances and operations of the United States Postal Service.', ['postal-service']);
  const ids = Array.from({ length: RECIPIENTS }, (_, i) => `bench-user-${String(i).padStart(5, '0')}`);
  await batchWrite(
    ids.map((id, i) => ({
      put: entityItem('user', userKey(id), {
        id,
        email: `${id}@example.org`,
        hashed_password: 'x',
        is_admin: false,
        created_at: new Date().toISOString(),
        notification_prefs: { rss_enabled: true, ...(i % PUSH_EVERY === 0 ? { push_enabled: true, push_url: `${push.url}/${id}` } : {}) },
      }),
    })),
  );
  await mapLimit(ids, 32, (id, i) => createFollow({ userId: id, targetType: 'bill', targetId: BILL, followMode: i % 3 === 0 ? 'hold_boost' : 'neutral' }));
  console.log(`loaded ${RECIPIENTS} users following ${BILL} in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const runWorkers = async (): Promise<number> => {
    let invocations = 0;
    await Promise.all(
      Array.from({ length: WORKER_CONCURRENCY }, async () => {
        for (;;) {
          const res = await (
            await sqs()
          ).send(
            new ReceiveMessageCommand({
              QueueUrl: queueUrl('notification-dispatch'),
              MaxNumberOfMessages: 10,
              WaitTimeSeconds: 0,
              MessageSystemAttributeNames: ['ApproximateReceiveCount'],
            }),
          );
          const messages = res.Messages ?? [];
          if (messages.length === 0) return;
          invocations++;
          const out = await handler(toSqsEvent(messages, 'arn:aws:sqs:us-east-1:000000000000:notification-dispatch', 'us-east-1'), {
            awsRequestId: 'bench',
          } as never);
          if (out.batchItemFailures.length) throw new Error(`worker failed ${out.batchItemFailures.length} records`);
          await (
            await sqs()
          ).send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl('notification-dispatch'),
              Entries: messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle })),
            }),
          );
        }
      }),
    );
    return invocations;
  };

  const event = {
    v: 1 as const,
    type: 'bill_event' as const,
    event_id: `action:${BILL}:bench`,
    kind: 'bill_updated' as const,
    bill_id: BILL,
    action_category: 'vote' as const,
    occurred_at: new Date().toISOString(),
  };
  reset();
  t = performance.now();
  const summary = await dispatchBillEvent(event, new Date());
  const fanOutMs = performance.now() - t;
  const invocations = await runWorkers();
  const wallMs = performance.now() - t;
  const per1000 = (n: number) => (n / (RECIPIENTS / 1000)).toFixed(1);
  const table = (m: Map<string, number>) =>
    [...m.entries()]
      .sort()
      .map(([k, v]) => `${k} ${v} (${per1000(v)}/1k)`)
      .join(', ');
  console.log(`\nfirst delivery: ${summary.recipients} recipients in ${summary.batches} deliver_batch messages, ${invocations} worker invocations`);
  console.log(
    `  wall time ${(wallMs / 1000).toFixed(2)} s (fan-out ${fanOutMs.toFixed(0)} ms) = ${(wallMs / (RECIPIENTS / 1000)).toFixed(0)} ms per 1,000 recipients`,
  );
  console.log(`  DynamoDB requests ${total(counts.dynamo)} (${per1000(total(counts.dynamo))} per 1,000): ${table(counts.dynamo)}`);
  console.log(`  SQS requests ${total(counts.sqs)} (${per1000(total(counts.sqs))} per 1,000, incl. the bench's receive/delete): ${table(counts.sqs)}`);
  console.log(`  push publishes ${await pushCount()} (expected ${RECIPIENTS / PUSH_EVERY})`);

  // Redelivery: the same bill_event again, then every batch again.
  const pushesBefore = await pushCount();
  reset();
  t = performance.now();
  await dispatchBillEvent(event, new Date());
  await runWorkers();
  const redeliveryMs = performance.now() - t;
  console.log(
    `\nredelivery of the event and all its batches: ${(redeliveryMs / 1000).toFixed(2)} s, DynamoDB requests ${total(counts.dynamo)} (${per1000(total(counts.dynamo))} per 1,000), new push publishes ${(await pushCount()) - pushesBefore}`,
  );
  const sample = await listHistory(ids[0] as string, 5);
  console.log(`  history of one recipient: ${sample.items.length} event(s), channels ${JSON.stringify(sample.items[0]?.channels)}`);
} finally {
  sink.send('stop');
  await stack.stop();
}
