import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { paths } from '../../../typescript/index.ts';
import { snippetParts } from '../components/MatchSnippet.tsx';
import { renderApp, type FakeCall } from '../test/render.tsx';

type Hit = paths['/api/search']['get']['responses'][200]['content']['application/json']['bills'][number];

const hit = (n: number, match: Hit['match'] = null): Hit => ({
  id: `119-hr-${n}`,
  label: `H.R. ${n}`,
  title: `Broadband bill ${n}`,
  short_title: null,
  chamber: 'house',
  introduced_date: '2025-01-03',
  latest_action_date: '2025-01-03',
  latest_action_text: null,
  bill_category: 'substantive',
  has_document: true,
  document_status: 'brief',
  topic_tags: [],
  match,
});

const searches = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/search').map((c) => Object.fromEntries(new URLSearchParams(c.search)));

function searchApi(call: FakeCall) {
  if (call.path === '/api/topics') return { body: { items: [{ topic: 'broadband', bill_count: 3 }], next_cursor: null } };
  if (call.path !== '/api/search') return undefined;
  const cursor = new URLSearchParams(call.search).get('cursor');
  return {
    body: cursor
      ? { q: 'broadband', bills: [hit(3)], total: 3, next_cursor: null, members: [], topics: [] }
      : {
          q: 'broadband',
          bills: [hit(1, { section: 'Sec. 3', snippet: '… grants for <mark>broadband</mark> in towns &lt;10,000 &amp; tribal lands …' }), hit(2)],
          total: 3,
          next_cursor: 'c2',
          members: [],
          topics: [{ topic: 'broadband', bill_count: 3 }],
        },
  };
}

describe('the search page', () => {
  it('shows the total, each hit with the section that matched and its words highlighted, and pages with the cursor', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/search?q=broadband', searchApi);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bills (3)' })).toBeInTheDocument();
    expect(screen.getByText(/3 bills match, most relevant first; showing 2\./)).toBeInTheDocument();
    const first = screen.getByRole('link', { name: 'H.R. 1: Broadband bill 1' }).closest('article')!;
    expect(within(first).getByText('Matched in Sec. 3:')).toBeInTheDocument();
    const marks = first.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['broadband']);
    expect(first).toHaveTextContent('in towns <10,000 & tribal lands');

    await user.click(screen.getByRole('button', { name: 'Show more bills' }));
    expect(await screen.findByRole('link', { name: 'H.R. 3: Broadband bill 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more bills' })).not.toBeInTheDocument();
    expect(searches(calls).map((s) => s.cursor ?? null)).toEqual([null, 'c2']);
  });

  it('sends every filter and the sort from the URL, and a filter changed on the page applies at once', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp(
      '/search?q=broadband&congress=119&chamber=house&type=hr&status=INTRODUCED&topic=broadband&sponsor_id=P000197&has_document=true&from=2025-01-01&to=2025-12-31&sort=date',
      searchApi,
    );
    expect(await screen.findByText(/newest action first; showing 2/)).toBeInTheDocument();
    expect(searches(calls)[0]).toEqual({
      q: 'broadband',
      limit: '20',
      congress: '119',
      chamber: 'house',
      type: 'hr',
      status: 'INTRODUCED',
      topic: 'broadband',
      sponsor_id: 'P000197',
      has_document: 'true',
      from: '2025-01-01',
      to: '2025-12-31',
      sort: 'date',
    });
    const filters = screen.getByRole('form', { name: 'Filter and sort bills' });
    expect(within(filters).getByRole('combobox', { name: 'Sort bills by' })).toHaveValue('date');
    expect(within(filters).getByLabelText('Latest action from')).toHaveValue('2025-01-01');
    expect(within(filters).getByText(/Only bills sponsored by member P000197/)).toBeInTheDocument();

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Chamber' }), 'senate');
    expect(router.state.location.search).toContain('chamber=senate');
    await screen.findByText(/newest action first/);
    expect(searches(calls).at(-1)).toMatchObject({ chamber: 'senate', q: 'broadband' });

    await user.click(within(filters).getByRole('button', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('?q=broadband');
  });

  it('says nothing matches with the filters on, and suggests removing one', async () => {
    renderApp('/search?q=zzz&congress=90', (c) =>
      c.path === '/api/search' ? { body: { q: 'zzz', bills: [], total: 0, next_cursor: null, members: [], topics: [] } } : searchApi(c),
    );
    expect(await screen.findByText(/Nothing matches “zzz” with these filters\. Remove a filter/)).toBeInTheDocument();
  });

  it("shows the service's detail for a refused search", async () => {
    renderApp('/search?q=x&from=2025-01-01', (c) =>
      c.path === '/api/search'
        ? { status: 422, body: { detail: 'Invalid query.q: has a word longer than 64 letters once normalised', code: 'search.word_too_long' } }
        : searchApi(c),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('has a word longer than 64 letters');
  });
});

describe('a search snippet', () => {
  it('splits the marked words out and unescapes the rest as plain text, never markup', () => {
    expect(snippetParts('a <mark>tax</mark> &amp; <b>x</b> &lt;script&gt; <mark>credit</mark>')).toEqual([
      { text: 'a ', marked: false },
      { text: 'tax', marked: true },
      { text: ' & <b>x</b> <script> ', marked: false },
      { text: 'credit', marked: true },
    ]);
  });
});
