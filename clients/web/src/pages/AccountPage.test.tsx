import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { user } from '../test/fixtures.ts';
import { renderApp, type FakeCall } from '../test/render.tsx';

const me = (call: FakeCall) => (call.path === '/api/auth/me' ? { body: user } : undefined);

describe('the account page', () => {
  it('is linked from the signed-in header and says who is signed in', async () => {
    const u = userEvent.setup();
    const { router } = renderApp('/notes', (c) => me(c) ?? (c.path === '/api/notes' ? { body: { items: [], next_cursor: null } } : undefined), { token: 't1' });
    await u.click(within(screen.getByRole('navigation', { name: 'Site' })).getByRole('link', { name: 'Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    expect(await screen.findByText('ada@example.org')).toBeInTheDocument();
  });

  it('changes the password, then forgets the token and asks to sign in again saying why', async () => {
    const u = userEvent.setup();
    const { calls, session, router } = renderApp(
      '/account',
      (c) => me(c) ?? (c.method === 'POST' && c.path === '/api/auth/password' ? { status: 204 } : undefined),
      {
        token: 't1',
      },
    );
    await u.type(await screen.findByLabelText('Current password'), 'old-secret');
    await u.type(screen.getByLabelText('New password'), 'new-secret-123');
    await u.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/Your password is changed\. You are signed out on every device/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/password')?.body).toEqual({ current_password: 'old-secret', new_password: 'new-secret-123' });
    expect(session.get().token).toBeUndefined();
    expect(router.state.location.search).toBe('?next=%2Faccount');
  });

  it('says beside the field when the current password is wrong, in plain words, and stays signed in', async () => {
    const u = userEvent.setup();
    const { session } = renderApp(
      '/account',
      (c) =>
        me(c) ??
        (c.path === '/api/auth/password'
          ? {
              status: 422,
              body: {
                detail: 'The current password is not correct',
                code: 'auth.wrong_password',
                errors: [{ path: 'body.current_password', message: 'is not the current password' }],
              },
            }
          : undefined),
      { token: 't1' },
    );
    await u.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await u.type(screen.getByLabelText('New password'), 'new-secret-123');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    // Beside the field, in plain words, and once in the summary, which takes the focus and links to the field.
    const summary = await screen.findByRole('alert');
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('That is not your current password.');
    expect(within(summary).getByRole('link', { name: 'That is not your current password.' })).toHaveAttribute('href', `#${current.id}`);
    expect(within(summary).getByRole('heading', { name: 'Check this and try again' })).toHaveFocus();
    expect(document.body).not.toHaveTextContent('current_password');
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(session.get().token).toBe('t1');
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
  });

  it('signs out everywhere, then asks to sign in again', async () => {
    const u = userEvent.setup();
    const { calls, session } = renderApp('/account', (c) => me(c) ?? (c.method === 'POST' && c.path === '/api/auth/logout-all' ? { status: 204 } : undefined), {
      token: 't1',
    });
    await u.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed out on every device, this one included/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/logout-all')).toHaveLength(1);
    expect(session.get().token).toBeUndefined();
  });

  it('for a guest offers sign-in and calls nothing', async () => {
    const { calls } = renderApp('/account', () => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to manage your account.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
