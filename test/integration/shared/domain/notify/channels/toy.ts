/**
 * A toy notification channel written by following docs/how-to.md ("Add a
 * notification channel"), for toy-channel.test.ts: its declaration (what
 * shared/domain/notify/channels/toy.ts would hold) and its delivery module
 * (shared/use-cases/notify/channels/toy.channel.ts). It "sends" into an in-memory
 * outbox, so the test sees what reached it. It imports nothing that reads
 * the channel table (the test's mock of the table imports this module).
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { defineChannel, type SettingsError } from '#shared/domain/notify/channels/channel.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import type { ChannelDelivery } from '#shared/use-cases/notify/channels/delivery.ts';

const ToyTestRequest = lazySchema(() => z.object({ toy_room: z.string().min(1).max(64).optional().describe('Where to send the test') }).strict());

export const toyChannel = defineChannel({
  name: 'toy',
  delivery: 'send',
  history: { description: 'The toy channel', since: 'later' },
  stored: () => ({
    toy_enabled: z.boolean().default(false).describe('Whether toy notifications are sent'),
    toy_room: z.string().nullable().default(null).describe('The toy room messages go to'),
  }),
  hidden: [],
  update: () => ({
    toy_enabled: z.boolean().describe('Whether toy notifications are sent'),
    toy_room: z.string().min(1).max(64).nullable().describe('The toy room messages go to'),
  }),
  writeOnly: [],
  view: () => ({ toy_ready: z.boolean().describe('Whether the toy channel has a room') }),
  isOn: (p) => p.toy_enabled && Boolean(p.toy_room),
  applyUpdate: ({ next, update }) => {
    const errors: SettingsError[] = [];
    if (update.toy_enabled === true && !next.toy_room) errors.push({ path: 'body.toy_room', message: 'a toy_room is needed to enable the toy channel' });
    return errors;
  },
  test: {
    operationId: 'testToyNotification',
    summary: 'Send a toy test message',
    description: 'Sends a toy test message to the room in the request, else the saved one. Signed in; rate limited per user (testNotification).',
    request: () => ToyTestRequest(),
  },
});

/** The toy joins the table only at run time (the test mocks the tables), so the static prefs type lacks its keys; a real channel's are typed. */
const toyKeys = (prefs: object) => prefs as { toy_room?: unknown };

/** What reached the toy channel: room, message and identity (none for a test). */
export const toyOutbox: Array<{ room: string; message: RenderedMessage; identity: string | null }> = [];

export const toyDelivery: ChannelDelivery = {
  send: async (user, message, { identity }) => {
    const room = toyKeys(user.prefs).toy_room;
    if (typeof room !== 'string') throw new Error('no toy_room saved');
    toyOutbox.push({ room, message, identity: identity.id });
  },
  test: async (user, body) => {
    const room = ToyTestRequest().parse(body ?? {}).toy_room ?? toyKeys(user.notification_prefs ?? {}).toy_room;
    if (typeof room !== 'string') return { status: 'error', error: 'No toy room: enter one (or save it) before testing' };
    toyOutbox.push({ room, message: { title: 'test', body: 'toy test', click: '', priority: 'default', tags: [], actions: [] }, identity: null });
    return { status: 'ok', detail: `Toy test sent to ${room}` };
  },
  view: (_user, prefs) => ({ toy_ready: typeof toyKeys(prefs).toy_room === 'string' }),
};
