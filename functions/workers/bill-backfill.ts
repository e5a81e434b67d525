/** bill-backfill worker: one page of a bill backfill per message (shared/use-cases/bills/bill-backfill-pages.ts). */
import { runBackfillPage } from '#shared/use-cases/bills/bill-backfill-pages.ts';
import { BillBackfillMessage } from '#shared/adapters/messaging/messages.ts';
import { logger } from '#shared/platform/logger.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

const row = QUEUES.find((q) => q.name === 'bill-backfill');
if (!row) throw new Error('The queue table has no bill-backfill row');
const { maxReceiveCount, timeoutSeconds } = row;

export const handler = sqsWorker('bill-backfill', BillBackfillMessage(), async (message, ctx) => {
  const result = await runBackfillPage(message, {
    messageId: ctx.messageId,
    finalAttempt: ctx.receiveCount >= maxReceiveCount,
    now: new Date(),
    // A claim outlives the invocation that took it, so only a dead one's page is taken over.
    claimForMs: (timeoutSeconds + 60) * 1000,
  });
  logger.info('bill backfill page', result);
});
