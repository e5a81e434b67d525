/**
 * A saved search that alerts, end to end over HTTP against the local stack and
 * its queue pumps, offline from the recorded dataset: a user follows a search
 * (POST /api/follows, target_type search, with a filter); the stack saves the
 * text versions of H.J.Res. 37 (document-fetch replays them); the indexer
 * indexes the new version and matches it; the dispatcher records a
 * search_match naming the section of the text that matched. A user who
 * follows the bill as well as a matching search is told by the bill follow
 * alone, and a search whose filter the bill fails tells nobody.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { signUp } from '../support/accounts.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

delete process.env.CONGRESS_API_KEY;
process.env.REPLAY_HAR = SEED_HAR_PATH;
const e2e = useLocalStack({ pumps: true });
const api = () => e2e.client();
const BILL = '116-hjres-37';
/** Words of SEC. 3 of the bill's second version (rfs) alone: not in its title or first version. */
const QUERY = 'counterintelligence investigative';

type History = { kind: string; bill_id: string | null; search_match?: { query: string; section: string; snippet: string; version: string } | null }[];
const history = async (token: string): Promise<History> => (await api().request('GET', '/api/notifications/history', { token })).body.items as History;

/** How the tests poll for what the pumps do in the background (a read that throws ends the wait at once). */
const POLL = { timeout: 60_000, interval: 100 };

let searcher = '';
let billFollower = '';
let otherCongress = '';

beforeAll(async () => {
  [searcher, billFollower, otherCongress] = await Promise.all([signUp(api(), 'saved-search'), signUp(api(), 'bill-and-search'), signUp(api(), 'filtered')]);
  for (const token of [searcher, billFollower, otherCongress]) {
    const settings = await api().request('PUT', '/api/notifications/settings', { token, body: { rss_enabled: true } });
    expect(settings.status).toBe(200);
  }
  await seedBill(116, 'hjres', 37, {
    title: 'Directing the removal of United States Armed Forces from hostilities in the Republic of Yemen that have not been authorized by Congress.',
    chamber: 'house',
    introduced_date: '2019-01-30',
    latest_action_date: '2019-02-13',
  });
}, 60_000);

describe('a search follow', () => {
  it('is saved with its filters, listed, and refuses filters on another kind', async () => {
    const created = await api().request('POST', '/api/follows', {
      token: searcher,
      body: { target_type: 'search', target_id: `  ${QUERY} `, filters: { congress: 116, has_document: true } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ target_type: 'search', follow_mode: null, search: { q: QUERY, filters: { congress: 116, has_document: true } } });
    expect(created.body.id).toMatch(/^search:[0-9a-f]{20}$/u);
    // The same query and filters again are the same follow.
    const again = await api().request('POST', '/api/follows', {
      token: searcher,
      body: { target_type: 'search', target_id: QUERY.toUpperCase(), filters: { has_document: true, congress: 116 } },
    });
    expect(again).toMatchObject({ status: 200, body: { id: created.body.id } });
    const listed = await api().request('GET', '/api/follows', { token: searcher, query: { target_type: 'search' } });
    expect(listed.body.items.map((f) => f.id)).toEqual([created.body.id]);

    const wrong = await api().request('POST', '/api/follows', {
      token: searcher,
      body: { target_type: 'topic', target_id: 'health', filters: { congress: 116 } },
    });
    expect(wrong).toMatchObject({ status: 422, body: { code: 'follow.filters_not_applicable' } });
    const empty = await api().request('POST', '/api/follows', { token: searcher, body: { target_type: 'search', target_id: '"" --' } });
    expect(empty).toMatchObject({ status: 422, body: { code: 'follow.invalid_target' } });

    for (const body of [
      { target_type: 'search', target_id: QUERY },
      { target_type: 'bill', target_id: BILL },
    ] as const) {
      expect((await api().request('POST', '/api/follows', { token: billFollower, body })).status).toBe(201);
    }
    const filtered = await api().request('POST', '/api/follows', {
      token: otherCongress,
      body: { target_type: 'search', target_id: QUERY, filters: { congress: 118 } },
    });
    expect(filtered.status).toBe(201);
  });

  it('receives a search_match naming the section when the stack saves a text version that matches', async () => {
    await sendMessage('document-fetch', { v: 1, type: 'fetch_bill_text', bill_id: BILL, reason: 'action' });

    const items = await vi.waitUntil(async () => {
      const h = await history(searcher);
      return h.some((n) => n.kind === 'search_match') && h;
    }, POLL);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'search_match',
        bill_id: BILL,
        search_match: expect.objectContaining({
          query: QUERY,
          version: 'rfs',
          section: 'Sec. 4', // the real RFS text's rule of construction on intelligence sharing
          snippet: expect.stringContaining('<mark>counterintelligence,</mark> or <mark>investigative</mark>'),
        }),
      }),
    ]);
  });

  it('tells a follower of the bill once, through the bill, and nobody whose filter the bill fails', async () => {
    // The bill follower hears of the new text through the brief (new_document); by then any search_match would be recorded.
    const items = await vi.waitUntil(async () => {
      const h = await history(billFollower);
      return h.some((n) => n.kind === 'new_document') && h;
    }, POLL);
    expect(items.map((n) => n.kind)).toContain('new_document');
    expect(items.map((n) => n.kind)).not.toContain('search_match');
    expect(await history(otherCongress)).toEqual([]);
  });

  it('is unfollowed by its id', async () => {
    const listed = await api().request('GET', '/api/follows', { token: searcher, query: { target_type: 'search' } });
    const id = listed.body.items[0]?.id ?? '';
    expect((await api().request('DELETE', `/api/follows/${encodeURIComponent(id)}`, { token: searcher })).status).toBe(204);
    expect((await api().request('GET', '/api/follows', { token: searcher, query: { target_type: 'search' } })).body.items).toEqual([]);
  });
});
