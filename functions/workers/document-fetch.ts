/** document-fetch worker: stores new bill text versions in S3 and asks for their briefs. */
import { fetchBillText } from '#shared/use-cases/bills/fetch-bill-text.ts';
import { logger } from '#shared/platform/logger.ts';
import { DocumentFetchMessage } from '#shared/adapters/messaging/messages.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

export const handler = sqsWorker('document-fetch', DocumentFetchMessage(), async (message) => {
  const result = await fetchBillText(message.bill_id, new Date(), message.reason, { demo: message.demo });
  logger.info('document fetch', { reason: message.reason, ...result });
});
