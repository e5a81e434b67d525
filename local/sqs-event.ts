/**
 * The SQS event Lambda's event source mapping hands a worker, built from the
 * messages a ReceiveMessage call returned, and the reading of the worker's
 * partial batch response.
 */
import type { Message } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSMessageAttributes, SQSRecord, SQSRecordAttributes } from 'aws-lambda';
import { z } from 'zod';

function messageAttributes(message: Message): SQSMessageAttributes {
  const out: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    out[name] = {
      dataType: value.DataType ?? 'String',
      stringValue: value.StringValue,
      binaryValue: value.BinaryValue ? Buffer.from(value.BinaryValue).toString('base64') : undefined,
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map((b) => Buffer.from(b).toString('base64')),
    };
  }
  return out;
}

/** One record per received message, as Lambda delivers them. */
export function toSqsEvent(messages: Message[], queueArn: string, region: string): SQSEvent {
  const records = messages.map((m): SQSRecord => {
    const attributes = (m.Attributes ?? {}) as Record<string, string>;
    return {
      messageId: m.MessageId ?? '',
      receiptHandle: m.ReceiptHandle ?? '',
      body: m.Body ?? '',
      attributes: {
        ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
        SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
        SenderId: attributes.SenderId ?? '000000000000',
        ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        ...attributes,
      } as SQSRecordAttributes,
      messageAttributes: messageAttributes(m),
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: region,
    };
  });
  return { Records: records };
}

const BatchResponse = z.object({ batchItemFailures: z.array(z.object({ itemIdentifier: z.string() })).default([]) }).nullish();

/**
 * The message ids to leave on the queue. Like Lambda: a thrown error, an
 * unreadable response or an unknown item identifier fails the whole batch.
 */
export function failedMessageIds(event: SQSEvent, outcome: { error: unknown } | { result: unknown }): Set<string> {
  const all = new Set(event.Records.map((r) => r.messageId));
  if ('error' in outcome) return all;
  const parsed = BatchResponse.safeParse(outcome.result);
  if (!parsed.success) return all;
  const failures = parsed.data?.batchItemFailures ?? [];
  if (failures.some((f) => !all.has(f.itemIdentifier))) return all;
  return new Set(failures.map((f) => f.itemIdentifier));
}
