import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp, type FakeCall } from '../../test/render.tsx';
import { DemoReplaySection } from './DemoReplaySection.tsx';

describe('the demo replay', () => {
  it('replays the demo and lists the steps played', async () => {
    const user = userEvent.setup();
    const { calls } = renderInApp(
      <DemoReplaySection />,
      (call: FakeCall) =>
        call.path === '/api/admin/demo/replay'
          ? {
              body: {
                played: [
                  { bill_id: '115-s-2269', action_date: '2018-06-19', actions: 3, released_at: '2026-11-26T12:00:00Z' },
                  {
                    bill_id: '114-sconres-11',
                    action_date: '2015-04-29',
                    actions: 0,
                    released_at: '2026-11-26T12:00:01Z',
                    meeting: { id: 'house-103428', version: 2, starts_at: '2026-12-03T15:00:00-05:00' },
                  },
                ],
                remaining_steps: 0,
                bills: ['115-s-2269', '117-s-1260'],
              },
            }
          : undefined,
      { token: 't' },
    );
    await user.click(screen.getByRole('button', { name: 'Replay the demo' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({}));
    expect(await screen.findByText('115-s-2269: 3 actions of 2018-06-19')).toBeInTheDocument();
    expect(screen.getByText('114-sconres-11: meeting house-103428 of 2015-04-29, version 2, now on 2026-12-03 (demo)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Played 2 steps of 115-s-2269, 117-s-1260; 0 left.');
  });

  it('asks again while steps are left (each answer plays what fits in time), listing every step played', async () => {
    const user = userEvent.setup();
    const answers = [
      { played: [{ bill_id: '115-s-2269', action_date: '2018-06-19', actions: 2, released_at: '2026-11-26T12:00:00Z' }], remaining_steps: 1 },
      { played: [{ bill_id: '117-s-1260', action_date: '2021-06-08', actions: 4, released_at: '2026-11-26T12:00:20Z' }], remaining_steps: 0 },
    ];
    const { calls } = renderInApp(
      <DemoReplaySection />,
      (call: FakeCall) => (call.path === '/api/admin/demo/replay' ? { body: { ...answers.shift(), bills: ['115-s-2269', '117-s-1260'] } } : undefined),
      { token: 't' },
    );
    await user.click(screen.getByRole('button', { name: 'Replay the demo' }));
    expect(await screen.findByText('117-s-1260: 4 actions of 2021-06-08')).toBeInTheDocument();
    expect(screen.getByText('115-s-2269: 2 actions of 2018-06-19')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Played 2 steps of 115-s-2269, 117-s-1260; 0 left.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('shows why when nothing is left to replay', async () => {
    const user = userEvent.setup();
    renderInApp(
      <DemoReplaySection />,
      (call: FakeCall) =>
        call.path === '/api/admin/demo/replay'
          ? { status: 409, body: { detail: 'The demo replay has played every held-back day', code: 'demo.replay_finished' } }
          : undefined,
      { token: 't' },
    );
    await user.click(screen.getByRole('button', { name: 'Replay the demo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The demo replay has played every held-back day');
  });
});
