import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../typescript/index.ts';
import { bill, followsApi } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

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
});
