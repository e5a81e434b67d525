/**
 * Adding a channel is one declaration, one delivery module and a row in each
 * table (docs/how-to.md, "Add a notification channel"): this test adds a toy
 * channel (toy.ts) by appending it to the two tables, and to nothing else,
 * then checks that every part of the service that knows the channels picks
 * it up: the route table and the OpenAPI document (its test route, its
 * settings keys), settings reads and writes with its own rules, the test
 * route, the dispatcher (sent under the message identity, recorded in the
 * history) and the quiet-hours release.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { API_INFO, buildOpenApi } from '#shared/edges/http/openapi.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { releaseHeldNotifications } from '#shared/use-cases/notify/release-held.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { dispatch, newDocumentEvent, seedBill, seedBrief } from '../../../../../support/notify-harness.ts';
import { toyOutbox } from './toy.ts';
import type * as DomainTable from '#shared/domain/notify/channels/index.ts';
import type * as DeliveryTable from '#shared/use-cases/notify/channels/index.ts';
import { newAccount } from '#test/support/accounts.ts';

// The whole change a new channel makes outside its own modules: one row in each table.
vi.mock('#shared/domain/notify/channels/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof DomainTable>();
  const { toyChannel } = await import('./toy.ts');
  return { CHANNEL_TABLE: [...real.CHANNEL_TABLE, toyChannel] };
});
vi.mock('#shared/use-cases/notify/channels/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof DeliveryTable>();
  const { toyDelivery } = await import('./toy.ts');
  return { DELIVERY_TABLE: { ...real.DELIVERY_TABLE, toy: toyDelivery } };
});

useIntegrationStack();

const BILL = '118-hr-7070';
let token = '';
let userId = '';
const api = (method: string, path: string, body?: unknown) => call(notifications, method, path, { token, body });

const event = (over: Partial<BillEvent> = {}): BillEvent => newDocumentEvent(BILL, over);

beforeAll(async () => {
  ({ id: userId, token } = await newAccount('toy@example.org'));
  await seedBill(BILL);
  await seedBrief(BILL, 'Builds toys.', ['toys']);
  await createFollow({ userId, targetType: 'bill', targetId: BILL });
}, 60_000);

afterAll(() => {
  toyOutbox.length = 0;
});

describe('a toy channel added through the channel tables alone', () => {
  it('gets its test route in the route table and its keys and route in the OpenAPI document', () => {
    const route = ROUTES.find((r) => r.operationId === 'testToyNotification');
    expect(route).toMatchObject({ method: 'POST', path: '/api/notifications/test/toy', auth: 'user', rateLimit: 'testNotification' });
    const doc = JSON.stringify(buildOpenApi(ROUTES, API_INFO));
    expect(doc).toContain('"/api/notifications/test/toy"');
    expect(doc).toContain('"toy_room"');
    expect(doc).toContain('"toy_ready"');
  });

  it('round-trips its settings, with its own rules, beside the other channels', async () => {
    const refused = await api('PUT', '/api/notifications/settings', { toy_enabled: true });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: [{ path: 'body.toy_room' }] });
    const saved = await api('PUT', '/api/notifications/settings', { toy_enabled: true, toy_room: 'lobby', rss_enabled: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ toy_enabled: true, toy_room: 'lobby', toy_ready: true, rss_enabled: true, push_enabled: false });
    expect((await api('GET', '/api/notifications/settings')).body).toMatchObject({ toy_enabled: true, toy_room: 'lobby', toy_ready: true });
  });

  it('answers its test route, before and after a save', async () => {
    const elsewhere = await api('POST', '/api/notifications/test/toy', { toy_room: 'attic' });
    expect(elsewhere.body).toEqual({ status: 'ok', detail: 'Toy test sent to attic' });
    const saved = await api('POST', '/api/notifications/test/toy', {});
    expect(saved.body).toEqual({ status: 'ok', detail: 'Toy test sent to lobby' });
    expect((await api('POST', '/api/notifications/test/toy', { nope: 1 })).status).toBe(422);
    expect(toyOutbox.map((m) => m.room)).toEqual(['attic', 'lobby']);
  });

  it('is sent by the dispatcher under the message identity and recorded in the history', async () => {
    toyOutbox.length = 0;
    expect((await dispatch([event()])).batchItemFailures).toEqual([]);
    expect(toyOutbox).toHaveLength(1);
    expect(toyOutbox[0]).toMatchObject({ room: 'lobby', identity: expect.stringMatching(/^[\w-]{27}$/) });
    expect(toyOutbox[0]?.message.body.split('\n')[0]).toBe('Postal Service Reform Act 7070');
    const [item] = (await listHistory(userId, 5)).items;
    expect(item?.channels).toEqual({ push: 'off', email: 'off', rss: 'sent', webhook: 'off', toy: 'sent' });
  });

  it('is held by quiet hours and sent by the release', async () => {
    toyOutbox.length = 0;
    const hour = new Date().getUTCHours();
    await api('PUT', '/api/notifications/settings', { quiet_hours_start: (hour + 23) % 24, quiet_hours_end: (hour + 2) % 24, timezone: 'UTC' });
    await dispatch([
      event({ event_id: `action:${BILL}:vote`, kind: 'bill_updated', action_category: 'vote', action_text: 'Passed House.', brief_version: undefined }),
    ]);
    expect(toyOutbox).toEqual([]);
    const [held] = (await listHistory(userId, 5)).items;
    expect(held?.channels).toMatchObject({ toy: 'held' });
    const later = new Date(Date.now() + 3 * 3600_000);
    expect(await releaseHeldNotifications(later)).toMatchObject({ due: 1, delivered: 1 });
    expect(toyOutbox).toHaveLength(1);
    expect((await listHistory(userId, 5)).items[0]?.channels).toMatchObject({ toy: 'sent' });
  });
});
