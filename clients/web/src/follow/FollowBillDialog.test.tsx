import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../typescript/index.ts';
import { committeeFollow, committeeList, page } from '../schedule/schedule-fixtures.ts';
import { bill, followsApi } from '../test/fixtures.ts';
import { renderApp, type FakeCall } from '../test/render.tsx';

const action = (a: Pick<Schemas['BillAction'], 'action_date' | 'action_text' | 'category' | 'committees'>): Schemas['BillAction'] => ({
  action_code: null,
  action_type: null,
  recorded_votes: [],
  data_as_of: '2025-02-02T00:00:00Z',
  source: 'congress.gov',
  ...a,
});

/** H.R. 1 referred to Natural Resources' Indian and Insular Affairs subcommittee, and reported by Natural Resources (newest first, as the API answers). */
const actions = [
  action({ action_date: '2025-03-01', action_text: 'Reported by the Committee on Natural Resources.', category: 'committee_report', committees: ['HSII'] }),
  action({
    action_date: '2025-01-10',
    action_text: 'Referred to the Subcommittee on Indian and Insular Affairs.',
    category: 'referral',
    committees: ['HSII24'],
  }),
  action({ action_date: '2025-01-03', action_text: 'Introduced in House', category: 'procedural', committees: [] }),
];

const hsiiFollow = committeeFollow('HSII');

/** The follows store with the bill's actions and the committee list. */
function withCommittees(follows: Schemas['Follow'][] = []) {
  const store = followsApi(follows);
  return (c: FakeCall) =>
    c.path === `/api/bills/${bill.id}/actions` ? { body: page(actions) } : c.path === '/api/committees' ? { body: page(committeeList) } : store(c);
}

describe('following a bill with a stance', () => {
  it('opens from ?follow=1, offers the stances in plain words, and follows with the one chosen', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(`/bills/${bill.id}?follow=1`, followsApi(), { token: 't' });
    const dialog = await screen.findByRole('dialog', { name: 'Follow H.R. 1' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.closest('.usa-radio')?.querySelector('label')?.firstChild?.textContent)).toEqual(['Just following', 'Support', 'Oppose']);
    expect(within(dialog).getByRole('radio', { name: /Just following/ })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: /Oppose/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Follow this bill' }));

    expect(await screen.findByRole('button', { name: 'Following: Oppose' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/follows', search: '', body: { target_type: 'bill', target_id: bill.id, follow_mode: 'hold_veto' } },
    ]);
  });

  it('changes the stance of a followed bill and unfollows it', async () => {
    const user = userEvent.setup();
    const existing: Schemas['Follow'] = {
      id: `bill:${bill.id}`,
      user_id: 'u1',
      target_type: 'bill',
      target_id: bill.id,
      follow_mode: 'hold_boost',
      mode_set_at: null,
      created_at: '2025-02-02T00:00:00Z',
    };
    const { calls } = renderApp(`/bills/${bill.id}`, followsApi([existing]), { token: 't' });
    await user.click(await screen.findByRole('button', { name: 'Following: Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your follow of H.R. 1' });
    expect(within(dialog).getByRole('radio', { name: /Support/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/follows/${encodeURIComponent(`bill:${bill.id}`)}`)).toBe(true);
  });

  it("reads the stance with one call for this bill's follow alone, not the list of every bill followed", async () => {
    const { calls } = renderApp(`/bills/${bill.id}`, followsApi(), { token: 't' });
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    const followReads = calls.filter((c) => c.method === 'GET' && c.path === '/api/follows');
    expect(followReads.map((c) => Object.fromEntries(new URLSearchParams(c.search)))).toEqual([{ target_type: 'bill', target_id: bill.id }]);
  });

  it('offers the committees the bill was referred to, each a labelled checkbox, and follows the ones ticked with the bill', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(`/bills/${bill.id}?follow=1`, withCommittees(), { token: 't' });
    const dialog = await screen.findByRole('dialog', { name: 'Follow H.R. 1' });
    const group = await within(dialog).findByRole('group', { name: 'Also follow the committees it was referred to' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('.usa-checkbox')?.textContent)).toEqual([
      'Committee on Natural Resources',
      'Committee on Natural Resources: Indian and Insular Affairs',
    ]);
    expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);

    await user.click(within(group).getByRole('checkbox', { name: 'Committee on Natural Resources' }));
    await user.click(within(dialog).getByRole('button', { name: 'Follow this bill' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { target_type: 'bill', target_id: bill.id, follow_mode: 'neutral' },
      { target_type: 'committee', target_id: 'HSII' },
    ]);
  });

  it('ticks the committees already followed and unfollows one unticked when the stance is saved', async () => {
    const user = userEvent.setup();
    const existing: Schemas['Follow'] = { ...hsiiFollow, id: `bill:${bill.id}`, target_type: 'bill', target_id: bill.id, follow_mode: 'hold_boost' };
    const { calls } = renderApp(`/bills/${bill.id}?follow=1`, withCommittees([existing, hsiiFollow]), { token: 't' });
    const dialog = await screen.findByRole('dialog', { name: 'Your follow of H.R. 1' });
    const natural = await within(dialog).findByRole('checkbox', { name: 'Committee on Natural Resources' });
    await waitFor(() => expect(natural).toBeChecked());
    expect(within(dialog).getByRole('checkbox', { name: /Indian and Insular Affairs/ })).not.toBeChecked();

    await user.click(natural);
    await user.click(within(dialog).getByRole('button', { name: 'Save my stance' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => decodeURIComponent(c.path))).toEqual(['/api/follows/committee:HSII']);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ target_type: 'bill', target_id: bill.id, follow_mode: 'hold_boost' }]);
  });

  it('offers no committee choice for a bill not yet referred', async () => {
    renderApp(`/bills/${bill.id}?follow=1`, followsApi(), { token: 't' });
    const dialog = await screen.findByRole('dialog', { name: 'Follow H.R. 1' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
