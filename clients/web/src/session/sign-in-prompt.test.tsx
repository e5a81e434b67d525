import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bill, billPageReads } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

const personalCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method !== 'GET' || ['/api/follows', '/api/collections', '/api/auth/me'].includes(c.path) || c.path.startsWith('/api/notes'));

describe('a guest pressing a personal control', () => {
  it('gets a sign-in prompt for follow, collection, letter and note, and no API call is made', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(`/bills/${bill.id}`, billPageReads);
    await screen.findByRole('heading', { level: 1, name: 'Rural Broadband Act' });
    const readsBefore = calls.length;

    for (const [button, what] of [
      ['Follow', /to follow this bill/],
      ['Add to a collection', /to add bills to a collection/],
      ['Write to your representative', /to write to your representative/],
      ['Add a note', /to keep a private note on this bill/],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
      expect(within(dialog).getByText(what)).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/signin?next=${encodeURIComponent(`/bills/${bill.id}`)}`);
      expect(within(dialog).getByRole('heading', { name: 'Sign in to continue' })).toHaveFocus();
      await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    }

    expect(personalCalls(calls)).toEqual([]);
    expect(calls.length).toBe(readsBefore);
  });

  it('arriving on a ?follow=1 link is asked to sign in, and comes back to the same link', async () => {
    const { calls } = renderApp(`/bills/${bill.id}?follow=1`, billPageReads);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to continue' });
    expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?next=${encodeURIComponent(`/bills/${bill.id}?follow=1`)}`,
    );
    expect(personalCalls(calls)).toEqual([]);
  });

  it('on a personal page sees what it is for and a way to sign in, without an API call', async () => {
    const { calls } = renderApp('/notifications/settings', () => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to choose how you are notified.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
