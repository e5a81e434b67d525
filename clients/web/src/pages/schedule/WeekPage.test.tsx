import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { committeeList, page, weekMeetings } from '../../schedule/schedule-fixtures.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';
import { browserZone } from '../../words/meeting-words.ts';

/** The fake API: the committees, and the week's meetings filtered by chamber as the service filters them. */
const respond = (zone: string | null) => (c: FakeCall) => {
  const q = new URLSearchParams(c.search);
  if (c.path === '/api/committees') return { body: page(committeeList) };
  if (c.path === '/api/meetings') return { body: page(weekMeetings.filter((m) => !q.get('chamber') || m.chamber === q.get('chamber'))) };
  if (c.path === '/api/auth/me') return { body: user };
  if (c.path === '/api/notifications/settings') return { body: { timezone: zone } };
  return undefined;
};

describe('the week page', () => {
  it('shows a deep-linked week day by day, each meeting linked, and reads a day either side of it', async () => {
    const { calls } = renderApp('/schedule?week=2023-05-24', respond(null));
    expect(await screen.findByRole('heading', { level: 1, name: 'Congress, week of May 22, 2023' })).toBeInTheDocument();
    expect(await screen.findByText('3 meetings this week.')).toBeInTheDocument();
    const monday = screen.getByRole('region', { name: 'Monday, May 22, 2023' });
    expect(within(monday).getByRole('link', { name: 'Bills on the House floor this week' })).toHaveAttribute('href', '/meetings/house-floor-week-2023-05-22');
    expect(within(monday).getByText('All day')).toBeInTheDocument();
    const tuesday = screen.getByRole('region', { name: 'Tuesday, May 23, 2023' });
    expect(within(tuesday).getByRole('link', { name: 'Legislative hearing on H.R. 1234' })).toHaveAttribute('href', '/meetings/house-115955');
    expect(within(tuesday).getByText('Rescheduled')).toBeInTheDocument();
    expect(within(tuesday).getByText('Committee on Natural Resources: Indian and Insular Affairs')).toBeInTheDocument();
    expect(within(tuesday).getByRole('link', { name: 'H.R. 1234' })).toHaveAttribute('href', '/bills/118-hr-1234');
    expect(screen.getByText(new RegExp(`Times are in ${browserZone()}`))).toBeInTheDocument();
    const read = calls.find((c) => c.path === '/api/meetings')!;
    expect(new URLSearchParams(read.search).get('from')).toBe('2023-05-21');
    expect(new URLSearchParams(read.search).get('to')).toBe('2023-05-29');
  });

  it('filters by chamber and committee into the URL, and moves a week at a time', async () => {
    const { router, calls } = renderApp('/schedule?week=2023-05-22', respond(null));
    await screen.findByText('3 meetings this week.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Chamber' }), 'senate');
    expect(await screen.findByText('1 meeting this week in the Senate.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=2023-05-22&chamber=senate');
    expect(screen.queryByRole('link', { name: 'Legislative hearing on H.R. 1234' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Committee' }), 'SSFR');
    expect(router.state.location.search).toBe('?week=2023-05-22&chamber=senate&committee=SSFR');
    await screen.findByText('1 meeting this week in the Senate for Committee on Foreign Relations.');
    expect(new URLSearchParams(calls.at(-1)!.search).get('committee')).toBe('SSFR');
    await userEvent.click(screen.getByRole('link', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Congress, week of May 29, 2023' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=2023-05-29&chamber=senate&committee=SSFR');
  });

  it("shows times in the account's time zone when signed in", async () => {
    renderApp('/schedule?week=2023-05-22', respond('America/Los_Angeles'), { token: 't' });
    expect(await screen.findByText(/Times are in America\/Los_Angeles/)).toBeInTheDocument();
    expect(await screen.findByText('7:00 AM PDT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /account.s time zone/ })).toHaveAttribute('href', '/notifications/settings');
  });

  it('says so when nothing is scheduled, with a way to clear the filters', async () => {
    renderApp('/schedule?week=2023-05-22&chamber=house&committee=SSFR', (c) => (c.path === '/api/meetings' ? { body: page([]) } : respond(null)(c)));
    expect(await screen.findByText('Nothing scheduled this week in the House for Committee on Foreign Relations.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'clear the filters' })).toHaveAttribute('href', '/schedule?week=2023-05-22');
  });

  it('is linked from the site navigation', async () => {
    renderApp('/bills', respond(null));
    const nav = await screen.findByRole('navigation', { name: 'Site' });
    expect(within(nav).getByRole('link', { name: 'This week in Congress' })).toHaveAttribute('href', '/schedule');
    expect(within(nav).getByRole('link', { name: 'Committees' })).toHaveAttribute('href', '/committees');
  });
});
