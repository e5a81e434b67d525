// Releasing events held by quiet hours: every event delivered (several of one bill combined), nothing sent twice, even across a crash.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { notificationKeys } from '#shared/adapters/db/keys/notification.keys.ts';
import { listDue, listFeedEvents, listHistory } from '#shared/adapters/db/notifications.repository.ts';
import type * as NotificationsRepository from '#shared/adapters/db/notifications.repository.ts';
import { deliverBatch } from '#shared/use-cases/notify/deliver.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import type { NotificationContent } from '#shared/domain/notify/notification.schema.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

// A run that dies between its send and the record of the send's outcome: the outcome step is the one that names a claim.
const crash = vi.hoisted(() => ({ afterSend: false }));
vi.mock('#shared/adapters/db/notifications.repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof NotificationsRepository>();
  return {
    ...real,
    transitionNotification: async (...args: Parameters<typeof real.transitionNotification>) => {
      if (crash.afterSend && args[1].claimedBy !== null) throw new Error('simulated crash after the send');
      return real.transitionNotification(...args);
    },
  };
});

useIntegrationStack();

let push: PushServer;
let smtp: SmtpSink;
const users: Record<string, { id: string; token: string }> = {};

// Quiet hours 01:00-06:00 UTC; events arrive in them, the release runs at 06:00.
const at = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00.000Z`);
const RELEASE = at('06:00');

async function signUp(name: string, ip: string): Promise<void> {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email, { sourceIp: ip });
  users[name] = { id, token };
  const res = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: users[name]?.token,
    body: {
      push_enabled: true,
      push_url: `${push.url}/${name}`,
      email_enabled: true,
      email_address: email,
      rss_enabled: true,
      quiet_hours_start: 1,
      quiet_hours_end: 6,
      timezone: 'UTC',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const content = (id: string, bill: string, number: string, over: Partial<NotificationContent> = {}): NotificationContent => ({
  event_id: id,
  kind: 'bill_updated',
  occurred_at: new Date().toISOString(),
  bill_id: bill,
  bill_label: `H.R. ${number}`,
  bill_title: `Test Act ${number}`,
  summary: null,
  action_category: 'vote',
  action_text: `Action ${id}`,
  action_date: '2026-03-10',
  status: null,
  previous_status: null,
  text_version: null,
  items: [],
  ...over,
});

/** Delivers an event to one user at `now` (inside quiet hours: recorded and held). */
async function hold(name: string, c: NotificationContent, now: Date): Promise<void> {
  const summary = await deliverBatch({ ...c, occurred_at: now.toISOString() }, [{ user_id: users[name]?.id ?? '', mode: 'neutral' }], 1, now);
  expect(summary.outcomes).toEqual({ recorded: 1 });
}

const pushesTo = (name: string) => push.requests.filter((r) => r.path === `/${name}`);
const mailsTo = (name: string) => smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === `${name}@example.org`);
const historyOf = async (name: string) => (await listHistory(users[name]?.id ?? '', 50)).items;
const heldOf = async (name: string, now: Date) => (await listDue('held', now)).filter((e) => e.user_id === users[name]?.id);

beforeAll(async () => {
  [push, smtp] = await Promise.all([startPushServer(), startSmtpSink()]);
  Object.assign(process.env, smtp.env);
  resetConfig();
  await signUp('hana', '198.51.100.31');
  await signUp('ivan', '198.51.100.32');
  await signUp('jo', '198.51.100.33');
  await signUp('kim', '198.51.100.34');
}, 60_000);

afterAll(async () => {
  await Promise.all([push.close(), smtp.close()]);
});

describe('release of events held by quiet hours', () => {
  it('delivers every held event, several of one bill combined into one message, none superseded', async () => {
    // Three events of HR 1 (two of one kind, 40 minutes apart: past the 30-minute window) and one of HR 2.
    await hold('hana', content('hr1-referral', '119-hr-1', '1', { action_category: 'referral', action_text: 'Referred to committee.' }), at('01:10'));
    await hold('hana', content('hr2-vote', '119-hr-2', '2', { action_text: 'Passed House.' }), at('01:20'));
    await hold(
      'hana',
      content('hr1-text', '119-hr-1', '1', { kind: 'new_document', action_category: 'new_document', text_version: 'Introduced in House (ih)' }),
      at('01:30'),
    );
    await hold('hana', content('hr1-vote', '119-hr-1', '1', { action_text: 'Passed House.' }), at('01:50'));
    expect(pushesTo('hana')).toEqual([]);
    expect(await heldOf('hana', RELEASE)).toHaveLength(4);

    expect(await releaseHeldNotifications(RELEASE)).toMatchObject({ due: 4, users: 1, messages: 4, delivered: 8, resent: 0 });

    // One message per bill and channel, bills in the order of their oldest event.
    expect(pushesTo('hana').map((p) => p.headers.title)).toEqual(['3 updates on H.R. 1', 'Bill Updated: H.R. 2']);
    expect(pushesTo('hana')[0]?.body.split('\n')).toEqual([
      'Test Act 1',
      '2026-03-10: Referred to committee.',
      'New text: Introduced in House (ih)',
      '2026-03-10: Passed House.',
    ]);
    expect(pushesTo('hana')[0]?.headers.priority).toBe('high');
    expect(mailsTo('hana').map((m) => m.subject)).toEqual(['3 updates on H.R. 1', 'Bill Updated: H.R. 2']);

    const history = await historyOf('hana');
    expect(history).toHaveLength(4);
    for (const e of history)
      expect([e.event_id, e.channels, e.due_at]).toEqual([e.event_id, { push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' }, null]);
    expect((await listFeedEvents(users.hana?.id ?? '', 50)).map((e) => e.event_id).sort()).toEqual(['hr1-referral', 'hr1-text', 'hr1-vote', 'hr2-vote']);
    expect(await heldOf('hana', RELEASE)).toEqual([]);

    // A later run finds nothing left to send.
    expect(await releaseHeldNotifications(at('06:15'))).toMatchObject({ due: 0, messages: 0 });
    expect(pushesTo('hana')).toHaveLength(2);
  });

  it('sends each event once when two runs overlap', async () => {
    for (const [i, hhmm] of ['01:05', '01:40', '02:15'].entries()) {
      await hold('ivan', content(`ivan-${i}`, '119-hr-3', '3', { action_text: `Step ${i}.` }), at(hhmm));
    }
    const runs = await Promise.all([releaseHeldNotifications(RELEASE), releaseHeldNotifications(RELEASE)]);
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(6);
    // However the two runs split the events, each event's line reached each channel once.
    const lines = (bodies: string[]) => bodies.flatMap((b) => b.split('\n')).filter((l) => l.includes('Step'));
    expect(lines(pushesTo('ivan').map((p) => p.body)).sort()).toEqual(['2026-03-10: Step 0.', '2026-03-10: Step 1.', '2026-03-10: Step 2.']);
    expect(lines(mailsTo('ivan').map((m) => String(m.text))).sort()).toEqual(['2026-03-10: Step 0.', '2026-03-10: Step 1.', '2026-03-10: Step 2.']);
    expect((await historyOf('ivan')).map((e) => e.channels.push)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends again as the same message after a run dies between the send and its record, once the claim has expired', async () => {
    await hold('jo', content('jo-1', '119-hr-4', '4'), at('02:00'));
    await hold(
      'jo',
      content('jo-2', '119-hr-4', '4', { kind: 'new_document', action_category: 'new_document', text_version: 'Introduced in House (ih)' }),
      at('02:10'),
    );
    crash.afterSend = true;
    try {
      await expect(releaseHeldNotifications(RELEASE)).rejects.toThrow('simulated crash after the send');
    } finally {
      crash.afterSend = false;
    }
    expect(pushesTo('jo').map((p) => p.headers.title)).toEqual(['2 updates on H.R. 4']);
    expect(mailsTo('jo')).toHaveLength(1);
    expect((await historyOf('jo')).map((e) => e.channels)).toEqual([
      { push: 'sending', email: 'sending', rss: 'sent', webhook: 'off' },
      { push: 'sending', email: 'sending', rss: 'sent', webhook: 'off' },
    ]);

    // The next run (the claim could still be a live run's) sends nothing.
    expect(await releaseHeldNotifications(at('06:15'))).toMatchObject({ due: 2, messages: 0, delivered: 0, resent: 0 });
    // Once the claim is older than any run can live, the run takes it over and sends the same bundle again, as the same message.
    expect(await releaseHeldNotifications(at('06:45'))).toMatchObject({ due: 2, messages: 2, delivered: 4, resent: 4 });
    expect(await releaseHeldNotifications(at('07:00'))).toMatchObject({ due: 0, messages: 0 });
    const [first, again] = pushesTo('jo');
    expect(again?.headers.title).toBe('2 updates on H.R. 4');
    expect(again?.headers['x-sequence-id']).toMatch(/^[-_A-Za-z0-9]{27}$/);
    expect(again?.headers['x-sequence-id'], 'the resend repeats the identity, so ntfy shows it in place of the first').toBe(first?.headers['x-sequence-id']);
    const mails = mailsTo('jo');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.messageId).toBe(mails[0]?.messageId);
    expect(pushesTo('jo')).toHaveLength(2);
    const history = await historyOf('jo');
    expect(history.map((e) => e.channels)).toEqual([
      { push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' },
      { push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' },
    ]);
    expect(history[0]?.attempts).toMatchObject({ push: 1, email: 1 });
    expect(await heldOf('jo', at('07:00'))).toEqual([]);
  });

  it('keeps a channel whose send failed held, and retries it alone at the next run', async () => {
    await hold('kim', content('kim-1', '119-hr-5', '5'), at('03:00'));
    push.failTopic('kim', 500);
    expect(await releaseHeldNotifications(RELEASE)).toMatchObject({ messages: 1, delivered: 1 });
    const [failed] = await historyOf('kim');
    expect(failed?.channels).toEqual({ push: 'held', email: 'sent', rss: 'sent', webhook: 'off' });
    expect(failed?.errors.push).toContain('HTTP 500');
    push.healTopic('kim');
    expect(await releaseHeldNotifications(at('06:15'))).toMatchObject({ due: 1, messages: 1, delivered: 1 });
    expect(pushesTo('kim')).toHaveLength(2);
    expect(mailsTo('kim')).toHaveLength(1);
    expect((await historyOf('kim'))[0]?.channels).toEqual({ push: 'sent', email: 'sent', rss: 'sent', webhook: 'off' });
  });

  it('reads an event stored with the retired superseded state as cancelled', async () => {
    const userId = users.hana?.id ?? '';
    const old = { ...content('legacy-1', '119-hr-9', '9'), user_id: userId, occurred_at: '2025-01-01T00:00:00.000Z' };
    await table.putItem({
      Item: entityItem('notification', notificationKeys.event(old), {
        ...old,
        mode: 'neutral',
        created_at: old.occurred_at,
        channels: { push: 'superseded', email: 'superseded', rss: 'sent' },
        due_at: null,
        errors: {},
      }),
    });
    const legacy = (await historyOf('hana')).find((e) => e.event_id === 'legacy-1');
    expect(legacy?.channels).toEqual({ push: 'cancelled', email: 'cancelled', rss: 'sent', webhook: 'off' });
  });
});
