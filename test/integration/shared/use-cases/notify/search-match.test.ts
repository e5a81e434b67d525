/**
 * Saved searches that alert, on DynamoDB Local and fauxqs: `search` follows
 * made over the API, a new bill indexed with `match` (the indexer's real
 * path), its search_match messages run by the dispatch worker. Then the
 * whole of it again, as after a crash between indexing and notifying (the
 * search-index message is retried): nobody is told twice. A user with two
 * matching searches hears once; a follower of the bill hears nothing from
 * their search; an alert filter on search_match holds it back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { handler as personal } from '#functions/api/personal.ts';
import { indexBills } from '#shared/use-cases/bills/search-indexing.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { SearchMatchEvent } from '#shared/adapters/messaging/messages.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { dispatch, drainDispatchQueue, seedBill } from '#test/support/notify-harness.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const BILL = '119-hr-8123';
const users: Record<string, { id: string; token: string }> = {};

async function signUp(name: string, prefs: Record<string, unknown>): Promise<void> {
  const email = `${name}-search@example.org`;
  const { id, token } = await newAccount(email);
  users[name] = { id, token };
  const res = await call(notifications, 'PUT', '/api/notifications/settings', { token: users[name]?.token, body: { rss_enabled: true, ...prefs } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function follow(name: string, body: Record<string, unknown>): Promise<void> {
  const res = await call(personal, 'POST', '/api/follows', { token: users[name]?.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const searchMatches = async (name: string) => (await listHistory(users[name]?.id ?? '', 50)).items.filter((n) => n.kind === 'search_match');

/** Indexes the bill as a new one and runs what the dispatcher is sent; returns the search_match messages. */
async function indexAndDispatch(now: Date): Promise<SearchMatchEvent[]> {
  const result = await indexBills([BILL], now, { match: true });
  expect(result.indexed).toBe(1);
  const sent = (await drainDispatchQueue()).map((m) => SearchMatchEvent().parse(m));
  if (sent.length > 0) await dispatch(sent);
  return sent;
}

let first: SearchMatchEvent[] = [];
let retried: SearchMatchEvent[] = [];

beforeAll(async () => {
  await signUp('searcher', {});
  await signUp('fan', {});
  await signUp('muted', { alert_filters: { neutral: { search_match: false } } });
  await follow('searcher', { target_type: 'search', target_id: 'orchard pollinator', filters: { congress: 119 } });
  await follow('searcher', { target_type: 'search', target_id: '"pollinator habitat"' });
  await follow('fan', { target_type: 'search', target_id: 'orchard pollinator', filters: { congress: 119 } });
  await follow('muted', { target_type: 'search', target_id: 'pollinator' });
  await follow('searcher', { target_type: 'search', target_id: 'pollinator', filters: { chamber: 'senate' } });
  await seedBill(BILL, { title: 'Orchard Pollinator Habitat Act', label: 'H.R. 8123', topic_tags: [] });
  await follow('fan', { target_type: 'bill', target_id: BILL });
  await drainDispatchQueue();

  first = await indexAndDispatch(new Date());
  // The search-index message is delivered again (the worker died after notifying): index, match and dispatch once more.
  retried = await indexAndDispatch(new Date(Date.now() + 60_000));
}, 120_000);

describe('a new bill that matches saved searches', () => {
  it('sends one search_match per matching search, the same on a retry', () => {
    expect(first.map((m) => m.query).sort()).toEqual(['"pollinator habitat"', 'orchard pollinator', 'pollinator']);
    expect(first.every((m) => m.bill_id === BILL && m.version === 'none' && m.section === 'Title')).toBe(true);
    expect(retried.map((m) => [m.event_id, m.occurred_at])).toEqual(first.map((m) => [m.event_id, m.occurred_at]));
  });

  it('tells a user with two matching searches once, with the passage, even after the retry', async () => {
    const found = await searchMatches('searcher');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ bill_id: BILL, action_category: 'search_match', channels: { rss: 'sent' } });
    expect(found[0]?.search_match?.snippet).toContain('<mark>Pollinator</mark>');
  });

  it('tells a follower of the bill nothing through their search, and holds it back for an alert filter', async () => {
    expect(await searchMatches('fan')).toEqual([]);
    expect(await searchMatches('muted')).toEqual([]);
  });
});
