// Collections and the public share router over HTTP against the local stack.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { seedBill, seedBrief } from '#test/support/personal-seed.ts';
import { useLocalStack } from '../support/e2e-stack.ts';
import { signUp } from '../support/accounts.ts';

const e2e = useLocalStack();
const api = () => e2e.client();
let alice = '';
let brief: Brief;

beforeAll(async () => {
  await Promise.all([seedBill(119, 'hr', 1, { title: 'Farm Security Act' }), seedBill(119, 'hr', 2), seedBill(119, 's', 5)]);
  brief = await seedBrief('119-hr-1', ['agriculture-and-food']);
  alice = await signUp(api(), 'alice');
});

const create = (name: unknown, extra: Record<string, unknown> = {}) => api().request('POST', '/api/collections', { token: alice, body: { name, ...extra } });

describe('collections', () => {
  it('creates a private collection with a trimmed name, a slug and a UUID share token', async () => {
    const res = await create('  Farm Bills 2025! ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Farm Bills 2025!', slug: 'farm-bills-2025', is_public: false, bill_count: 0 });
    expect(res.body.share_token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('validates the name: 422 for empty, too long, control characters or missing; 409 for a name the owner uses', async () => {
    for (const bad of ['   ', 'x'.repeat(101), 'bad\u0007name']) {
      const res = await create(bad);
      expect(res.status).toBe(422);
      expect(res.body.errors?.[0]?.path).toBe('body.name');
    }
    expect((await api().request('POST', '/api/collections', { token: alice, body: {} })).status).toBe(422);
    const dup = await create('farm  bills 2025!');
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('collection.name_taken');
  });

  it('adds bills once (a repeat is a no-op), lists them, removes them, and counts them', async () => {
    const c = (await create('Watchlist')).body;
    const add = await api().request('PUT', `/api/collections/${c.id}/bills/119-hr-1`, { token: alice });
    expect(add.status).toBe(200);
    expect(add.body.added).toBe(true);
    const again = await api().request('PUT', `/api/collections/${c.id}/bills/119-hr-1`, { token: alice });
    expect(again.body.added).toBe(false);
    await api().request('PUT', `/api/collections/${c.id}/bills/119-s-5`, { token: alice });
    const read = await api().request('GET', `/api/collections/${c.id}`, { token: alice });
    expect(read.body.bill_count).toBe(2);
    expect(read.body.bills?.items.map((b) => b.id).sort()).toEqual(['119-hr-1', '119-s-5']);
    expect((await api().request('DELETE', `/api/collections/${c.id}/bills/119-s-5`, { token: alice })).status).toBe(204);
    expect((await api().request('DELETE', `/api/collections/${c.id}/bills/119-s-5`, { token: alice })).status).toBe(404);
    expect((await api().request('PUT', `/api/collections/${c.id}/bills/119-hr-7777`, { token: alice })).status).toBe(404);
    expect((await api().request('PUT', `/api/collections/${c.id}/bills/nonsense`, { token: alice })).status).toBe(422);
    const after = await api().request('GET', `/api/collections/${c.id}`, { token: alice });
    expect(after.body.bill_count).toBe(1);
  });

  it('pages bills of a collection and lists the owner collections', async () => {
    const c = (await create('Paged')).body;
    for (const id of ['119-hr-1', '119-hr-2', '119-s-5']) await api().request('PUT', `/api/collections/${c.id}/bills/${id}`, { token: alice });
    const page1 = await api().request('GET', `/api/collections/${c.id}`, { token: alice, query: { limit: '2' } });
    expect(page1.body.bills?.items).toHaveLength(2);
    const cursor = page1.body.bills?.next_cursor ?? '';
    const page2 = await api().request('GET', `/api/collections/${c.id}`, { token: alice, query: { limit: '2', cursor } });
    expect(page2.body.bills?.items).toHaveLength(1);
    const list = await api().request('GET', '/api/collections', { token: alice });
    expect(list.body.items.map((x) => x.name).sort()).toEqual(['Farm Bills 2025!', 'Paged', 'Watchlist']);
  });

  it('renames (freeing the old name), refuses a taken name, and deletes with everything in it', async () => {
    const c = (await create('Old name')).body;
    const renamed = await api().request('PATCH', `/api/collections/${c.id}`, { token: alice, body: { name: 'New name' } });
    expect(renamed.body).toMatchObject({ name: 'New name', slug: 'new-name' });
    expect((await create('Old name')).status).toBe(201);
    const clash = await api().request('PATCH', `/api/collections/${c.id}`, { token: alice, body: { name: 'watchlist' } });
    expect(clash.status).toBe(409);
    expect((await api().request('PATCH', `/api/collections/${c.id}`, { token: alice, body: {} })).status).toBe(422);
    await api().request('PUT', `/api/collections/${c.id}/bills/119-hr-1`, { token: alice });
    expect((await api().request('DELETE', `/api/collections/${c.id}`, { token: alice })).status).toBe(204);
    expect((await api().request('GET', `/api/collections/${c.id}`, { token: alice })).status).toBe(404);
    expect((await api().request('GET', `/api/share/collection/${c.share_token}`)).status).toBe(404);
    expect((await create('New name')).status).toBe(201);
    expect((await api().request('DELETE', `/api/collections/${c.id}`, { token: alice })).status).toBe(404);
  });

  it('answers 422 for a malformed collection id and 404 for an unknown one', async () => {
    expect((await api().request('GET', '/api/collections/not-a-uuid', { token: alice })).status).toBe(422);
    expect((await api().request('GET', '/api/collections/00000000-0000-4000-8000-000000000000', { token: alice })).status).toBe(404);
  });

  it('gives guests 401 and writes nothing', async () => {
    expect((await api().request('POST', '/api/collections', { body: { name: 'guest' } })).status).toBe(401);
    expect((await api().request('GET', '/api/collections')).status).toBe(401);
    expect((await create('guest')).status).toBe(201);
  });
});

describe('share links', () => {
  it('serves a collection only while it is public, on both share paths, without the owner id', async () => {
    const c = (await create('Shared list')).body;
    await api().request('PUT', `/api/collections/${c.id}/bills/119-hr-1`, { token: alice });
    expect((await api().request('GET', `/api/collections/share/${c.share_token}`)).status).toBe(404);
    const pub = await api().request('PATCH', `/api/collections/${c.id}`, { token: alice, body: { is_public: true } });
    expect(pub.body.is_public).toBe(true);
    const legacy = await api().request('GET', `/api/collections/share/${c.share_token}`);
    const unified = await api().request('GET', `/api/share/collection/${c.share_token}`);
    expect(legacy.status).toBe(200);
    expect(unified.body).toEqual(legacy.body);
    expect(legacy.body).not.toHaveProperty('user_id');
    expect(legacy.body.bills?.items.map((b) => b.id)).toEqual(['119-hr-1']);
    // Issue 32.7: no cache may reuse a public answer without asking again, so one made private stops showing at once.
    for (const res of [legacy, unified]) expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = unified.headers.get('etag') ?? '';
    const revalidated = await api().raw('GET', `/api/share/collection/${c.share_token}`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    await api().request('PATCH', `/api/collections/${c.id}`, { token: alice, body: { is_public: false } });
    expect((await api().request('GET', `/api/share/collection/${c.share_token}`)).status).toBe(404);
    // A cache revalidating its copy with the old ETag is told it is gone, never 304.
    expect((await api().raw('GET', `/api/share/collection/${c.share_token}`, { headers: { 'if-none-match': etag } })).status).toBe(404);
  });

  it('answers 404 for unknown collection tokens', async () => {
    expect((await api().request('GET', '/api/share/collection/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api().request('GET', '/api/collections/share/whatever')).status).toBe(404);
  });

  it('serves a shared brief with its bill, without provider costs, and 404 for an unknown token', async () => {
    const res = await api().request('GET', `/api/share/brief/${brief.share_token}`);
    expect(res.status).toBe(200);
    expect(res.body.brief).toMatchObject({ bill_id: '119-hr-1', summary: brief.summary, share_token: brief.share_token });
    expect(res.body.brief).not.toHaveProperty('cost_usd');
    expect(res.body.bill).toMatchObject({ id: '119-hr-1', title: 'Farm Security Act' });
    expect((await api().request('GET', '/api/share/brief/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
