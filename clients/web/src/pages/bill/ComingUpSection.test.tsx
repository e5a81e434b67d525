import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { committeeList, houseHearing, page } from '../../schedule/schedule-fixtures.ts';
import { bill } from '../../test/fixtures.ts';
import { renderApp, type FakeCall, type FakeAnswer } from '../../test/render.tsx';
import { dayIn } from '../../words/meeting-words.ts';

const markup = {
  ...houseHearing,
  id: 'house-999001',
  type: 'markup' as const,
  status: 'scheduled' as const,
  title: 'Markup of H.R. 1',
  starts_at: '2099-03-04T10:00:00-05:00',
  bill_ids: ['119-hr-1'],
};

const onBillPage = (meetings: (c: FakeCall) => FakeAnswer) => (c: FakeCall) =>
  c.path === '/api/bills/119-hr-1'
    ? { body: bill }
    : c.path === '/api/meetings'
      ? meetings(c)
      : c.path === '/api/committees'
        ? { body: page(committeeList) }
        : undefined;

describe('the Coming up box on a bill page', () => {
  it("lists the bill's meetings from today on and offers its calendar to subscribe to or download", async () => {
    const { calls } = renderApp(
      '/bills/119-hr-1',
      onBillPage(() => ({ body: page([markup]) })),
    );
    const box = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(box).findByRole('link', { name: 'Markup of H.R. 1' })).toHaveAttribute('href', '/meetings/house-999001');
    expect(within(box).getByText('Markup')).toBeInTheDocument();
    expect(within(box).getByText(/March 4, 2099/)).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Add to calendar: subscribe to the meetings of H.R. 1' })).toHaveAttribute(
      'href',
      `webcal://${window.location.host}/api/bills/119-hr-1/calendar.ics`,
    );
    expect(within(box).getByRole('link', { name: 'Download .ics of the meetings of H.R. 1' })).toHaveAttribute('href', '/api/bills/119-hr-1/calendar.ics');
    const read = new URLSearchParams(calls.find((c) => c.path === '/api/meetings')!.search);
    expect(read.get('bill')).toBe('119-hr-1');
    expect(read.get('from')).toBe(dayIn(new Date(), 'America/New_York'));
  });

  it('says when nothing is announced, still offering the calendar for what comes', async () => {
    const { calls } = renderApp(
      '/bills/119-hr-1',
      onBillPage(() => ({ body: page([]) })),
    );
    const box = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(box).findByText('No hearing, markup or floor consideration of H.R. 1 is announced yet.')).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: /^Add to calendar/ })).toBeInTheDocument();
    // Nothing to name, so the committee list (three pages) is not read on every bill page.
    expect(calls.filter((c) => c.path === '/api/committees')).toEqual([]);
  });

  it('says a failed read in the box, with a way to try again, and no alert over the page', async () => {
    let fail = true;
    renderApp(
      '/bills/119-hr-1',
      onBillPage(() => (fail ? { status: 400, body: { detail: 'Bad window', code: 'x' } } : { body: page([markup]) })),
    );
    const box = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(box).findByText(/could not be loaded \(Bad window\)/)).toBeInTheDocument();
    expect(within(box).queryByRole('alert')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(box).getByRole('button', { name: 'Try again' }));
    expect(await within(box).findByRole('link', { name: 'Markup of H.R. 1' })).toBeInTheDocument();
  });
});
