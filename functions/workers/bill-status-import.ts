/** bill-status-import worker: one zip or one chunk of files of a bulk Bill Status import per message (shared/use-cases/bills/bulk-import.ts). */
import { runBulkImportMessage } from '#shared/use-cases/bills/bulk-import.ts';
import { BillStatusImportMessage } from '#shared/adapters/messaging/messages.ts';
import { logger } from '#shared/platform/logger.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

const row = QUEUES.find((q) => q.name === 'bill-status-import');
if (!row) throw new Error('The queue table has no bill-status-import row');
const { maxReceiveCount } = row;

export const handler = sqsWorker('bill-status-import', BillStatusImportMessage(), async (message, ctx) => {
  const result = await runBulkImportMessage(message, { now: new Date(), finalAttempt: ctx.receiveCount >= maxReceiveCount });
  logger.info('bulk bill status import', result);
});
