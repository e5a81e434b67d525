import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { committeeList, page } from '../../schedule/schedule-fixtures.ts';
import { followsApi, user as me } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const settings = (alert_filters: Schemas['NotificationSettings']['alert_filters']): Schemas['NotificationSettings'] => ({
  push_enabled: false,
  push_url: null,
  push_auth: 'none',
  push_token_set: false,
  push_username: null,
  email_enabled: false,
  email_address: null,
  webhook_enabled: false,
  webhook_url: null,
  webhook_previous_secret_expires_at: null,
  digest_mode: 'off',
  rss_enabled: false,
  quiet_hours_start: null,
  quiet_hours_end: null,
  timezone: null,
  alert_filters,
  follow_reintroductions: false,
  push_password_set: false,
  webhook_secret_set: false,
  rss_feed_url: 'http://localhost/api/notifications/feed/abc',
  calendar_url: 'http://localhost/api/calendar/cal-abc.ics',
  telegram: { status: 'coming_soon' },
  discord: { status: 'coming_soon' },
});

const follow = (id: string): Schemas['Follow'] => ({
  id: `committee:${id}`,
  user_id: 'u1',
  target_type: 'committee',
  target_id: id,
  follow_mode: null,
  mode_set_at: null,
  created_at: '2025-02-02T00:00:00Z',
});

function api(saved: Schemas['NotificationSettings'], follows: Schemas['Follow'][]) {
  const store = followsApi(follows);
  return (c: FakeCall) => {
    if (c.path === '/api/auth/me') return { body: me };
    if (c.path === '/api/notifications/settings') return { body: saved };
    if (c.path === '/api/committees') return { body: page(committeeList) };
    return store(c);
  };
}

describe('committee follows in the notification settings', () => {
  it('lists the committees followed, says what they tell of under the saved filters, and unfollows one', async () => {
    const user = userEvent.setup();
    const filters = { neutral: { calendar: false } };
    const { calls } = renderApp('/notifications/settings', api(settings(filters), [follow('HSII24'), follow('SSFR')]), { token: 't' });
    const region = await screen.findByRole('region', { name: 'Committees you follow' });
    expect(await within(region).findByRole('link', { name: 'Committee on Natural Resources: Indian and Insular Affairs' })).toHaveAttribute(
      'href',
      '/committees/HSII24',
    );
    expect(within(region).getByRole('link', { name: 'Committee on Foreign Relations' })).toHaveAttribute('href', '/committees/SSFR');
    // "Scheduled" is off under Just following: a committee follow tells of referrals and reports only.
    expect(within(region).getByText(/it tells you of bills referred to it, its reports\.$/)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Unfollow Committee on Foreign Relations' }));
    await within(region).findByRole('link', { name: /Indian and Insular Affairs/ });
    await expect.poll(() => within(region).queryByRole('link', { name: 'Committee on Foreign Relations' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => decodeURIComponent(c.path))).toEqual(['/api/follows/committee:SSFR']);
  });

  it('follows a committee chosen from the list, which then leaves the choices', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/notifications/settings', api(settings(null), []), { token: 't' });
    const region = await screen.findByRole('region', { name: 'Committees you follow' });
    expect(await within(region).findByText('You follow no committee yet.')).toBeInTheDocument();
    expect(
      within(region).getByText(/it tells you of bills referred to it, its reports, its hearings, markups and meetings before they happen\.$/),
    ).toBeInTheDocument();
    const choose = within(region).getByRole('combobox', { name: 'Follow a committee' });
    await within(choose).findByRole('option', { name: 'Joint Economic Committee' });
    await user.selectOptions(choose, 'JSEC');
    await user.click(within(region).getByRole('button', { name: 'Follow' }));

    expect(await within(region).findByRole('link', { name: 'Joint Economic Committee' })).toHaveAttribute('href', '/committees/JSEC');
    expect(within(choose).queryByRole('option', { name: 'Joint Economic Committee' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ target_type: 'committee', target_id: 'JSEC' }]);
  });

  it('says a committee follow tells of nothing when every one of its kinds is off under Just following', async () => {
    const filters = { neutral: { referral: false, committee_report: false, calendar: false } };
    renderApp('/notifications/settings', api(settings(filters), [follow('SSFR')]), { token: 't' });
    const region = await screen.findByRole('region', { name: 'Committees you follow' });
    expect(within(region).getByText(/it tells you of nothing/)).toBeInTheDocument();
  });
});
