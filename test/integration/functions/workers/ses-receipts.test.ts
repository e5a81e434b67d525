// Through SES the Message-ID is SES's own, so a resend after a crash asks what SES reported accepting before it sends the email again.
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { handler as dispatchWorker } from '#functions/workers/notification-dispatch.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import type * as NotificationsRepository from '#shared/adapters/db/notifications.repository.ts';
import { deliverBatch, STALE_PENDING_SECONDS } from '#shared/use-cases/notify/deliver.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import type { EmailAccepted } from '#shared/adapters/messaging/messages.ts';
import { SES_MESSAGE_TAG } from '#shared/adapters/providers/channels/email-sender.ts';
import { call, lambdaContext } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';
import { crashAfterSend } from '#test/support/crash-after-send.ts';

const state = vi.hoisted(() => ({ sends: [] as SendEmailCommandInput[] }));

// SES as a fake client that records each SendEmail it accepts.
vi.mock('#shared/platform/ses-client.ts', async () => {
  const sdk = await import('@aws-sdk/client-sesv2');
  return {
    sesSdk: async () => sdk,
    sesv2: async () => ({
      send: async (command: { input: SendEmailCommandInput }) => {
        state.sends.push(command.input);
        return { MessageId: `ses-${state.sends.length}` };
      },
    }),
  };
});
// The write recording a sent channel fails once, as if the process died right after the send.
vi.mock('#shared/adapters/db/notifications.repository.ts', async (importOriginal) =>
  (await import('#test/support/crash-after-send.ts')).withCrashAfterSend(await importOriginal<typeof NotificationsRepository>()),
);

useIntegrationStack();

let userId = '';
const content = (id: string): NotificationContent => ({
  event_id: id,
  kind: 'bill_updated',
  occurred_at: new Date().toISOString(),
  bill_id: '119-hr-8',
  bill_label: 'H.R. 8',
  bill_title: 'Test Act 8',
  summary: null,
  action_category: 'vote',
  action_text: 'Passed House.',
  action_date: '2026-03-10',
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
});
const deliver = (c: NotificationContent, now: Date) => deliverBatch({ ...c, occurred_at: now.toISOString() }, [{ user_id: userId, mode: 'neutral' }], 1, now);
const tagOf = (input: SendEmailCommandInput | undefined) => input?.EmailTags?.find((t) => t.Name === SES_MESSAGE_TAG)?.Value;

/** SES's Send event, as the EventBridge rule hands it to the dispatch queue (infra/constructs/email-receipts.ts). */
async function sesAccepted(identity: string): Promise<void> {
  const body: EmailAccepted = { v: 1, type: 'email_accepted', message: identity, ses_message_id: 'ses-1', accepted_at: '2026-03-10T12:00:01Z' };
  const event: SQSEvent = {
    Records: [
      {
        messageId: 'm-1',
        receiptHandle: 'r-1',
        body: JSON.stringify(body),
        attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'events', ApproximateFirstReceiveTimestamp: '0' },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:notification-dispatch',
        awsRegion: 'us-east-1',
      },
    ],
  };
  const out = (await (dispatchWorker as (e: SQSEvent, c: Context) => Promise<SQSBatchResponse>)(event, lambdaContext())) ?? { batchItemFailures: [] };
  expect(out.batchItemFailures).toEqual([]);
}

beforeAll(async () => {
  delete process.env.SMTP_HOST;
  process.env.SES_CONFIGURATION_SET = 'billwatch-test';
  resetConfig();
  const account = await newAccount('sam@example.org');
  userId = account.id;
  const res = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: account.token,
    body: { email_enabled: true, email_address: 'sam@example.org', rss_enabled: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 60_000);

afterAll(() => {
  delete process.env.SES_CONFIGURATION_SET;
  resetConfig();
});

describe('an email resent through SES after a crash', () => {
  it('is not sent again when SES reported accepting the first', async () => {
    const t0 = new Date('2026-03-10T12:00:00.000Z');
    state.sends.length = 0;
    crashAfterSend.armed = true;
    await expect(deliver(content('sam-1'), t0)).rejects.toThrow('simulated crash after the send');
    expect(state.sends).toHaveLength(1);
    expect(state.sends[0]?.ConfigurationSetName).toBe('billwatch-test');
    const identity = tagOf(state.sends[0]);
    expect(identity).toMatch(/^[-_A-Za-z0-9]{27}$/);

    await sesAccepted(identity ?? '');
    const later = new Date(t0.getTime() + (STALE_PENDING_SECONDS + 60) * 1000);
    expect((await deliver(content('sam-1'), later)).outcomes).toEqual({ sent: 1 });
    expect(state.sends, 'SES had it: no second copy').toHaveLength(1);
    expect((await listHistory(userId, 10)).items.find((e) => e.event_id === 'sam-1')?.channels.email).toBe('sent');
  });

  it('is sent again, under the same tag, when SES never reported it', async () => {
    const t0 = new Date('2026-03-11T12:00:00.000Z');
    state.sends.length = 0;
    crashAfterSend.armed = true;
    await expect(deliver(content('sam-2'), t0)).rejects.toThrow('simulated crash after the send');
    const later = new Date(t0.getTime() + (STALE_PENDING_SECONDS + 60) * 1000);
    expect((await deliver(content('sam-2'), later)).outcomes).toEqual({ sent: 1 });
    expect(state.sends).toHaveLength(2);
    expect(tagOf(state.sends[1])).toBe(tagOf(state.sends[0]));
    expect((await listHistory(userId, 10)).items.find((e) => e.event_id === 'sam-2')?.channels.email).toBe('sent');
  });

  it('sends a first email at once, tagged with its identity, through the configuration set', async () => {
    state.sends.length = 0;
    expect((await deliver(content('sam-3'), new Date('2026-03-12T12:00:00.000Z'))).outcomes).toEqual({ sent: 1 });
    expect(state.sends).toHaveLength(1);
    expect(state.sends[0]?.ConfigurationSetName).toBe('billwatch-test');
    expect(tagOf(state.sends[0])).toMatch(/^[-_A-Za-z0-9]{27}$/);
  });
});
