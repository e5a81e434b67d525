import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bill } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

const dashboard = { personalized: false, most_popular: { title: 'Most Popular', trending_source: 'scores', window_days: 7, items: [] } };

describe('honest states', () => {
  it('shows the service detail of a 5xx with a Retry button that loads the page', async () => {
    const user = userEvent.setup();
    let failures = 2; // the first try and its one automatic retry
    const { calls } = renderApp('/', (c) =>
      c.path === '/api/dashboard'
        ? failures-- > 0
          ? { status: 503, body: { detail: 'The database is not answering.', code: 'dependency.down' } }
          : { body: dashboard }
        : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('BillWatch had a problem');
    expect(alert).toHaveTextContent('The database is not answering.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Most Popular' })).toBeInTheDocument();
    expect(screen.getByText(/No bills are stored yet/)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/dashboard')).toHaveLength(3);
  });

  it('shows a 404 detail without a Retry button (another try would answer the same)', async () => {
    renderApp('/bills/119-hr-99999', (c) =>
      c.path === '/api/bills/119-hr-99999' ? { status: 404, body: { detail: 'No bill 119-hr-99999.', code: 'bill.not_found' } } : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No bill 119-hr-99999.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bill 119-hr-99999' })).toBeInTheDocument();
  });

  it('says so when offline, and offers a retry', async () => {
    renderApp(`/bills/${bill.id}`, () => {
      throw new TypeError('Failed to fetch');
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not reach BillWatch');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('asks to sign in again when the service refuses the kept token', async () => {
    renderApp(
      '/',
      (c) =>
        c.path === '/api/auth/me'
          ? { status: 401, body: { detail: 'The token has expired.', code: 'auth.expired' } }
          : c.path === '/api/dashboard'
            ? { body: dashboard }
            : undefined,
      {
        token: 'old',
      },
    );
    expect(await screen.findByText(/Your session has ended/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/signin?next=%2F');
    expect(localStorage.getItem('billwatch.token')).toBeNull();
  });
});
