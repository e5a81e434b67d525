import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { VotesSection } from './VotesSection.tsx';

const reply = (extra: Record<string, unknown>) => (call: FakeCall) =>
  call.path === '/api/bills/116-sjres-36/votes'
    ? {
        body: {
          items: [],
          next_cursor: null,
          vote_fetch_queued: false,
          missing_votes: [],
          vote_fetch: { state: 'checked', requested_at: null, checked_at: '2026-06-20T00:00:00Z' },
          ...extra,
        },
      }
    : undefined;

const override = {
  vote_id: 'senate-116-1-231',
  chamber: 'senate',
  roll_number: 231,
  date: '2019-07-29',
  action_text: 'Failed of passage in Senate over veto by Yea-Nay Vote. 45 - 40. Record Vote Number: 231.',
  source_url: 'https://www.senate.gov/legislative/LIS/roll_call_votes/vote1161/vote_116_1_00231.xml',
  reason: 'not_in_offline_data',
  detail: null,
};

describe("a bill's roll-call votes", () => {
  it("lists a recorded vote whose roll call is not held, with its action, why, and its source, and never says 'look again'", async () => {
    renderInApp(<VotesSection billId="116-sjres-36" />, reply({ missing_votes: [override] }));
    const section = screen.getByRole('region', { name: 'Roll-call votes' });
    expect(await within(section).findByText(/Senate vote 231, Jul 29, 2019: Failed of passage in Senate over veto/)).toBeInTheDocument();
    expect(within(section).getByText(/is not in the offline data/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'the record at its source' })).toHaveAttribute('href', override.source_url);
    expect(within(section).queryByText(/No roll-call vote on this bill is recorded/)).not.toBeInTheDocument();
    expect(within(section).queryByText(/look again/)).not.toBeInTheDocument();
  });

  it('says a fetch asked for long ago and never run has stalled, and what a failed one answered', async () => {
    renderInApp(
      <VotesSection billId="116-sjres-36" />,
      reply({
        vote_fetch: { state: 'stalled', requested_at: '2026-06-20T00:00:00Z', checked_at: null },
        missing_votes: [{ ...override, reason: 'fetch_failed', detail: 'senate-lis: HTTP 503' }],
      }),
    );
    const section = screen.getByRole('region', { name: 'Roll-call votes' });
    expect(await within(section).findByText(/has not run; what is shown is what is stored/)).toBeInTheDocument();
    expect(within(section).getByText(/could not be fetched: senate-lis: HTTP 503/)).toBeInTheDocument();
  });

  it('says no roll call is recorded only when the actions name none', async () => {
    renderInApp(<VotesSection billId="116-sjres-36" />, reply({}));
    expect(await screen.findByText('No roll-call vote on this bill is recorded.')).toBeInTheDocument();
  });
});
