/**
 * The state a seeded local stack starts from, captured once per test run and
 * put back in each seeded e2e file: seeding runs the whole offline demo
 * through the real jobs (tens of CPU seconds, the same every time), and four
 * files asked for it. What a seed leaves is the table's items, the bucket's
 * objects and the queues' pending messages (the seed's queued work: texts,
 * briefs, search updates, and the vote fetches it spreads over 140 s), so all
 * three are captured, the messages with the delay each had left, and put
 * back before the file's pumps see them.
 *
 * The capture runs in a process of its own (./capture-seeded-state.ts) on
 * tables, a bucket and queues of its own, with no pumps, so nothing but the
 * seed has run when it is read, and the file's service modules never see
 * another stack's environment. The first seeded file of a run starts it;
 * the others wait for its file.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BatchWriteItemCommand, DeleteTableCommand, DynamoDBClient, ScanCommand, type AttributeValue, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { region } from '#shared/platform/aws-clients.ts';
import { s3 } from '#shared/platform/s3-client.ts';
import { sqs } from '#shared/platform/sqs-client.ts';
import type { ProvisionNames } from '#local/provision.ts';

const QUEUE_NAMES = QUEUES.map((q) => q.name) as [QueueName, ...QueueName[]];

export const SeededState = z.object({
  /** What the seed returned (the stack's `seed`). */
  seed: z.object({ seeded: z.boolean(), detail: z.string() }),
  /** The table's items as DynamoDB's wire format has them, so every type (sets, binaries, large numbers) survives. */
  items: z.array(
    z.record(
      z.string(),
      z.custom<AttributeValue>((v) => typeof v === 'object' && v !== null),
    ),
  ),
  objects: z.array(z.object({ key: z.string(), contentType: z.string().optional(), base64: z.string() })),
  /** Each queue's messages in the order they would be received, with the seconds of delay each had left. */
  messages: z.array(z.object({ queue: z.enum(QUEUE_NAMES), body: z.string(), delaySeconds: z.number().int().min(0).max(900) })),
});
export type SeededState = z.infer<typeof SeededState>;

/** fauxqs's non-destructive view of a queue (GET /_fauxqs/queues/<name>): every message, delayed ones too. */
const InspectedQueue = z.object({
  messages: z.object({
    ready: z.array(z.object({ body: z.string() })),
    delayed: z.array(z.object({ body: z.string(), delayUntil: z.number() })),
    inflight: z.array(z.object({ message: z.object({ body: z.string() }) })),
  }),
});

/** A client of its own: the service's DocumentClient would unmarshal numbers into doubles. */
const dynamoDb = () => new DynamoDBClient({ region: region() });

/** DynamoDB's BatchWriteItem limit. */
const BATCH_WRITE_MAX = 25;
/** SQS's SendMessageBatch limit. */
const SEND_BATCH_MAX = 10;
/** Batch writes in flight at once: DynamoDB Local answers a few concurrent requests faster than one at a time. */
const WRITERS = 4;

async function scanItems(client: DynamoDBClient, tableName: string): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function readObjects(bucketName: string): Promise<SeededState['objects']> {
  const client = await s3();
  const objects: SeededState['objects'] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucketName, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      const object = await client.send(new GetObjectCommand({ Bucket: bucketName, Key }));
      const bytes = await object.Body?.transformToByteArray();
      objects.push({ key: Key, contentType: object.ContentType, base64: Buffer.from(bytes ?? []).toString('base64') });
    }
    token = page.NextContinuationToken;
  } while (token);
  return objects;
}

async function inspectQueue(fauxqsEndpoint: string, name: string): Promise<z.infer<typeof InspectedQueue>['messages']> {
  const response = await fetch(`${fauxqsEndpoint}/_fauxqs/queues/${name}`);
  if (!response.ok) throw new Error(`fauxqs has no queue ${name} (${response.status})`);
  return InspectedQueue.parse(await response.json()).messages;
}

async function readMessages(fauxqsEndpoint: string, queuePrefix: string, now: number): Promise<SeededState['messages']> {
  const messages: SeededState['messages'] = [];
  for (const queue of QUEUE_NAMES) {
    const { ready, delayed, inflight } = await inspectQueue(fauxqsEndpoint, `${queuePrefix}${queue}`);
    // In flight means received and not yet deleted: with no pumps nothing receives, but such a message would come back.
    for (const { body } of [...ready, ...inflight.map((m) => m.message)]) messages.push({ queue, body, delaySeconds: 0 });
    for (const { body, delayUntil } of [...delayed].sort((a, b) => a.delayUntil - b.delayUntil))
      messages.push({ queue, body, delaySeconds: Math.min(900, Math.max(0, Math.ceil((delayUntil - now) / 1000))) });
  }
  return messages;
}

/** Reads what a seeded stack with no pumps holds: its items, objects and pending messages. Its table is dropped after. */
export async function readSeededState(seed: SeededState['seed'], names: ProvisionNames, fauxqsEndpoint: string): Promise<SeededState> {
  const client = dynamoDb();
  const now = Date.now();
  const messages = await readMessages(fauxqsEndpoint, names.queuePrefix, now);
  const [items, objects] = await Promise.all([scanItems(client, names.tableName), readObjects(names.bucketName)]);
  // DynamoDB Local keeps tables in memory: this one is not needed again.
  await client.send(new DeleteTableCommand({ TableName: names.tableName }));
  return { seed, items, objects, messages };
}

async function writeItems(client: DynamoDBClient, tableName: string, items: SeededState['items']): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < items.length; i += BATCH_WRITE_MAX) batches.push(items.slice(i, i + BATCH_WRITE_MAX).map((Item) => ({ PutRequest: { Item } })));
  const writer = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      for (let pending = batch; pending.length > 0;) {
        const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
        pending = out.UnprocessedItems?.[tableName] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

async function sendMessages(messages: SeededState['messages']): Promise<void> {
  const client = await sqs();
  for (const queue of QUEUE_NAMES) {
    const entries = messages.filter((m) => m.queue === queue).map((m, i) => ({ Id: String(i), MessageBody: m.body, DelaySeconds: m.delaySeconds }));
    for (let i = 0; i < entries.length; i += SEND_BATCH_MAX) {
      const out = await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl(queue), Entries: entries.slice(i, i + SEND_BATCH_MAX) }));
      if (out.Failed?.length) throw new Error(`SendMessageBatch to ${queue} failed: ${out.Failed.map((f) => f.Message).join('; ')}`);
    }
  }
}

/**
 * Puts a captured state into the stack the environment names (TABLE_NAME, BUCKET_NAME, QUEUE_URL_*): items and objects
 * first, so a pump never takes a message before what it reads is there. Returns what the seed returned.
 */
export async function restoreSeededState(state: SeededState): Promise<SeededState['seed']> {
  const tableName = process.env.TABLE_NAME as string;
  const bucketName = process.env.BUCKET_NAME as string;
  const client = await s3();
  await Promise.all([
    writeItems(dynamoDb(), tableName, state.items),
    Promise.all(
      state.objects.map((o) =>
        client.send(new PutObjectCommand({ Bucket: bucketName, Key: o.key, ContentType: o.contentType, Body: Buffer.from(o.base64, 'base64') })),
      ),
    ),
  ]);
  await sendMessages(state.messages);
  return state.seed;
}

/**
 * Waits until the stack's pumps have taken every message a restore made visible (delayed ones aside), or `boundMs`
 * has passed. A seed run in the file ran with the file's pumps started, so the work it queued early had been taken
 * by its end; a restore queues it all at once, and the tests' polls were timed for the former. A bound, not a check:
 * what the pumps did is for the tests to judge (the vote fetches keep ingest-tasks busy for minutes either way).
 */
export async function untilReadyWorkTaken(boundMs: number): Promise<void> {
  const endpoint = process.env.AWS_ENDPOINT_URL_SQS as string;
  const names = QUEUE_NAMES.map((queue) => queueUrl(queue).split('/').pop() as string);
  const bound = Date.now() + boundMs;
  while (Date.now() < bound) {
    const queues = await Promise.all(names.map((name) => inspectQueue(endpoint, name)));
    if (queues.every((q) => q.ready.length === 0)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const CAPTURE_SCRIPT = fileURLToPath(new URL('./capture-seeded-state.ts', import.meta.url));
/** The seed's own limit in a seeded file was the 300 s hook timeout; a capture waited for gets the same. */
const CAPTURE_TIMEOUT_MS = 300_000;

const isCode = (err: unknown, code: string) => typeof err === 'object' && err !== null && 'code' in err && err.code === code;

/**
 * The run's seeded state, from `dir` (the global setup's, one per run): the first caller captures it in a child
 * process, later ones wait for its file. A failed capture fails every caller with its error, as a failed seed would.
 */
export async function sharedSeededState(dir: string): Promise<SeededState> {
  const file = join(dir, 'seeded-state.json');
  const failure = join(dir, 'capture-failed.txt');
  let first = true;
  try {
    await mkdir(join(dir, 'capturing'));
  } catch (err) {
    if (!isCode(err, 'EEXIST')) throw err;
    first = false;
  }
  if (first) {
    try {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', CAPTURE_SCRIPT, `${file}.partial`], {
        env: process.env,
        timeout: CAPTURE_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      });
      await rename(`${file}.partial`, file);
    } catch (err) {
      await writeFile(failure, String(err));
      throw err;
    }
  }
  const deadline = Date.now() + CAPTURE_TIMEOUT_MS;
  for (;;) {
    try {
      return SeededState.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (err) {
      if (!isCode(err, 'ENOENT')) throw err;
    }
    const failed = await readFile(failure, 'utf8').catch(() => null);
    if (failed !== null) throw new Error(`the seeded state's capture failed: ${failed}`);
    if (Date.now() > deadline) throw new Error(`no seeded state in ${dir} after ${CAPTURE_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
