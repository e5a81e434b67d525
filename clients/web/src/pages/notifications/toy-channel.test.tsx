/**
 * A new channel in the web app is one row of the channel table (docs/how-to.md, "Add a notification channel"),
 * as the service's toy-channel test shows for the service (test/integration/shared/domain/notify/channels/): this
 * test appends a toy row to the table, and changes nothing else, then checks that the settings form shows its
 * fieldset, on/off box and field, asks for its test before Save, tests and saves its unsaved values, shows a
 * refusal beside its field in plain words, and that the history names it with its state and failure.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { user as me } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';
import type * as Table from './channel-table.tsx';

// The whole change a new channel makes to the app: one row. The toy's keys are not in the generated client (the
// service adds it at run time in its own test), hence the casts a real channel does not need.
vi.mock('./channel-table.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof Table>();
  const toy = { label: 'Toy', turnOn: 'Send notifications to the toy room', fields: [{ key: 'toy_room', label: 'Toy room', needed: true }] };
  const CHANNEL_TABLE = { ...real.CHANNEL_TABLE, toy } as unknown as typeof real.CHANNEL_TABLE;
  return { ...real, CHANNEL_TABLE, CHANNELS: Object.keys(CHANNEL_TABLE), channelRow: (c: keyof typeof CHANNEL_TABLE) => CHANNEL_TABLE[c] };
});

const saved = {
  push_enabled: false,
  push_url: null,
  push_auth: 'none',
  push_token_set: false,
  push_username: null,
  push_password_set: false,
  email_enabled: false,
  email_address: null,
  webhook_enabled: false,
  webhook_url: null,
  webhook_secret_set: false,
  webhook_previous_secret_expires_at: null,
  rss_enabled: false,
  rss_feed_url: 'http://localhost/api/notifications/feed/abc',
  calendar_url: 'http://localhost/api/calendar/cal-abc.ics',
  digest_mode: 'off',
  quiet_hours_start: null,
  quiet_hours_end: null,
  timezone: null,
  alert_filters: null,
  follow_reintroductions: false,
  telegram: { status: 'coming_soon' },
  discord: { status: 'coming_soon' },
  toy_enabled: false,
  toy_room: null,
  toy_ready: false,
};

const sent = {
  event_id: 'doc:118-hr-7070:1',
  kind: 'new_document',
  bill_id: '118-hr-7070',
  bill_label: 'H.R. 7070',
  bill_title: 'Postal Service Reform Act',
  occurred_at: '2025-02-01T12:00:00Z',
  created_at: '2025-02-01T12:00:00Z',
  mode: null,
  due_at: null,
  url: 'http://localhost/bills/118-hr-7070',
  items: [],
  channels: { push: 'off', email: 'off', rss: 'sent', webhook: 'off', toy: 'failed' },
  failures: { toy: 'the toy room is closed' },
} as unknown as Schemas['Notification'];

function toyApi(put: (body: Record<string, unknown>) => { status?: number; body: unknown }) {
  return (c: FakeCall) => {
    if (c.path === '/api/auth/me') return { body: me };
    if (c.path === '/api/notifications/settings') return c.method === 'GET' ? { body: saved } : put(c.body as Record<string, unknown>);
    if (c.path === '/api/notifications/test/toy') return { body: { status: 'ok', detail: `Toy test sent to ${(c.body as { toy_room: string }).toy_room}` } };
    if (c.path === '/api/notifications/history') return { body: { items: [sent], next_cursor: null } };
    return undefined;
  };
}

describe('a toy channel added to the channel table alone', () => {
  it('gets its fieldset, its test before Save with the values on screen, and its keys in the save', async () => {
    const u = userEvent.setup();
    const { calls } = renderApp(
      '/notifications/settings',
      toyApi((body) => ({ body: { ...saved, ...body } })),
      { token: 't' },
    );
    const toy = await screen.findByRole('group', { name: 'Toy' });
    await u.click(within(toy).getByRole('checkbox', { name: 'Send notifications to the toy room' }));
    expect(within(toy).getByRole('button', { name: 'Test toy' })).toBeDisabled();
    await u.type(within(toy).getByRole('textbox', { name: 'Toy room' }), 'lobby');
    expect(screen.getByText('Test Toy before saving: its settings changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await u.click(within(toy).getByRole('button', { name: 'Test toy' }));
    expect(await within(toy).findByText('✓ Toy test passed: Toy test sent to lobby.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/notifications/test/toy')?.body).toEqual({ toy_room: 'lobby' });
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ toy_enabled: true, toy_room: 'lobby', email_enabled: false });
  });

  it("shows the service's refusal of its field beside the field, in plain words", async () => {
    const u = userEvent.setup();
    renderApp(
      '/notifications/settings',
      toyApi(() => ({
        status: 422,
        body: {
          detail: 'Invalid body.toy_room: a toy_room is needed to enable the toy channel',
          errors: [{ path: 'body.toy_room', message: 'a toy_room is needed to enable the toy channel' }],
        },
      })),
      { token: 't' },
    );
    const toy = await screen.findByRole('group', { name: 'Toy' });
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    const room = within(toy).getByRole('textbox', { name: 'Toy room' });
    expect(await within(toy).findByText('Enter the toy room.')).toBeInTheDocument();
    expect(room).toHaveAttribute('aria-invalid', 'true');
    expect(room).toHaveAccessibleDescription('Enter the toy room.');
    expect(screen.getByRole('link', { name: 'Enter the toy room.' })).toHaveAttribute('href', '#toy-room');
    expect(document.body).not.toHaveTextContent('toy_room');
  });

  it('names it in the history with its state and its failure', async () => {
    renderApp(
      '/notifications',
      toyApi(() => ({ body: saved })),
      { token: 't' },
    );
    expect(await screen.findByText(/RSS feed: sent · Toy: failed/)).toBeInTheDocument();
    expect(screen.getByText('Toy: the toy room is closed')).toBeInTheDocument();
  });
});
