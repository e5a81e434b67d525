/** The brief queue's worker: one text version per message, through the generateBrief use case. */
import { generateBrief } from '#shared/use-cases/briefs/generate-brief.ts';
import { logger } from '#shared/platform/logger.ts';
import { BriefMessage } from '#shared/adapters/messaging/messages.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

export const handler = sqsWorker('brief', BriefMessage(), async (message, ctx) => {
  const outcome = await generateBrief({
    bill_id: message.bill_id,
    version_code: message.version_code,
    force: message.force,
    request_id: ctx.messageId,
    demo: message.demo,
  });
  logger.info('brief message done', { bill_id: message.bill_id, version_code: message.version_code, status: outcome.status });
});
