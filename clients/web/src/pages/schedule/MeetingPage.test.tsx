import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { committeeList, meetingDetail, page } from '../../schedule/schedule-fixtures.ts';
import { user } from '../../test/fixtures.ts';
import { renderApp, type FakeCall } from '../../test/render.tsx';

const respond = (c: FakeCall) =>
  c.path === '/api/meetings/house-115955'
    ? { body: meetingDetail }
    : c.path === '/api/committees'
      ? { body: page(committeeList) }
      : c.path === '/api/auth/me'
        ? { body: user }
        : c.path === '/api/notifications/settings'
          ? { body: { timezone: 'America/Chicago' } }
          : undefined;

describe('the meeting page', () => {
  it('says what, when in the reader’s zone with Washington’s beside it, where, and links the committee and the bills', async () => {
    renderApp('/meetings/house-115955', respond, { token: 't' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Legislative hearing on H.R. 1234' })).toBeInTheDocument();
    expect(await screen.findByText(/Tuesday, May 23, 2023 at 9:00 AM CDT/)).toBeInTheDocument();
    expect(screen.getByText(/Tuesday, May 23, 2023 at 10:00 AM EDT in Washington/)).toBeInTheDocument();
    expect(screen.getByText('Longworth House Office Building 1324')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Committee on Natural Resources: Indian and Insular Affairs' })).toHaveAttribute(
      'href',
      '/committees/HSII24',
    );
    const bills = screen.getByRole('region', { name: 'Bills taken up' });
    expect(within(bills).getByRole('link', { name: 'H.R. 1234' })).toHaveAttribute('href', '/bills/118-hr-1234');
  });

  it('lists witnesses and documents, and the change history in plain words', async () => {
    renderApp('/meetings/house-115955', respond);
    const witnesses = await screen.findByRole('region', { name: 'Witnesses' });
    expect(within(witnesses).getByText('The Honorable Bryan Newland')).toBeInTheDocument();
    expect(within(witnesses).getByText(/Assistant Secretary, Department of the Interior/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByRole('link', { name: 'Hearing notice' })).toHaveAttribute(
      'href',
      'https://docs.house.gov/notice.pdf',
    );
    const history = screen.getByRole('region', { name: 'Change history' });
    expect(within(history).getByText(/first seen on the schedule/)).toBeInTheDocument();
    expect(within(history).getByText('Status: Scheduled → Rescheduled')).toBeInTheDocument();
    expect(within(history).getByText(/^Time: /)).toHaveTextContent(/May 18, 2023.*→ May 23, 2023/);
    expect(history).not.toHaveTextContent(/starts_at|rescheduled\b/);
  });

  it('answers an unknown meeting with the service’s reason and a way on', async () => {
    renderApp('/meetings/house-1', (c) =>
      c.path === '/api/meetings/house-1' ? { status: 404, body: { detail: 'No meeting house-1', code: 'meeting.not_found' } } : undefined,
    );
    expect(await screen.findByText('No meeting house-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'this week in Congress' })).toHaveAttribute('href', '/schedule');
  });
});
