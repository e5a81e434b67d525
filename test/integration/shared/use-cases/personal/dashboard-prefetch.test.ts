/**
 * The dashboard through its Lambda handler: the feed and follows are read
 * while the caller is loaded (one round trip fewer, docs/data-model.md P7),
 * and what was read ahead is used only for the caller it was read for: a
 * deleted user's token and an invalid token both get the guest dashboard.
 * A DynamoDB middleware holds the caller's GetItem back and records when
 * each request starts and answers.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as personal } from '#functions/api/personal.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import * as routes from '#shared/edges/http/routes/personal.routes.ts';
import { dashboardFor, prefetchDashboard } from '#shared/use-cases/personal/dashboard.ts';
import { issueToken } from '#shared/use-cases/accounts/tokens.ts';
import { userKeys } from '#shared/adapters/db/keys/user.keys.ts';
import { createUser } from '#shared/adapters/db/users.repository.ts';
import { follow } from '#shared/use-cases/personal/follows.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { call } from '#test/support/api.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

/** How long the caller's GetItem is held back: long enough for the other reads to answer first if they run alongside. */
const CALLER_DELAY_MS = 150;
const MIDDLEWARE = 'dashboardPrefetchRecorder';

interface RecordingClient {
  middlewareStack: {
    add(
      middleware: (next: (args: { input: unknown }) => Promise<unknown>, context: { commandName?: string }) => (args: { input: unknown }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
    remove(name: string): boolean;
  };
}

interface Sent {
  what: string;
  started: number;
  answered: number;
}

/** An attribute value as the middleware may see it: plain, or already marshalled ({ S: '…' }). */
const plain = (v: unknown): unknown => (v && typeof v === 'object' && 'S' in v ? (v as { S: unknown }).S : v);
const sameKey = (a: unknown, b: Record<string, unknown>) =>
  !!a &&
  typeof a === 'object' &&
  Object.keys(b).every((k) => plain((a as Record<string, unknown>)[k]) === b[k]) &&
  Object.keys(a).length === Object.keys(b).length;

/** Records each request (the caller's profile GetItem, the follows Query, the feed GetItem, ...) and delays the caller's. */
function recordRequests(callerId: string): Sent[] {
  const sent: Sent[] = [];
  let tick = 0;
  (dynamo() as unknown as RecordingClient).middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: unknown; KeyConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> };
      const isCaller = /^Get(Item)?Command$/.test(context.commandName ?? '') && sameKey(input.Key, userKeys.profile(callerId));
      // Whatever placeholder names the expression helper picks: a Query of the caller's partition is the follows read.
      const isFollows =
        context.commandName === 'QueryCommand' && Object.values(input.ExpressionAttributeValues ?? {}).some((v) => plain(v) === userKeys.partition(callerId));
      // Named without the document client's own names, which may or may not show here: GetItem, Query, BatchGetItem.
      const name = (context.commandName ?? '?').replace(/(Item)?Command$/, '');
      const entry: Sent = { what: isCaller ? 'caller' : isFollows ? 'follows' : name, started: tick++, answered: -1 };
      sent.push(entry);
      if (isCaller) await new Promise((resolve) => setTimeout(resolve, CALLER_DELAY_MS));
      try {
        return await next(args);
      } finally {
        entry.answered = tick++;
      }
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
  return sent;
}

afterEach(() => {
  (dynamo() as unknown as RecordingClient).middlewareStack.remove(MIDDLEWARE);
});

let user: User;
let token: string;

beforeAll(async () => {
  // Twelve bills: Most Popular (no scores) shows the newest ten from the feed's cards, so 119-hr-1 is read by the BatchGet.
  for (let n = 1; n <= 12; n++) await seedBill(119, 'hr', n, { latest_action_date: `2026-11-${String(n).padStart(2, '0')}` });
  user = await createUser({
    id: 'u-prefetch',
    email: 'prefetch@example.org',
    hashed_password: 'x',
    created_at: '2026-01-01T00:00:00Z',
    notification_prefs: null,
  });
  for (const target of ['119-hr-1', '119-hr-3']) await follow(user, { target_type: 'bill', target_id: target });
  token = (await issueToken(user.id)).access_token;
});

describe('the signed-in dashboard', () => {
  it('reads the feed and the follows while the caller is being loaded, and answers as before in 1 + 3 requests', async () => {
    const sent = recordRequests(user.id);
    const res = await call(personal, 'GET', '/api/dashboard', { token });
    expect(res.status).toBe(200);
    const body = res.body as { personalized: boolean; followed_bills: { id: string }[] };
    expect(body.personalized).toBe(true);
    expect(body.followed_bills.map((b) => b.id)).toEqual(['119-hr-3', '119-hr-1']);

    const caller = sent.find((s) => s.what === 'caller');
    const follows = sent.find((s) => s.what === 'follows');
    const feed = sent.find((s) => s.what === 'Get');
    expect(caller && follows && feed, JSON.stringify(sent)).toBeTruthy();
    // Both reads were sent, and even answered, before the held-back caller lookup answered.
    expect(follows?.answered, JSON.stringify(sent)).toBeLessThan(caller?.answered ?? -1);
    expect(feed?.answered, JSON.stringify(sent)).toBeLessThan(caller?.answered ?? -1);
    expect(sent.map((s) => s.what).sort(), JSON.stringify(sent)).toEqual(['BatchGet', 'Get', 'caller', 'follows']);
  });
});

describe('prefetch in the API function, for any route', () => {
  it('is called with the token’s subject, or null for no or a bad token, and its result reaches only that caller', async () => {
    const subjects: (string | null)[] = [];
    const fn = apiFunction('personal', [
      implement(routes.dashboard, async ({ user, prefetched }) => ({ user: user?.id ?? null, prefetched: prefetched ?? 'none' }), {
        prefetch: async (subject: string | null) => {
          subjects.push(subject);
          return `read for ${subject ?? 'guest'}`;
        },
      }),
    ]);
    expect((await call(fn, 'GET', '/api/dashboard', { token })).body).toEqual({ user: user.id, prefetched: `read for ${user.id}` });
    expect((await call(fn, 'GET', '/api/dashboard')).body).toEqual({ user: null, prefetched: 'read for guest' });
    expect((await call(fn, 'GET', '/api/dashboard', { token: 'not-a-jwt' })).body).toEqual({ user: null, prefetched: 'read for guest' });
    // A valid token of a user who does not exist: read ahead for them, then dropped.
    const ghost = (await issueToken('u-never-was')).access_token;
    expect((await call(fn, 'GET', '/api/dashboard', { token: ghost })).body).toEqual({ user: null, prefetched: 'none' });
    expect(subjects).toEqual([user.id, null, null, 'u-never-was']);
  });

  it('refuses a user route without a token with 401, its failed prefetch handled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fn = apiFunction('personal', [
        implement(routes.listFollows, async () => ({ items: [] }), {
          prefetch: async () => {
            throw new Error('prefetch failed');
          },
        }),
      ]);
      expect((await call(fn, 'GET', '/api/follows')).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      // For the caller it was read for, a failed prefetch is the request's failure, not a silent fresh read.
      expect((await call(fn, 'GET', '/api/follows', { token })).status).toBe(500);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('is ignored by the dashboard use case when read for someone else', async () => {
    const guest = await dashboardFor(null);
    expect(await dashboardFor(null, new Date(), await prefetchDashboard(user.id))).toEqual(guest);
    const mine = await dashboardFor(user);
    expect(await dashboardFor(user, new Date(), await prefetchDashboard(null))).toEqual(mine);
    expect(mine.followed_bills?.length).toBe(2);
  });
});

describe('what was read ahead for a token is used only for that caller', () => {
  it('answers an invalid token with the guest dashboard, reading no follows', async () => {
    const guest = await call(personal, 'GET', '/api/dashboard');
    const sent = recordRequests(user.id);
    const res = await call(personal, 'GET', '/api/dashboard', { token: `${token.slice(0, -4)}AAAA` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(guest.body);
    expect((res.body as { personalized: boolean }).personalized).toBe(false);
    // Most Popular's bills come with the feed, as cards: the guest dashboard is its one GetItem.
    expect(sent.map((s) => s.what).sort()).toEqual(['Get']);
  });

  it('answers a deleted user’s token with the guest dashboard, though their follows were read ahead', async () => {
    const guest = await call(personal, 'GET', '/api/dashboard');
    // Only the profile goes, as when the user is deleted between the token check and the read: the follows are still there to be (wrongly) shown.
    await table.deleteItem({ Key: userKeys.profile(user.id) });
    const sent = recordRequests(user.id);
    const res = await call(personal, 'GET', '/api/dashboard', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(guest.body);
    expect(res.body).not.toHaveProperty('followed_bills');
    expect(sent.some((s) => s.what === 'follows')).toBe(true);
  });
});
