/**
 * The queue table: the SQS chain document fetch → brief → notification
 * dispatch, the ingest task queue and the bill backfill's page queue. The CDK stack makes each queue with its
 * DLQ, alarm and event source mapping from these rows; the local stack's pumps
 * deliver batches with the same batch size and max receive count.
 */
import type { QueueName } from '#shared/adapters/messaging/messages.ts';

export interface QueueDef {
  name: QueueName;
  /** The worker entry: functions/workers/<worker>.ts. */
  worker: string;
  batchSize: number;
  /** The worker Lambda's timeout; the visibility timeout is six times this. */
  timeoutSeconds: number;
  /** Deliveries before a message moves to the DLQ. */
  maxReceiveCount: number;
  /** Upper bound of concurrent worker invocations (SQS event source maxConcurrency, at least 2). */
  maxConcurrency: number;
  description: string;
}

export const QUEUES = [
  {
    name: 'document-fetch',
    worker: 'document-fetch',
    batchSize: 5,
    timeoutSeconds: 120,
    maxReceiveCount: 5,
    maxConcurrency: 4,
    description: 'Fetches a bill text version into S3 and records it, then asks for a brief',
  },
  {
    name: 'brief',
    worker: 'brief',
    batchSize: 1,
    timeoutSeconds: 600,
    maxReceiveCount: 4,
    maxConcurrency: 3,
    description: 'Writes the cited LLM brief of a bill text and classifies the bill',
  },
  {
    name: 'notification-dispatch',
    worker: 'notification-dispatch',
    batchSize: 10,
    timeoutSeconds: 120,
    maxReceiveCount: 5,
    maxConcurrency: 10,
    description: 'Fans a bill event out to recipients and delivers it over push, email and RSS',
  },
  {
    name: 'ingest-tasks',
    worker: 'ingest-tasks',
    batchSize: 10,
    timeoutSeconds: 120,
    maxReceiveCount: 5,
    maxConcurrency: 4,
    description: 'Per-bill and per-member follow-up fetches: sponsor, actions, cosponsors, votes, related bills, enrichment',
  },
  {
    // One listing page per message, one message per batch: a page (one Congress.gov request, up to 250
    // bills saved and their follow-ups queued) takes well under a minute, so a worker never runs long.
    name: 'bill-backfill',
    worker: 'bill-backfill',
    batchSize: 1,
    timeoutSeconds: 300,
    maxReceiveCount: 5,
    maxConcurrency: 2,
    description: 'Backfills bills a listing page at a time (a Congress or a window of update dates), paced within the Congress.gov budget',
  },
  {
    // The bulk Bill Status import: a zip message stages and lists one zip; a files message imports a chunk of
    // its files (BULK_FILES_PER_CHUNK). maxConcurrency is the pacing: ten importers keep an on-demand table
    // far below its throttling point while a Congress (about 15,000 files) imports in well under an hour.
    name: 'bill-status-import',
    worker: 'bill-status-import',
    batchSize: 1,
    timeoutSeconds: 300,
    maxReceiveCount: 5,
    maxConcurrency: 10,
    description: "Imports GovInfo's bulk Bill Status files: stages each zip in S3, fans its files out in chunks and saves each bill through the per-bill path",
  },
  {
    // Re-indexing is a few reads and one small S3 object per batch; a rebuild (one message) reads every bill.
    name: 'search-index',
    worker: 'search-index',
    batchSize: 10,
    timeoutSeconds: 900,
    maxReceiveCount: 3,
    maxConcurrency: 2,
    description: "Re-indexes changed bills into the search index's change sets in S3, and rebuilds the index's snapshot on request",
  },
] as const satisfies readonly QueueDef[];

// Every queue that messages can be sent to has a row: a missing one fails the type check here.
const _everyQueueHasARow: QueueName extends (typeof QUEUES)[number]['name'] ? true : never = true;

export const visibilityTimeoutSeconds = (q: QueueDef): number => q.timeoutSeconds * 6;
