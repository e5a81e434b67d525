import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { committeeDetail, committeeFollow, committeeList, page } from '../../schedule/schedule-fixtures.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const followOfHSII = committeeFollow('HSII');

describe('the committee pages', () => {
  it('list every committee by chamber, subcommittees under their committee', async () => {
    renderApp('/committees', (c) => (c.path === '/api/committees' ? { body: page(committeeList) } : undefined));
    const house = await screen.findByRole('region', { name: 'House committees' });
    expect(within(house).getByRole('link', { name: 'Committee on Natural Resources' })).toHaveAttribute('href', '/committees/HSII');
    expect(within(house).getByRole('link', { name: 'Indian and Insular Affairs' })).toHaveAttribute('href', '/committees/HSII24');
    expect(within(house).getByText('(44 members)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Senate committees' })).getByRole('link', { name: 'Committee on Foreign Relations' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Joint committees' })).getByRole('link', { name: 'Joint Economic Committee' })).toBeInTheDocument();
  });

  it('show members by side with rank and title, subcommittees, meetings with a calendar, referrals', async () => {
    renderApp('/committees/HSII', (c) =>
      c.path === '/api/committees/HSII' ? { body: committeeDetail } : c.path === '/api/committees' ? { body: page(committeeList) } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Committee on Natural Resources' })).toBeInTheDocument();
    const majority = screen.getByRole('table', { name: 'Majority members by rank' });
    expect(within(majority).getAllByRole('row')[1]).toHaveTextContent(/^1Bruce WestermanR-ARChair$/);
    expect(within(majority).getByRole('link', { name: 'Bruce Westerman' })).toHaveAttribute('href', '/members/W000821');
    const minority = screen.getByRole('table', { name: 'Minority members by rank' });
    expect(within(minority).getByRole('rowheader', { name: 'Raúl Grijalva' }).closest('tr')).toHaveTextContent('Ranking Member');
    expect(within(screen.getByRole('region', { name: 'Subcommittees' })).getByRole('link', { name: 'Indian and Insular Affairs' })).toBeInTheDocument();
    const meetings = screen.getByRole('region', { name: 'Upcoming meetings' });
    expect(within(meetings).getByRole('link', { name: 'Legislative hearing on H.R. 1234' })).toHaveAttribute('href', '/meetings/house-115955');
    expect(within(meetings).getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute(
      'href',
      `webcal://${window.location.host}/api/committees/HSII/calendar.ics`,
    );
    expect(within(meetings).getByRole('link', { name: /^Download \.ics/ })).toHaveAttribute('href', '/api/committees/HSII/calendar.ics');
    expect(within(screen.getByRole('region', { name: 'Recent referrals and reports' })).getByRole('link', { name: 'H.R. 1234' })).toHaveAttribute(
      'href',
      '/bills/118-hr-1234',
    );
  });

  it('follow with the committee follow kind when signed in', async () => {
    let following = false;
    const respond = (c: FakeCall) => {
      if (c.path === '/api/committees/HSII') return { body: committeeDetail };
      if (c.path === '/api/auth/me') return { body: user };
      if (c.method === 'POST' && c.path === '/api/follows') {
        following = true;
        return {
          status: 201,
          body: followOfHSII,
        };
      }
      if (c.path === '/api/follows')
        return {
          body: page(following ? [followOfHSII] : []),
        };
      return undefined;
    };
    const { calls } = renderApp('/committees/HSII', respond, { token: 't' });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Committee on Natural Resources' }));
    expect(await screen.findByRole('button', { name: 'Following Committee on Natural Resources' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ target_type: 'committee', target_id: 'HSII' });
  });

  it('ask a guest to sign in before following, and make no call', async () => {
    const { calls } = renderApp('/committees/HSII', (c) => (c.path === '/api/committees/HSII' ? { body: committeeDetail } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Committee on Natural Resources' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(/sign in/i);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
