import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../typescript/index.ts';
import { committeeFollow, committeeList, page } from '../../schedule/schedule-fixtures.ts';
import { followsApi, notificationSettings, user as me } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const settings = (alert_filters: Schemas['NotificationSettings']['alert_filters']): Schemas['NotificationSettings'] => ({
  ...notificationSettings,
  alert_filters,
});

const follow = committeeFollow;

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
