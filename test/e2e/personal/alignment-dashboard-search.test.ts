// Alignment, dashboard, search and topics over HTTP against the local stack.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBill, seedBrief, seedMember, seedRollCall, seedTrendScore } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
let voter = '';
let loner = '';

beforeAll(async () => {
  await Promise.all([
    seedBill(119, 'hr', 1, { title: 'Farm Security Act', latest_action_date: '2025-06-01' }),
    seedBill(119, 's', 5, { title: 'Clean Water Act', latest_action_date: '2025-05-01' }),
    seedBill(119, 'hr', 2, { title: 'Postal Naming Act', latest_action_date: '2025-07-01' }),
    seedMember('A000001', 'Smith, Jane'),
    seedMember('B000002', 'Jones, Robert', { party: 'R' }),
    seedMember('C000003', 'Lee, Anna', { chamber: 'senate', district: null }),
  ]);
  await seedBrief('119-hr-1', ['agriculture-and-food']);
  // Stances are taken "now"; votes dated 2020 come before them, votes dated 2030 after.
  await seedRollCall({ billId: '119-hr-1', roll: 10, date: '2020-01-15', question: 'On Passage', positions: { A000001: 'Yea', B000002: 'Nay' } });
  await seedRollCall({ billId: '119-hr-1', roll: 11, date: '2030-01-15', question: 'On Motion to Recommit', positions: { A000001: 'Nay', B000002: 'Yea' } });
  await seedRollCall({ billId: '119-hr-1', roll: 12, date: '2030-01-16', question: 'On Passage', positions: { A000001: 'Yea', B000002: 'Nay' } });
  await seedRollCall({
    billId: '119-s-5',
    roll: 13,
    chamber: 'senate',
    date: '2030-02-01',
    question: 'On Passage of the Bill',
    positions: { A000001: 'Nay', B000002: 'Not Voting' },
  });
  await seedRollCall({ billId: '119-hr-2', roll: 14, date: '2030-03-01', question: 'On Passage', positions: { A000001: 'Nay' } });
  [voter, loner] = await Promise.all([signUp(api(), 'voter'), signUp(api(), 'loner')]);
  const follow = (body: Record<string, unknown>) => api().request('POST', '/api/follows', { token: voter, body });
  await follow({ target_type: 'bill', target_id: '119-hr-1', follow_mode: 'hold_boost' });
  await follow({ target_type: 'bill', target_id: '119-s-5', follow_mode: 'hold_veto' });
  await follow({ target_type: 'bill', target_id: '119-hr-2' });
  for (const id of ['C000003', 'B000002', 'A000001']) await follow({ target_type: 'member', target_id: id });
  await follow({ target_type: 'topic', target_id: 'agriculture-and-food' });
});

describe('alignment', () => {
  it('ranks followed members by every passage vote on their stanced bills, split before and after the stance', async () => {
    const res = await api().request('GET', '/api/alignment', { token: voter });
    expect(res.status).toBe(200);
    expect(res.body.stanced_bills).toBe(2);
    expect(res.body.items.map((i) => i.member_id)).toEqual(['A000001', 'B000002', 'C000003']);
    const [smith, jones, lee] = res.body.items;
    expect(smith).toMatchObject({
      comparable: true,
      alignment: { compared: 3, matched: 3, percent: 100 },
      before_stance: { compared: 1, matched: 1 },
      after_stance: { compared: 2, matched: 2 },
      procedural_votes: 1,
    });
    expect(smith?.votes.map((v) => [v.vote_id, v.bucket, v.timing])).toEqual([
      ['senate-119-1-13', 'counted', 'after_stance'],
      ['house-119-1-12', 'counted', 'after_stance'],
      ['house-119-1-11', 'procedural', 'after_stance'],
      ['house-119-1-10', 'counted', 'before_stance'],
    ]);
    expect(smith?.votes[0]?.bill_label).toBe('S. 5');
    expect(jones).toMatchObject({
      comparable: true,
      alignment: { compared: 2, matched: 0, percent: 0 },
      before_stance: { compared: 1, matched: 0 },
      not_voting: 1,
    });
    expect(lee).toMatchObject({ comparable: false, alignment: { compared: 0, percent: null } });
    expect(lee?.note).toMatch(/No comparable votes/);
  });

  it('answers an empty list to a user who follows no members, and 401 to guests', async () => {
    const res = await api().request('GET', '/api/alignment', { token: loner });
    expect(res.body.items).toEqual([]);
    expect((await api().request('GET', '/api/alignment')).status).toBe(401);
  });
});

describe('dashboard', () => {
  it('gives guests Most Popular by recent activity while no scores exist, and says so', async () => {
    const res = await api().request('GET', '/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.personalized).toBe(false);
    expect(res.body.most_popular).toMatchObject({ title: 'Most Popular', trending_source: 'recent_activity', window_days: null });
    expect(res.body.most_popular.items.map((b) => b.id)).toEqual(['119-hr-2', '119-hr-1', '119-s-5']);
    expect(res.body.followed_bills).toBeUndefined();
  });

  it('treats an invalid token as a guest on the dashboard', async () => {
    const res = await api().request('GET', '/api/dashboard', { token: 'not.a.token' });
    expect(res.status).toBe(200);
    expect(res.body.personalized).toBe(false);
  });

  it('gives users their followed bills, members with recent votes, and topics', async () => {
    const res = await api().request('GET', '/api/dashboard', { token: voter });
    expect(res.body.personalized).toBe(true);
    expect(res.body.followed_bills?.map((b) => [b.id, b.follow_mode])).toEqual([
      ['119-hr-2', 'neutral'],
      ['119-hr-1', 'hold_boost'],
      ['119-s-5', 'hold_veto'],
    ]);
    const smith = res.body.followed_members?.find((m) => m.member.id === 'A000001');
    expect(smith?.recent_votes.map((v) => v.vote_id)).toEqual(['house-119-1-14', 'senate-119-1-13', 'house-119-1-12']);
    expect(res.body.followed_topics).toEqual(['agriculture-and-food']);
  });

  it('uses stored trend scores once they exist, widening the window until it finds them', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await seedTrendScore('119-s-5', threeDaysAgo, 80);
    await seedTrendScore('119-hr-1', threeDaysAgo, 45.5);
    const res = await api().request('GET', '/api/dashboard');
    expect(res.body.most_popular).toMatchObject({ trending_source: 'scores', window_days: 3 });
    expect(res.body.most_popular.items.map((b) => [b.id, b.score])).toEqual([
      ['119-s-5', 80],
      ['119-hr-1', 45.5],
    ]);
  });
});

describe('search and topics', () => {
  it.each(['H.R. 1', 'HR1', 'hr 1', '119-hr-1'])('finds a bill by its number written as "%s"', async (q) => {
    const res = await api().request('GET', '/api/search', { query: { q } });
    expect(res.status).toBe(200);
    expect(res.body.bills.map((b) => b.id)).toContain('119-hr-1');
  });

  // Bills by words: ./search-engine.test.ts (the engine's index is built by the search-index pump).
  it('finds members by either name form', async () => {
    for (const q of ['Jane Smith', 'Smith, Jane', 'smith']) {
      const res = await api().request('GET', '/api/search', { query: { q } });
      expect(res.body.members.map((m) => m.id)).toEqual(['A000001']);
    }
  });

  it('finds topics and lists topics with bill counts', async () => {
    const res = await api().request('GET', '/api/search', { query: { q: 'agriculture' }, token: voter });
    expect(res.body.topics).toEqual([{ topic: 'agriculture-and-food', bill_count: 1 }]);
    const topics = await api().request('GET', '/api/topics');
    expect(topics.body.items).toEqual([{ topic: 'agriculture-and-food', bill_count: 1 }]);
  });

  it('accepts 500 characters and answers 422 for 501; an empty query finds nothing', async () => {
    // 500 characters in words an index can hold (a single 500-letter word is a 422 of its own: normalised-key-limits).
    expect((await api().request('GET', '/api/search', { query: { q: 'farm '.repeat(100) } })).status).toBe(200);
    const long = await api().request('GET', '/api/search', { query: { q: 'a'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(long.body.errors?.[0]?.path).toBe('query.q');
    const empty = await api().request('GET', '/api/search', { query: { q: '' } });
    expect(empty.body).toMatchObject({ bills: [], members: [], topics: [] });
  });
});
