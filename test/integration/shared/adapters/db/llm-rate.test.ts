// The shared LLM token bucket in DynamoDB Local: concurrent takers never spend the same token.
import { describe, expect, it } from 'vitest';
import { takeLlmToken } from '#shared/adapters/db/llm-rate.repository.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

describe('LLM requests-per-minute bucket', () => {
  it('hands out at most the capacity at once across concurrent takers, then refills with time', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const granted: boolean[] = [];
    // Ten concurrent Lambdas race for a bucket of 3; losers retry, as acquireLlmSlot does.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (;;) {
          const r = await takeLlmToken(3, 3, now);
          if (r.taken) return void granted.push(true);
          if (r.waitMs > 0) return void granted.push(false);
        }
      }),
    );
    expect(granted.filter(Boolean)).toHaveLength(3);
    const empty = await takeLlmToken(3, 3, now);
    expect(empty).toEqual({ taken: false, waitMs: 20_000 });
    expect((await takeLlmToken(3, 3, now + 20_000)).taken).toBe(true);
  });
});
