// The change feeds over HTTP against the local stack: GET /api/bills and
// /api/members with sort=updated_asc and changed_since return exactly the
// records whose content changed after the given time, oldest change first,
// and a crawler resumes by cursor or by the last updated_at it saw. A write
// that leaves the content as it was moves nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { setBillCategory, setBillStatus } from '#shared/adapters/db/bills.repository.ts';
import { saveMemberScore } from '#shared/adapters/db/effectiveness.repository.ts';
import { seedBill, seedMember } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';

const e2e = useLocalStack();
const api = () => e2e.client();

/** A moment strictly after every write so far (updated_at has millisecond resolution). */
async function mark(): Promise<string> {
  await new Promise((r) => setTimeout(r, 3));
  const at = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 3));
  return at;
}

type FeedItem = { id: string; updated_at: string | null };

/** Every item of a feed from `since`, following next_cursor a page of `limit` at a time. */
async function crawl(path: '/api/bills' | '/api/members', query: Record<string, string>, limit = 2): Promise<FeedItem[]> {
  const seen: FeedItem[] = [];
  let cursor: string | undefined;
  do {
    const res = await api().request('GET', path, { query: { ...query, sort: 'updated_asc', limit: String(limit), ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    seen.push(...(res.body.items as FeedItem[]));
    cursor = res.body.next_cursor ?? undefined;
  } while (cursor);
  return seen;
}

beforeAll(async () => {
  await Promise.all([1, 2, 3, 4].map((n) => seedBill(119, 'hr', 100 + n)));
  await seedBill(118, 'hr', 100);
  await seedMember('C000001', 'Carter, Cora');
});

describe('the bill change feed', () => {
  it('returns exactly the bills whose content changed after changed_since, oldest change first, and not after a write that changed nothing', async () => {
    const since = await mark();
    await setBillCategory('119-hr-103', 'substantive');
    await mark();
    await setBillCategory('119-hr-101', 'substantive');
    // The same status again: an internal write, no new content.
    const before = (await api().request('GET', '/api/bills/119-hr-102')).body;
    await setBillStatus('119-hr-102', { status: before.status, status_timeline: before.status_timeline });

    const feed = await api().request('GET', '/api/bills', { query: { congress: '119', changed_since: since } });
    expect(feed.status).toBe(200);
    expect(feed.body.items.map((b) => b.id)).toEqual(['119-hr-103', '119-hr-101']);
    const [first, second] = feed.body.items;
    expect(first?.updated_at && second?.updated_at && first.updated_at < second.updated_at).toBe(true);
    expect(first?.bill_category).toBe('substantive');
  });

  it('pages the whole feed of a Congress by cursor, each bill once, and resumes from the last updated_at seen', async () => {
    const all = await crawl('/api/bills', { congress: '119' });
    expect(all.map((b) => b.id).sort()).toEqual(['119-hr-101', '119-hr-102', '119-hr-103', '119-hr-104']);
    const times = all.map((b) => b.updated_at ?? '');
    expect([...times].sort()).toEqual(times);

    const resumeFrom = times.at(-1) ?? '';
    expect(await crawl('/api/bills', { congress: '119', changed_since: resumeFrom })).toEqual([]);
    await mark();
    await setBillCategory('119-hr-104', 'commemorative');
    expect((await crawl('/api/bills', { congress: '119', changed_since: resumeFrom })).map((b) => b.id)).toEqual(['119-hr-104']);
  });

  it('narrows to one Congress with congress; without it, the feed crosses every Congress in one order, resumable by cursor and by changed_since', async () => {
    expect((await crawl('/api/bills', { congress: '118' })).map((b) => b.id)).toEqual(['118-hr-100']);

    const every = await crawl('/api/bills', {});
    expect(every.map((b) => b.id).sort()).toEqual(['118-hr-100', '119-hr-101', '119-hr-102', '119-hr-103', '119-hr-104']);
    const times = every.map((b) => b.updated_at ?? '');
    expect([...times].sort()).toEqual(times);
    expect(await crawl('/api/bills', {}, 1)).toEqual(every);

    const since = await mark();
    await setBillCategory('118-hr-100', 'commemorative');
    await mark();
    await setBillCategory('119-hr-102', 'commemorative');
    expect((await crawl('/api/bills', { changed_since: since })).map((b) => b.id)).toEqual(['118-hr-100', '119-hr-102']);
    // A cursor of the cross-Congress feed is not one of a Congress's feed.
    const page = await api().request('GET', '/api/bills', { query: { sort: 'updated_asc', limit: '1' } });
    const foreign = await api().request('GET', '/api/bills', { query: { sort: 'updated_asc', congress: '119', cursor: page.body.next_cursor ?? '' } });
    expect(foreign.status).toBe(422);
  });

  it('answers 422 for a feed with another filter, or a malformed changed_since', async () => {
    const filtered = await api().request('GET', '/api/bills', { query: { congress: '119', sort: 'updated_asc', chamber: 'house' } });
    expect(filtered.status).toBe(422);
    expect(filtered.body.errors?.[0]?.path).toBe('query.chamber');
    const acrossFiltered = await api().request('GET', '/api/bills', { query: { sort: 'updated_asc', chamber: 'house' } });
    expect(acrossFiltered.status).toBe(422);
    const malformed = await api().request('GET', '/api/bills', { query: { congress: '119', changed_since: 'yesterday' } });
    expect(malformed.status).toBe(422);
  });
});

describe('the member change feed', () => {
  it('lists a member again once their content changes, and not for a recomputation that changed nothing', async () => {
    const scores = {
      effectiveness_score: 50,
      percentile: 50,
      tier: 'middle',
      seniority_tier: 'junior',
      effectiveness_computed_at: new Date().toISOString(),
    } as const;
    await saveMemberScore('C000001', scores);
    const since = await mark();
    await saveMemberScore('C000001', { ...scores, effectiveness_computed_at: new Date().toISOString() });
    expect(await crawl('/api/members', { changed_since: since })).toEqual([]);
    await saveMemberScore('C000001', { ...scores, effectiveness_score: 70 });
    expect((await crawl('/api/members', { changed_since: since })).map((m) => m.id)).toEqual(['C000001']);
  });
});
