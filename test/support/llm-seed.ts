// Seeds bills and stored texts through the ingestion repositories, and runs the brief worker as SQS would.
import { randomUUID } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { expect } from 'vitest';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#shared/platform/sqs-client.ts';
import { createBill, markBillHasText } from '#shared/adapters/db/bills.repository.ts';
import { saveTextVersion, textKeys } from '#shared/adapters/db/texts.repository.ts';
import { handler } from '#functions/workers/brief.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import { makeBillById } from './personal-seed.ts';

/** Saves a bill with the given id and title (makeBillById()'s other defaults). */
export async function seedBill(id: string, title: string): Promise<void> {
  await createBill(makeBillById(id, { title, introduced_date: '2025-03-01' }));
}

/** Stores a text version of a bill, as the document fetcher does. */
export async function seedText(billId: string, code: string, text: string, publishedDate: string): Promise<void> {
  await saveTextVersion(
    {
      bill_id: billId,
      version_code: code,
      label: code,
      published_date: publishedDate,
      format: 'txt',
      ...textKeys(billId, code, 'txt'),
      size: text.length,
      source_url: `https://example.test/${billId}/${code}`,
      fetched_at: new Date().toISOString(),
    },
    Buffer.from(text),
    { text, outline: null },
  );
  await markBillHasText(billId);
}

/** Delivers one brief message to the worker, as the SQS event source does. */
export async function deliverBrief(body: unknown, messageId: string = randomUUID(), receiveCount = 1): Promise<SQSBatchResponse> {
  const event: SQSEvent = {
    Records: [
      {
        messageId,
        receiptHandle: `rh-${messageId}`,
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:brief',
        awsRegion: 'us-east-1',
      },
    ],
  };
  return handler(event, { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 600_000 } as unknown as Context);
}

/** Takes every message waiting on a queue, with its message id. */
async function drainQueue(name: 'notification-dispatch' | 'brief'): Promise<Array<{ id: string; body: Record<string, unknown> }>> {
  const url = queueUrl(name);
  const out: Array<{ id: string; body: Record<string, unknown> }> = [];
  for (;;) {
    const res = await (await sqs()).send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!res.Messages?.length) return out;
    for (const m of res.Messages) {
      out.push({ id: m.MessageId ?? randomUUID(), body: JSON.parse(m.Body ?? '{}') as Record<string, unknown> });
      await (await sqs()).send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle }));
    }
  }
}

/** Takes every message waiting on the notification queue. */
export async function drainNotifications(): Promise<Array<Record<string, unknown>>> {
  return (await drainQueue('notification-dispatch')).map((m) => m.body);
}

/** Takes every message waiting on the brief queue and hands each to the brief worker under its own message id, as SQS would. */
export async function runQueuedBriefs(): Promise<Array<{ id: string; body: Record<string, unknown> }>> {
  const messages = await drainQueue('brief');
  for (const m of messages) expect((await deliverBrief(m.body, m.id)).batchItemFailures).toEqual([]);
  return messages;
}

export const briefMessage = (billId: string, versionCode: string, force = false) => ({
  v: 1,
  type: 'brief_bill_text',
  bill_id: billId,
  version_code: versionCode,
  force,
});

/** Registers a user and logs in; returns the bearer token and id (the first user of a file is admin). */
export async function signUp(email: string, ip: string): Promise<{ token: string; id: string }> {
  const { handler: auth } = await import('#functions/api/auth.ts');
  const { call } = await import('#test/support/api.ts');
  const reg = await call(auth, 'POST', '/api/auth/register', { body: { email, password: 'correct horse battery' }, sourceIp: ip });
  const login = await call(auth, 'POST', '/api/auth/login', { body: { email, password: 'correct horse battery' }, sourceIp: ip });
  return { token: (login.body as { access_token: string }).access_token, id: (reg.body as { id: string }).id };
}

/** Sets provider environment variables and forgets cached config and clients. */
export async function useProviderEnv(env: Record<string, string | undefined>): Promise<void> {
  const { resetConfig } = await import('#shared/platform/config.ts');
  const { resetProviders } = await import('#shared/adapters/providers/llm/provider-factory.ts');
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  resetProviders();
}
