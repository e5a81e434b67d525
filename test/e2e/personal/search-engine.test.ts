/**
 * GET /api/search over HTTP against the local stack, answered from the search
 * engine: bills seeded in the table, an admin rebuild (POST
 * /api/admin/search/rebuild, run by the local stack's search-index pump into a
 * snapshot in the local S3), then ranked search with phrases, every filter,
 * date sort and cursor paging.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { manifestEtag } from '#shared/adapters/search/index-store.ts';
import { seedBill, seedBrief } from '#test/support/personal-seed.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();

type Query = Record<string, string | number | boolean>;
const search = (query: Query) => api().request('GET', '/api/search', { query: query as { q: string } });
const billIds = async (query: Query) => (await search(query)).body.bills.map((b) => b.id);

beforeAll(async () => {
  await Promise.all([
    seedBill(119, 'hr', 11, { title: 'Rural Broadband Expansion Act', latest_action_date: '2025-06-01', has_document: true }),
    seedBill(118, 's', 12, {
      title: 'Broadband for rural schools',
      chamber: 'senate',
      latest_action_date: '2023-03-01',
      sponsor_id: 'S000012',
      status: 'REPORTED',
    }),
    seedBill(119, 'hres', 13, { title: 'Honoring broadband line workers in rural towns', latest_action_date: '2025-02-01' }),
  ]);
  await seedBrief('119-hres-13', ['telecommunications']);
  const admin = await signUp(api(), 'search-admin');
  const rebuild = await api().request('POST', '/api/admin/search/rebuild', { token: admin });
  expect(rebuild.status).toBe(202);
  // The pump runs the rebuild. Nothing searches until its manifest is written: a search before it would load
  // the empty index and keep it until the container's next sync (SYNC_MS, 15 s), the wait this file once paid.
  await vi.waitUntil(manifestEtag, { timeout: 60_000, interval: 100 });
  await vi.waitUntil(async () => (await billIds({ q: 'broadband' })).length === 3, { timeout: 60_000, interval: 100 });
}, 90_000);

describe('search over the engine', () => {
  it('ranks bills by relevance over titles and brief, with the total', async () => {
    const res = await search({ q: 'rural broadband' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.bills.map((b) => b.id)).toEqual(expect.arrayContaining(['119-hr-11', '118-s-12', '119-hres-13']));
  });

  it('matches a quoted phrase only where its words are adjacent', async () => {
    expect((await billIds({ q: '"rural broadband"' })).sort()).toEqual(['119-hr-11']);
  });

  it('says which passage matched, with the words marked', async () => {
    const res = await search({ q: 'thing' });
    expect(res.body.bills).toEqual([
      expect.objectContaining({ id: '119-hres-13', match: { section: 'Brief', snippet: expect.stringContaining('<mark>thing.</mark>') } }),
    ]);
  });

  it.each<[string, Query, string[]]>([
    ['congress', { congress: 118 }, ['118-s-12']],
    ['chamber', { chamber: 'senate' }, ['118-s-12']],
    ['type', { type: 'hres' }, ['119-hres-13']],
    ['status', { status: 'REPORTED' }, ['118-s-12']],
    ['topic', { topic: 'telecommunications' }, ['119-hres-13']],
    ['sponsor_id', { sponsor_id: 'S000012' }, ['118-s-12']],
    ['has_document', { has_document: 'false' }, ['118-s-12']],
    ['from and to', { from: '2025-01-01', to: '2025-03-01' }, ['119-hres-13']],
  ])('filters by %s', async (_, filters, expected) => {
    expect(await billIds({ q: 'broadband', ...filters })).toEqual(expected);
  });

  it('sorts by date and pages with a cursor; a foreign cursor is a 422', async () => {
    const first = await search({ q: 'broadband', sort: 'date', limit: 2 });
    expect(first.body.bills.map((b) => b.id)).toEqual(['119-hr-11', '119-hres-13']);
    const second = await search({ q: 'broadband', sort: 'date', limit: 2, cursor: first.body.next_cursor ?? '' });
    expect(second.body).toMatchObject({ total: 3, next_cursor: null });
    expect(second.body.bills.map((b) => b.id)).toEqual(['118-s-12']);
    expect((await search({ q: 'broadband', cursor: 'not-a-cursor' })).status).toBe(422);
    expect((await search({ q: 'broadband', status: 'NOT_A_STATUS' })).status).toBe(422);
  });
});
