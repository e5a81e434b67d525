import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brief, bill } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

describe('deep links', () => {
  it('answers an unknown path with a real not-found page', async () => {
    const { calls } = renderApp('/no/such/page', () => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(calls).toEqual([]);
  });

  it('opens a shared brief with the bill title, its cited points and Open Graph tags', async () => {
    const shared = {
      brief: {
        bill_id: bill.id,
        version: 1,
        type: 'full',
        summary: brief.summary,
        points: brief.points,
        topic_tags: [],
        method: 'llm',
        share_token: 'tok',
        created_at: brief.created_at,
      },
      bill: {
        id: bill.id,
        label: bill.label,
        title: bill.title,
        short_title: bill.short_title,
        chamber: 'house',
        introduced_date: null,
        latest_action_date: null,
        latest_action_text: null,
        bill_category: null,
        has_document: true,
        document_status: 'brief',
        topic_tags: [],
      },
    };
    const { router } = renderApp('/share/brief/tok', (c) =>
      c.path === '/api/share/brief/tok'
        ? { body: shared }
        : c.path === '/api/bills' || c.path === '/api/topics'
          ? { body: { items: [], next_cursor: null } }
          : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Rural Broadband Act' })).toBeInTheDocument();
    expect(screen.getByText('Funds broadband grants of $5 billion.')).toBeInTheDocument();
    expect(screen.getAllByText('From the text')).toHaveLength(2);
    expect(screen.getByText('Inference')).toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'H.R. 1: Rural Broadband Act');
    expect(document.head.querySelector('meta[property="og:description"]')).toHaveAttribute('content', brief.summary);
    expect(screen.getByRole('link', { name: /See the whole bill/ })).toHaveAttribute('href', `/bills/${bill.id}`);
    expect(document.title).toBe('H.R. 1: Rural Broadband Act · BillWatch');

    // The page's title and tags are React elements: they leave with the page.
    await act(() => router.navigate('/bills'));
    await screen.findByRole('heading', { level: 1, name: 'Bills' });
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.title).toBe('Bills · BillWatch');
  });

  it('shows the guest home page with Most Popular and where its ranking comes from', async () => {
    renderApp('/', (c) =>
      c.path === '/api/dashboard'
        ? {
            body: {
              personalized: false,
              most_popular: { title: 'Most Popular', trending_source: 'scores', window_days: 7, items: [{ ...bill, score: 81 }] },
            },
          }
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Most Popular' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'H.R. 1: Rural Broadband Act' })).toHaveAttribute('href', `/bills/${bill.id}`);
    expect(screen.getByText('Public-interest score: 81 of 100')).toBeInTheDocument();
    expect(screen.getByText(/over the last 7 days/)).toBeInTheDocument();
  });

  it('moves the focus to the new page heading on navigation, and names the tab', async () => {
    const user = userEvent.setup();
    renderApp('/no/such/page', (c) =>
      c.path === '/api/bills' ? { body: { items: [], next_cursor: null } } : c.path === '/api/topics' ? { body: { items: [], next_cursor: null } } : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await user.click(within(screen.getByRole('navigation', { name: 'Site' })).getByRole('link', { name: 'Bills' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Bills' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Bills · BillWatch');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});
