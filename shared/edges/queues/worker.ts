/**
 * An SQS worker as one per-record handler, wrapped by Powertools' batch
 * processor for partial batch responses: a record that fails is reported in
 * batchItemFailures and redelivered alone; the others are deleted.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import '#shared/platform/cold-start.ts';
import { withCorrelationId } from '#shared/platform/correlation.ts';
import { traced } from '#shared/platform/tracer.ts';
import { logger } from '#shared/platform/logger.ts';
import { recordBatch } from '#shared/platform/metrics.ts';
import { errorText } from '#shared/errors/error-text.ts';
import { QUEUES } from './queue-table.ts';

export interface RecordContext {
  messageId: string;
  /** How many times this message has been received (1 on first delivery). */
  receiveCount: number;
}

/** The correlation id a record runs under: the one its sender stamped, else its own message id. */
function correlationIdOf(body: unknown, messageId: string): string {
  const stamped = body && typeof body === 'object' ? (body as { correlation_id?: unknown }).correlation_id : undefined;
  return typeof stamped === 'string' && stamped.length > 0 ? stamped : messageId;
}

/** Builds a worker handler that parses each record's body with `schema` and runs `handle` on it. */
export function sqsWorker<S extends z.ZodType>(name: string, schema: S, handle: (message: z.infer<S>, ctx: RecordContext) => Promise<void>) {
  const processor = new BatchProcessor(EventType.SQS);
  // A worker named after no queue (a test's) gives up on the first failure.
  const maxReceiveCount = QUEUES.find((q) => q.name === name)?.maxReceiveCount ?? 1;
  const recordHandler = async (record: SQSRecord): Promise<void> => {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      throw new Error(`${name}: message ${record.messageId} is not JSON`);
    }
    // Scoped to this record (records of a batch run concurrently): its logs and the messages it sends carry the id; nothing is left behind.
    return withCorrelationId(correlationIdOf(body, record.messageId), () => processRecord(record, body));
  };
  const processRecord = async (record: SQSRecord, body: unknown): Promise<void> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new Error(`${name}: message ${record.messageId} does not match the queue's schema: ${parsed.error.message}`);
    }
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? '1');
    try {
      await handle(parsed.data, { messageId: record.messageId, receiveCount });
    } catch (err) {
      // One ERROR per message that is given up on; a delivery SQS will retry is a WARN, so one failing fetch is not five ERRORs.
      const line = { messageId: record.messageId, attempt: receiveCount, max_attempts: maxReceiveCount, error: errorText(err) };
      if (receiveCount >= maxReceiveCount) logger.error(`${name}: record failed, moving to the dead-letter queue`, line);
      else logger.warn(`${name}: record failed, to be retried`, line);
      throw err;
    }
  };
  return async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    const response = await logger.withContext(context, () =>
      traced(`worker-${name}`, { queue: name, records: event.Records.length }, () =>
        processPartialResponse(event, recordHandler, processor, { context, throwOnFullBatchFailure: false }),
      ),
    );
    recordBatch(name, event.Records.length, response.batchItemFailures.length);
    return response;
  };
}
