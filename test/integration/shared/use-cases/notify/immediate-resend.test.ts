// An immediate send whose attempt died between the send and its record: the next attempt takes the claim over and sends it again as the same message, once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import type * as NotificationsRepository from '#shared/adapters/db/notifications.repository.ts';
import { deliverBatch, STALE_PENDING_SECONDS } from '#shared/use-cases/notify/deliver.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';
import { crashAfterSend } from '#test/support/crash-after-send.ts';

// The write that records a sent channel's outcome fails once, as if the process died right after the send.
vi.mock('#shared/adapters/db/notifications.repository.ts', async (importOriginal) =>
  (await import('#test/support/crash-after-send.ts')).withCrashAfterSend(await importOriginal<typeof NotificationsRepository>()),
);

useIntegrationStack();

let push: PushServer;
let smtp: SmtpSink;
let user = { id: '', token: '' };

const content = (id: string): NotificationContent => ({
  event_id: id,
  kind: 'bill_updated',
  occurred_at: new Date().toISOString(),
  bill_id: '119-hr-7',
  bill_label: 'H.R. 7',
  bill_title: 'Test Act 7',
  summary: null,
  action_category: 'vote',
  action_text: 'Passed House.',
  action_date: '2026-03-10',
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
});
const deliver = (c: NotificationContent, now: Date, attempt = 1) =>
  deliverBatch({ ...c, occurred_at: now.toISOString() }, [{ user_id: user.id, mode: 'neutral' }], attempt, now);
const pushes = () => push.requests.filter((r) => r.path === '/lee');

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
  Object.assign(process.env, smtp.env);
  resetConfig();
  const body = { email: 'lee@example.org', password: 'correct horse battery' };
  const { id, token } = await newAccount(body.email, { password: body.password });
  user = { id, token };
  const res = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: user.token,
    body: { push_enabled: true, push_url: `${push.url}/lee`, email_enabled: true, email_address: 'lee@example.org', rss_enabled: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('an immediate send a crash left unrecorded', () => {
  it('is taken over by one later attempt and sent again under the same identity', async () => {
    const t0 = new Date('2026-03-10T12:00:00.000Z');
    const c = content('lee-1');
    crashAfterSend.armed = true;
    await expect(deliver(c, t0)).rejects.toThrow('simulated crash after the send');
    expect(pushes()).toHaveLength(1);
    expect(smtp.messages).toHaveLength(0);
    expect((await listHistory(user.id, 10)).items[0]?.channels).toMatchObject({ push: 'sending', email: 'pending' });

    // A redelivery while the claim could still be a live attempt's leaves the push to it (the email, pending, waits too),
    // and schedules a look once the claim could be abandoned, in case the attempt holding it dies with its own copy of the message gone.
    const soon = new Date(t0.getTime() + 60_000);
    expect(await deliver(c, soon)).toMatchObject({ outcomes: { in_flight: 1 }, retried: 1 });
    expect(pushes()).toHaveLength(1);

    // Past the stale age, two redeliveries at once: one takes the claim over, and the push goes out once more, as the same message.
    const later = new Date(t0.getTime() + (STALE_PENDING_SECONDS + 60) * 1000);
    const runs = await Promise.all([deliver(c, later), deliver(c, later)]);
    expect(runs.map((r) => r.outcomes.sent ?? 0).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const [first, again] = pushes();
    expect(pushes()).toHaveLength(2);
    expect(again?.headers['x-sequence-id']).toBeDefined();
    expect(again?.headers['x-sequence-id']).toBe(first?.headers['x-sequence-id']);
    expect(smtp.messages).toHaveLength(1);
    expect((await listHistory(user.id, 10)).items[0]?.channels).toMatchObject({ push: 'sent', email: 'sent', rss: 'sent' });
  });
});
