/**
 * Hostile input over HTTP against the local stack, for every route of the
 * table it applies to (read from the route table, so a new route is covered
 * the day it is added): forged, tampered, foreign and garbage paging cursors
 * on every route that takes `?cursor=`, malformed %-escapes in every path
 * parameter, and hostile values in every URL-typed body field (`*_url`, at
 * any depth). Each answers a 4xx with a detail (the e2e client checks every
 * reply against the route's contract); no input produces a 5xx, and another
 * user's cursor never reads their data.
 */
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionKeys } from '#shared/adapters/db/keys/collection.keys.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import type { RouteDef } from '#shared/edges/http/route.ts';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { seedBill, seedMember } from '#test/support/personal-seed.ts';
import type { HttpReply } from './support/http-client.ts';
import { useLocalStack } from './support/e2e-stack.ts';
import { signUp } from './support/accounts.ts';

// The channel tests are limited to 10 an hour per user: lift that here, or the limit answers before validation does.
process.env.RATE_LIMIT_TEST_NOTIFICATIONS_PER_HOUR = '100000';
resetConfig();

const e2e = useLocalStack();
const api = () => e2e.client();

const people = { admin: '', alice: '', bob: '' };
const ids = { alice: '', bob: '' };
const owned = { aliceCollection: '', aliceShare: '', bobCollection: '', bobCursor: '', bobBillsCursor: '' };

const tokenFor = (route: RouteDef) => (route.auth === 'admin' ? people.admin : people.alice);
const base64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8').toString('base64url');

/** A value for each path parameter of the routes that take a cursor, naming data that exists. */
function samplePath(route: RouteDef): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (route.path.startsWith('/api/bills/')) return '119-hr-1';
    if (route.path.startsWith('/api/members/')) return 'A000375';
    if (route.path === '/api/collections/{id}') return owned.aliceCollection;
    if (route.path.startsWith('/api/admin/jobs/')) return 'poll_bills';
    if (name === 'token' && route.path.includes('collection')) return owned.aliceShare;
    throw new Error(`hostile-input: no sample value for {${name}} of ${route.path}; add one`);
  });
}

/**
 * The query variants that page with the cursor: a member's bills page one
 * role at a time (role=all answers both lists whole, with no cursor to take,
 * so it is checked for "no 5xx" only, below).
 */
const variantsOf = (route: RouteDef): Record<string, string>[] =>
  route.path === '/api/members/{id}/bills' ? [{ role: 'sponsored' }, { role: 'cosponsored' }] : [{}];

const hasCursor = (route: RouteDef) => Boolean((route.query as z.ZodObject | undefined)?.shape?.cursor);
const CURSOR_ROUTES = ROUTES.filter((r) => r.method === 'GET' && hasCursor(r));
const PARAM_ROUTES = ROUTES.filter((r) => r.path.includes('{'));

/** Dotted paths of the URL-typed fields of a body schema: typed (`*_url` keys of objects) and free-form (records, which may hold any key). */
function urlFields(schema: z.ZodType | undefined, prefix: string[] = []): { path: string[]; typed: boolean }[] {
  if (!schema) return [];
  const def = schema.def as unknown as { type: string; innerType?: z.ZodType; in?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[] };
  switch (def.type) {
    case 'object':
      return Object.entries((schema as z.ZodObject).shape).flatMap(([key, value]) =>
        key.endsWith('_url') ? [{ path: [...prefix, key], typed: true }] : urlFields(value as z.ZodType, [...prefix, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return urlFields(def.innerType, prefix);
    case 'pipe':
      return urlFields(def.in, prefix);
    case 'union':
      return (def.options ?? []).flatMap((o) => urlFields(o, prefix));
    case 'record':
      return [{ path: [...prefix, 'base_url'], typed: false }];
    default:
      return [];
  }
}

const URL_ROUTES = ROUTES.flatMap((route) => urlFields(route.body).map((field) => ({ route, field })));

const nested = (path: string[], value: unknown): Record<string, unknown> =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;

function expectClientError(res: HttpReply, what: string, status?: number) {
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (status !== undefined) expect(res.status, `${what} → ${res.text.slice(0, 300)}`).toBe(status);
  if (res.headers.get('content-type')?.includes('json')) expect((res.body as { detail?: string }).detail, what).toBeTruthy();
}

beforeAll(async () => {
  await Promise.all([seedBill(119, 'hr', 1), seedBill(119, 'hr', 2), seedMember('A000375', 'Arrington, Jodey')]);
  // The first account is the admin.
  people.admin = await signUp(api(), 'hostile-admin');
  [people.alice, people.bob] = await Promise.all([signUp(api(), 'hostile-alice'), signUp(api(), 'hostile-bob')]);
  for (const who of ['alice', 'bob'] as const) ids[who] = (await api().request('GET', '/api/auth/me', { token: people[who] })).body.id;

  const create = (token: string, name: string) => api().request('POST', '/api/collections', { token, body: { name, is_public: true } });
  const mine = (await create(people.alice, 'Alice public')).body;
  owned.aliceCollection = mine.id;
  owned.aliceShare = mine.share_token;
  await api().request('PUT', `/api/collections/${mine.id}/bills/119-hr-1`, { token: people.alice });
  // Bob has more than one page of collections and of bills, so he has real cursors to lend.
  const bobs = (await create(people.bob, 'Bob one')).body;
  await create(people.bob, 'Bob two');
  owned.bobCollection = bobs.id;
  for (const bill of ['119-hr-1', '119-hr-2']) await api().request('PUT', `/api/collections/${bobs.id}/bills/${bill}`, { token: people.bob });
  owned.bobCursor = (await api().request('GET', '/api/collections', { token: people.bob, query: { limit: '1' } })).body.next_cursor ?? '';
  owned.bobBillsCursor = (await api().request('GET', `/api/collections/${bobs.id}`, { token: people.bob, query: { limit: '1' } })).body.bills
    ?.next_cursor as string;
  expect(owned.bobCursor).toBeTruthy();
  expect(owned.bobBillsCursor).toBeTruthy();
}, 120_000);

describe('forged cursors, on every route that pages', () => {
  const hostileCursors = () => [
    'garbage!',
    '%zz',
    '\u0000\u0001',
    '😀',
    'x'.repeat(4000),
    '.',
    'a.b',
    base64({}),
    base64([]),
    base64('null'),
    base64({ pk: 5 }),
    base64(userKeys.profile(ids.bob)),
    base64(collectionKeys.collection(ids.bob, owned.bobCollection)),
    `${base64(collectionKeys.collection(ids.bob, owned.bobCollection))}.AAAAAAAAAAAAAAAAAAAAAA`,
    base64('o:-1'),
    base64('o:99999999'),
    owned.bobCursor,
    owned.bobBillsCursor,
  ];

  it('covers the paged routes of the table', () => {
    expect(CURSOR_ROUTES.length).toBeGreaterThanOrEqual(14);
  });

  it.each(CURSOR_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 422 for each, never a 5xx', async (_label, route) => {
    const path = samplePath(route);
    for (const extra of variantsOf(route)) {
      for (const cursor of hostileCursors()) {
        const res = await api().raw(route.method, path, { token: tokenFor(route), query: { ...extra, cursor } });
        expectClientError(res, `${route.method} ${path}?${new URLSearchParams(extra).toString()}&cursor=${cursor.slice(0, 60)}`, 422);
        expect((res.body as { errors?: { path: string }[] }).errors?.[0]?.path).toBe('query.cursor');
      }
    }
  });

  it("answers no 5xx where a listing has no cursor to take (a member's bills, role=all)", async () => {
    for (const cursor of hostileCursors()) {
      const res = await api().request('GET', '/api/members/A000375/bills', { query: { role: 'all', cursor } });
      expect(res.status).toBeLessThan(500);
    }
  });

  it("never reads another user's listing through their cursor", async () => {
    const mine = await api().request('GET', '/api/collections', { token: people.alice, query: { cursor: owned.bobCursor } });
    expect(mine.status).toBe(422);
    expect(mine.text).not.toContain('Bob two');
    const bills = await api().request('GET', `/api/collections/${owned.aliceCollection}`, { token: people.alice, query: { cursor: owned.bobBillsCursor } });
    expect(bills.status).toBe(422);
    // The cursors still work for their owner.
    const his = await api().request('GET', '/api/collections', { token: people.bob, query: { cursor: owned.bobCursor } });
    expect(his.status).toBe(200);
    expect(his.body.items.map((c) => c.name)).toHaveLength(1);
  });
});

describe('malformed %-escapes, in every path parameter', () => {
  it('covers the routes with path parameters', () => {
    expect(PARAM_ROUTES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(PARAM_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s answers 400 naming the parameter', async (_label, route) => {
    for (const bad of ['%zz', '%', '%E0%A4%A', '%C3%28', '%ff%fe']) {
      const path = route.path.replace(/\{\w+\}/g, bad);
      const res = await api().raw(route.method, path, { token: tokenFor(route) });
      expectClientError(res, `${route.method} ${path}`, 400);
      if (route.produces !== 'text/html') expect(res.body).toMatchObject({ code: 'request.malformed_path' });
    }
  });
});

describe('hostile values, in every URL-typed body field', () => {
  const hostileUrls: unknown[] = [
    'http://[::1',
    'http://a b/topic',
    'http://x:99999/t',
    'http://%/t',
    'https://ntfy.example.org/%zz',
    'https://ntfy.example.org/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'gopher://x/t',
    '',
    '   ',
    `https://x/${'a'.repeat(5000)}`,
    '\u0000',
    123,
    true,
    {},
    ['https://x/t'],
  ];

  // A push URL needs a topic path; a webhook endpoint may be a server's root, so this one is hostile to push_url only.
  const hostileTo = (field: string[]) => hostileUrls.filter((v) => v !== 'https://ntfy.example.org/' || field.at(-1) !== 'webhook_url');

  it('covers push_url and webhook_url on the tests and the settings', () => {
    const labels = URL_ROUTES.filter((u) => u.field.typed).map((u) => `${u.route.operationId}.${u.field.path.join('.')}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'putNotificationSettings.push_url',
        'testPushNotification.push_url',
        'putNotificationSettings.webhook_url',
        'testWebhookNotification.webhook_url',
      ]),
    );
  });

  it.each(URL_ROUTES.map((u) => [`${u.route.method} ${u.route.path} ${u.field.path.join('.')}`, u] as const))(
    '%s: a typed URL field answers 422 for each, and no value answers a 5xx',
    async (_label, { route, field }) => {
      for (const value of hostileTo(field.path)) {
        const res = await api().raw(route.method, route.path, { token: tokenFor(route), body: nested(field.path, value) });
        if (field.typed) expectClientError(res, `${route.path} ${field.path.join('.')}=${JSON.stringify(value).slice(0, 60)}`, 422);
        else expect(res.status, `${route.path} ${field.path.join('.')}=${JSON.stringify(value).slice(0, 60)}`).toBeLessThan(500);
      }
    },
  );
});
