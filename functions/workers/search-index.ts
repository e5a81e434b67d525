/** search-index worker: re-indexes changed bills, or rebuilds the index (shared/use-cases/bills/search-indexing.ts). */
import { indexBills, rebuildSearchIndex } from '#shared/use-cases/bills/search-indexing.ts';
import { SearchIndexMessage } from '#shared/adapters/messaging/messages.ts';
import { logger } from '#shared/platform/logger.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

export const handler = sqsWorker('search-index', SearchIndexMessage(), async (message) => {
  const result =
    message.type === 'index_bill' ? await indexBills([message.bill_id], new Date(), { match: message.match === true }) : await rebuildSearchIndex(new Date());
  logger.info('search index', { type: message.type, ...result });
});
