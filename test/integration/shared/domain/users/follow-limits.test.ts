// A user's follows are capped per kind and listed a page at a time from DynamoDB.
import { describe, expect, it } from 'vitest';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { follow, listUserFollows, MAX_FOLLOWS_PER_KIND } from '#shared/use-cases/personal/follows.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { DASHBOARD_TOPICS, dashboardFor } from '#shared/use-cases/personal/dashboard.ts';

useIntegrationStack();

const user = { id: 'u-many-topics', email: 'many@example.com', is_admin: false } as User;
const topic = (i: number) => `made-up-topic-${String(i).padStart(4, '0')}`;

describe('follow limits and paging', () => {
  it('refuses a new follow beyond the cap per kind with a 422, keeps re-follows working, and pages the list to the end', { timeout: 60_000 }, async () => {
    // Follows stored before topics were checked against the vocabulary (made-up ones), and one real topic: 1000 in all.
    for (let i = 0; i < MAX_FOLLOWS_PER_KIND - 1; i += 50) {
      const n = Math.min(50, MAX_FOLLOWS_PER_KIND - 1 - i);
      await Promise.all(Array.from({ length: n }, (_, j) => createFollow({ userId: user.id, targetType: 'topic', targetId: topic(i + j) })));
    }
    expect(await follow(user, { target_type: 'topic', target_id: 'health' })).toMatchObject({ created: true });

    const refused = await follow(user, { target_type: 'topic', target_id: 'taxation' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).code).toBe('follow.limit_reached');
    expect((refused as InvalidInputError).message).toContain('1000');
    expect(await follow(user, { target_type: 'topic', target_id: 'health' })).toMatchObject({ created: false });
    // Issue 32.7: a topic outside the vocabulary is refused with a 422 naming the field, whatever the count.
    const madeUp = await follow({ ...user, id: 'u-one-topic' }, { target_type: 'topic', target_id: 'made-up-topic' }).catch((err: unknown) => err);
    expect(madeUp).toBeInstanceOf(InvalidInputError);
    expect((madeUp as InvalidInputError).code).toBe('follow.invalid_target');
    expect((madeUp as InvalidInputError).errors).toEqual([{ path: 'body.target_id', message: expect.stringMatching(/topic of the vocabulary/) }]);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listUserFollows(user, { target_type: 'topic' }, { limit: 100, cursor });
      expect(page.items.length).toBeGreaterThan(0);
      seen.push(...page.items.map((f) => f.target_id));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(10);
    expect(new Set(seen).size).toBe(MAX_FOLLOWS_PER_KIND);

    // Issue 32.7: the dashboard lists a bounded page of them (it answered all 1,000), the newest first.
    const dashboard = await dashboardFor(user);
    expect(dashboard.followed_topics).toHaveLength(DASHBOARD_TOPICS);
    expect(dashboard.followed_topics?.[0]).toBe('health');
  });
});
