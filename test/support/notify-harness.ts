/**
 * Helpers of the notification integration tests: seeding a bill and its
 * brief through the owners' repositories, handing messages to the dispatch
 * worker as the SQS event source would, and draining the dispatch queue.
 */
import { randomUUID } from 'node:crypto';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse } from 'aws-lambda';
import { sqs } from '#shared/platform/sqs-client.ts';
import { createBill } from '#shared/adapters/db/bills.repository.ts';
import { putBrief } from '#shared/adapters/db/briefs.repository.ts';
import { Brief } from '#shared/domain/briefs/brief.schema.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { queueUrl } from '#shared/adapters/messaging/send.ts';
import { handler } from '#functions/workers/notification-dispatch.ts';
import { makeBillById } from './personal-seed.ts';
import { toSqsEvent } from '#local/sqs-event.ts';

/** A bill that moved today, briefed, with a sponsor and a topic (the defaults a notification reads), through makeBillById(). */
export async function seedBill(id: string, over: Partial<Bill> = {}): Promise<Bill> {
  const number = id.split('-')[2];
  const bill = makeBillById(id, {
    title: `Postal Service Reform Act ${number}`,
    introduced_date: '2026-01-02',
    sponsor_id: 'P000197',
    latest_action_date: new Date().toISOString().slice(0, 10),
    latest_action_text: 'Passed/agreed to in House: On passage Passed by recorded vote',
    latest_action_category: 'vote',
    congress_gov_url: null,
    has_document: true,
    document_status: 'brief',
    topic_tags: ['postal-service'],
    provenance: { source: 'test', fetched_at: new Date().toISOString() },
    ...over,
  });
  await createBill(bill);
  return bill;
}

/** The event a brief of a bill's first text makes (kind new_document, brief version 1), with what a test changes. */
export const newDocumentEvent = (billId: string, over: Partial<BillEvent> = {}): BillEvent => ({
  v: 1,
  type: 'bill_event',
  event_id: `brief:${billId}:1`,
  kind: 'new_document',
  bill_id: billId,
  action_category: 'new_document',
  occurred_at: new Date().toISOString(),
  brief_version: 1,
  ...over,
});

export async function seedBrief(billId: string, summary: string, topicTags: string[]): Promise<void> {
  await putBrief(
    Brief().parse({
      bill_id: billId,
      version: 1,
      type: 'full',
      text_version_code: 'ih',
      previous_text_version_code: null,
      summary,
      points: [],
      topic_tags: topicTags,
      uncited: false,
      share_token: randomUUID(),
      provider: 'test',
      model: 'test',
      prompt_version: 'v1',
      method: 'extractive',
      input_tokens: 0,
      output_tokens: 0,
      cost_usd: 0,
      created_at: new Date().toISOString(),
    }),
  );
}

/** Hands messages to the dispatch worker as one SQS batch (records built as the local queue pump builds them). */
export async function dispatch(bodies: unknown[], receiveCount = 1): Promise<SQSBatchResponse> {
  const messages = bodies.map((body) => {
    const id = randomUUID();
    return { MessageId: id, ReceiptHandle: `rh-${id}`, Body: JSON.stringify(body), Attributes: { ApproximateReceiveCount: String(receiveCount) } };
  });
  const event = toSqsEvent(messages, 'arn:aws:sqs:us-east-1:000000000000:notification-dispatch', 'us-east-1');
  return handler(event, { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 120_000 } as unknown as Context);
}

/** Takes every message waiting on the dispatch queue (delays ignored: receives until empty). */
export async function drainDispatchQueue(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (;;) {
    const res = await (
      await sqs()
    ).send(new ReceiveMessageCommand({ QueueUrl: queueUrl('notification-dispatch'), MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    const messages = res.Messages ?? [];
    if (messages.length === 0) return out;
    for (const m of messages) {
      out.push(JSON.parse(m.Body ?? 'null'));
      await (await sqs()).send(new DeleteMessageCommand({ QueueUrl: queueUrl('notification-dispatch'), ReceiptHandle: m.ReceiptHandle }));
    }
  }
}
