// A user's follows are capped per kind and listed a page at a time from DynamoDB.
import { describe, expect, it } from 'vitest';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { follow, listUserFollows, MAX_FOLLOWS_PER_KIND } from '#shared/use-cases/personal/follows.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const user = { id: 'u-many-topics', email: 'many@example.com', is_admin: false } as User;
const topic = (i: number) => `made-up-topic-${String(i).padStart(4, '0')}`;

describe('follow limits and paging', () => {
  it('refuses a new follow beyond the cap per kind with a 422, keeps re-follows working, and pages the list to the end', { timeout: 60_000 }, async () => {
    for (let i = 0; i < MAX_FOLLOWS_PER_KIND; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => createFollow({ userId: user.id, targetType: 'topic', targetId: topic(i + j) })));
    }

    const refused = await follow(user, { target_type: 'topic', target_id: 'one-too-many' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).code).toBe('follow.limit_reached');
    expect((refused as InvalidInputError).message).toContain('1000');
    expect(await follow(user, { target_type: 'topic', target_id: topic(7) })).toMatchObject({ created: false });

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
  });
});
