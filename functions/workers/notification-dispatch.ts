/** The notification-dispatch queue's worker: bill events, saved-search matches, forecast jumps and meeting alerts fan out; deliver batches deliver; SES's accepted emails are recorded. */
import { recordEmailAccepted } from '#shared/adapters/db/email-receipts.repository.ts';
import { deliverBatch } from '#shared/use-cases/notify/deliver.ts';
import { dispatchBillEvent } from '#shared/use-cases/notify/dispatch-event.ts';
import { dispatchSearchMatch } from '#shared/use-cases/notify/dispatch-search-match.ts';
import { dispatchMeetingEvent } from '#shared/use-cases/notify/dispatch-meeting.ts';
import { dispatchForecastJump } from '#shared/use-cases/notify/dispatch-forecast-jump.ts';
import { logger } from '#shared/platform/logger.ts';
import { NotificationMessage } from '#shared/adapters/messaging/messages.ts';
import { sqsWorker } from '#shared/edges/queues/worker.ts';

export const handler = sqsWorker('notification-dispatch', NotificationMessage(), async (message, ctx) => {
  if (message.type === 'email_accepted') {
    await recordEmailAccepted(message.message, message.ses_message_id, message.accepted_at);
    return;
  }
  const summary =
    message.type === 'bill_event'
      ? await dispatchBillEvent(message, new Date())
      : message.type === 'search_match'
        ? await dispatchSearchMatch(message, new Date())
        : message.type === 'meeting_event'
          ? await dispatchMeetingEvent(message, new Date())
          : message.type === 'forecast_jump'
            ? await dispatchForecastJump(message, new Date())
            : await deliverBatch(message.content, message.recipients, message.attempt, new Date());
  logger.info('notification-dispatch: done', { messageId: ctx.messageId, type: message.type, summary: { ...summary } });
});
