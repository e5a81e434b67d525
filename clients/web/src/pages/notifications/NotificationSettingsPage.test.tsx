import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationSettings, user as me } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const saved = notificationSettings;

function api(testAnswers: Record<string, unknown>) {
  return (call: FakeCall) => {
    if (call.path === '/api/auth/me') return { body: me };
    if (call.path === '/api/notifications/settings' && call.method === 'GET') return { body: saved };
    if (call.path === '/api/notifications/settings' && call.method === 'PUT')
      return { body: { ...saved, ...(call.body as object), webhook_secret: (call.body as { webhook_url?: string }).webhook_url ? 'whsec_new' : undefined } };
    // The committees followed, below the form: none.
    if (call.path === '/api/follows' || call.path === '/api/committees') return { body: { items: [], next_cursor: null } };
    const answer = testAnswers[call.path];
    if (answer) return { body: answer };
    return undefined;
  };
}

describe('channels announced but not offered yet', () => {
  it('shows Telegram and Discord as coming soon, with nothing to set (issue 32.4)', async () => {
    renderApp('/notifications/settings', api({}), { token: 't' });
    const more = await screen.findByRole('region', { name: 'More channels' });
    expect(
      within(more)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Telegram Coming soon', 'Discord Coming soon']);
    expect(within(more).queryByRole('checkbox')).toBeNull();
  });
});

describe('notification settings: test before save', () => {
  it('asks for a test of a changed channel, tests the unsaved values, and saves only after it passes', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/notifications/settings', api({ '/api/notifications/test/email': { status: 'ok', detail: 'Sent to ada@example.org' } }), {
      token: 't',
    });
    const email = await screen.findByRole('group', { name: 'Email' });
    await user.click(within(email).getByRole('checkbox', { name: 'Send notifications by email' }));
    // The address starts as the account's own (nothing is saved yet).
    expect(within(email).getByRole('textbox', { name: 'Email address' })).toHaveValue('ada@example.org');

    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    expect(screen.getByText('Test Email before saving: its settings changed.')).toBeInTheDocument();

    await user.click(within(email).getByRole('button', { name: 'Test email' }));
    expect(await within(email).findByText('✓ Email test passed: Sent to ada@example.org.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/notifications/test/email')?.body).toEqual({ email_address: 'ada@example.org' });
    expect(save).toBeEnabled();

    // Changing the tested value needs a new test.
    await user.type(within(email).getByRole('textbox', { name: 'Email address' }), 'x');
    expect(save).toBeDisabled();
    await user.type(within(email).getByRole('textbox', { name: 'Email address' }), '{Backspace}');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ email_enabled: true, email_address: 'ada@example.org' });
  });

  it('keeps Save disabled after a failed test and shows why it failed', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/notifications/settings',
      api({ '/api/notifications/test/webhook': { status: 'error', error: 'The endpoint answered 500 Internal Server Error' } }),
      { token: 't' },
    );
    const webhook = await screen.findByRole('group', { name: 'Webhook' });
    await user.click(within(webhook).getByRole('checkbox', { name: 'Send notifications to the webhook' }));
    await user.type(within(webhook).getByRole('textbox', { name: /Webhook URL/ }), 'https://example.org/hook');
    await user.click(within(webhook).getByRole('button', { name: 'Test webhook' }));
    expect(await within(webhook).findByText('Webhook test failed: The endpoint answered 500 Internal Server Error')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/notifications/test/webhook')?.body).toEqual({ webhook_url: 'https://example.org/hook' });
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the one-time secret that signed a test to an unsaved URL, so the test can be verified (issue 32.5)', async () => {
    const user = userEvent.setup();
    renderApp(
      '/notifications/settings',
      api({ '/api/notifications/test/webhook': { status: 'ok', detail: 'HTTP 200', webhook_id: 'msg_1', signing_secret: 'whsec_onetime' } }),
      { token: 't' },
    );
    const webhook = await screen.findByRole('group', { name: 'Webhook' });
    await user.click(within(webhook).getByRole('checkbox', { name: 'Send notifications to the webhook' }));
    await user.type(within(webhook).getByRole('textbox', { name: /Webhook URL/ }), 'https://example.org/hook');
    await user.click(within(webhook).getByRole('button', { name: 'Test webhook' }));
    expect(await within(webhook).findByText('whsec_onetime')).toBeInTheDocument();
    expect(within(webhook).getByText(/signed with a one-time test secret/)).toBeInTheDocument();
  });

  it('tests the feed as on screen, and a feed that is off fails its test instead of passing (issue 32.5)', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/notifications/settings',
      (call) =>
        call.path === '/api/notifications/test/rss'
          ? {
              body: (call.body as { rss_enabled: boolean }).rss_enabled
                ? { status: 'ok', detail: 'Your feed holds 2 events' }
                : { status: 'error', error: 'RSS is off' },
            }
          : api({})(call),
      { token: 't' },
    );
    const rss = await screen.findByRole('group', { name: 'RSS feed' });
    await user.click(within(rss).getByRole('button', { name: 'Test rss feed' }));
    expect(await within(rss).findByText('RSS feed test failed: RSS is off')).toBeInTheDocument();
    expect(within(rss).queryByText(/passed/)).toBeNull();
    await user.click(within(rss).getByRole('checkbox', { name: 'Add notifications to my RSS feed' }));
    await user.click(within(rss).getByRole('button', { name: 'Test rss feed' }));
    expect(await within(rss).findByText('✓ RSS feed test passed: Your feed holds 2 events.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/notifications/test/rss').map((c) => c.body)).toEqual([{ rss_enabled: false }, { rss_enabled: true }]);
  });

  it('counts a passed test only for the values it tested, even when the form changed while it ran', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = api({});
    renderApp(
      '/notifications/settings',
      async (c) => {
        if (c.path !== '/api/notifications/test/email') return answer(c);
        await held;
        return { body: { status: 'ok', detail: 'Sent to ada@example.org' } };
      },
      { token: 't' },
    );
    const email = await screen.findByRole('group', { name: 'Email' });
    await user.click(within(email).getByRole('checkbox', { name: 'Send notifications by email' }));
    const address = within(email).getByRole('textbox', { name: 'Email address' });
    expect(address).toHaveValue('ada@example.org');
    await user.click(within(email).getByRole('button', { name: 'Test email' }));
    await user.type(address, '.uk');
    release();
    expect(await within(email).findByText('✓ Email test passed: Sent to ada@example.org.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await user.type(address, '{Backspace}{Backspace}{Backspace}');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  // The form is keyed by what is saved, so the read after a save starts it again: the secret and the "Saved."
  // must outlive that, or the one showing of the secret lasts only until the settings are read back.
  it('keeps the webhook secret of the save that made it, and the "Saved.", when the saved settings are read again', async () => {
    const user = userEvent.setup();
    let stored = saved;
    const { calls } = renderApp(
      '/notifications/settings',
      (c) => {
        if (c.path === '/api/auth/me') return { body: me };
        if (c.path === '/api/notifications/settings' && c.method === 'GET') return { body: stored };
        if (c.path === '/api/notifications/settings' && c.method === 'PUT') {
          stored = { ...stored, ...(c.body as object), webhook_secret_set: true };
          return { body: { ...stored, webhook_secret: 'whsec_once' } };
        }
        if (c.path === '/api/notifications/test/webhook') return { body: { status: 'ok', detail: 'HTTP 200', webhook_id: 'msg_1' } };
        if (c.path === '/api/follows' || c.path === '/api/committees') return { body: { items: [], next_cursor: null } };
        return undefined;
      },
      { token: 't' },
    );
    const webhook = await screen.findByRole('group', { name: 'Webhook' });
    await user.click(within(webhook).getByRole('checkbox', { name: 'Send notifications to the webhook' }));
    await user.type(within(webhook).getByRole('textbox', { name: /Webhook URL/ }), 'https://example.org/hook');
    await user.click(within(webhook).getByRole('button', { name: 'Test webhook' }));
    await within(webhook).findByText('✓ Webhook test passed: HTTP 200 (message msg_1).');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // Read back: the form now offers rotation, which only a saved secret has.
    await screen.findByRole('button', { name: 'Rotate the signing secret' });
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications/settings')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('whsec_once');
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText('whsec_once')).not.toBeInTheDocument();
  });

  it('shows a rotated secret once, and until when the previous one signs, from the rotation reply', async () => {
    const user = userEvent.setup();
    const base = api({});
    renderApp(
      '/notifications/settings',
      (c) => {
        if (c.path === '/api/notifications/settings' && c.method === 'GET')
          return { body: { ...saved, webhook_url: 'https://example.org/hook', webhook_secret_set: true } };
        if (c.path === '/api/notifications/webhook/rotate-secret')
          return { body: { webhook_secret: 'whsec_rotated', previous_secret_expires_at: '2025-02-02T12:00:00Z' } };
        return base(c);
      },
      { token: 't' },
    );
    await user.click(await screen.findByRole('button', { name: 'Rotate the signing secret' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('whsec_rotated');
    expect(screen.getByText(/The previous secret signs until/)).toBeInTheDocument();
  });

  it('offers the browser time zone for quiet hours and the alert filter grid by stance', async () => {
    const user = userEvent.setup();
    renderApp('/notifications/settings', api({}), { token: 't' });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await user.click(await screen.findByRole('button', { name: `Use this device's time zone (${zone})` }));
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue(zone);
    expect(screen.getByRole('checkbox', { name: 'Votes when Oppose' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Votes when Oppose' }));
    expect(screen.getByRole('checkbox', { name: 'Votes when Oppose' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });

  it('shows the odds-jump threshold in the filter grid, for the stances that hear it', async () => {
    renderApp('/notifications/settings', api({}), { token: 't' });
    const row = (await screen.findByRole('rowheader', { name: /^Odds of becoming law jumped/ })).closest('tr')!;
    expect(row).toHaveTextContent(/by 10 percentage points or more, or doubled or halved \(by 2 points or more\)/);
    expect(within(row).getByRole('checkbox', { name: /when Support$/ })).toBeChecked();
    expect(within(row).getByRole('checkbox', { name: /when Oppose$/ })).toBeChecked();
    expect(within(row).queryByRole('checkbox', { name: /when Just following$/ })).not.toBeInTheDocument();
    expect(within(row).getByText('Not sent')).toBeInTheDocument();
  });
});

describe('the personal calendar (issue 34.4)', () => {
  it('shows the calendar URL with a webcal subscription, and a new URL replaces it without starting the form over', async () => {
    const user = userEvent.setup();
    const rotated = { calendar_token: 'cal-new', calendar_url: 'http://localhost/api/calendar/cal-new.ics' };
    const { calls } = renderApp('/notifications/settings', api({ '/api/notifications/calendar-token': rotated }), { token: 't' });
    const calendar = await screen.findByRole('region', { name: 'Your calendar' });
    const url = within(calendar).getByRole('textbox', { name: /Your calendar URL/ });
    expect(url).toHaveValue('http://localhost/api/calendar/cal-abc.ics');
    expect(within(calendar).getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute(
      'href',
      'webcal://localhost/api/calendar/cal-abc.ics',
    );

    // An edit in progress outlives the rotation.
    const email = screen.getByRole('group', { name: 'Email' });
    await user.click(within(email).getByRole('checkbox', { name: 'Send notifications by email' }));
    await user.click(within(calendar).getByRole('button', { name: 'Make a new calendar URL (the old one stops working)' }));
    await vi.waitFor(() => expect(url).toHaveValue('http://localhost/api/calendar/cal-new.ics'));
    expect(within(calendar).getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute(
      'href',
      'webcal://localhost/api/calendar/cal-new.ics',
    );
    expect(calls.filter((c) => c.path === '/api/notifications/calendar-token').map((c) => c.method)).toEqual(['POST']);
    expect(within(email).getByRole('checkbox', { name: 'Send notifications by email' })).toBeChecked();
  });
});
