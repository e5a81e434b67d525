import { describe, expect, it } from 'vitest';
import { hit } from '#shared/db/rate-limit.repository.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

describe('sliding-window rate limits', () => {
  it('refuses the 11th hit within 60 seconds, even across a minute boundary', async () => {
    const start = Date.UTC(2026, 0, 1, 12, 0, 55);
    const decisions = [];
    for (let i = 0; i < 11; i++) decisions.push(await hit('login', 'ip:a', 10, 60, start + i * 1000));
    expect(decisions.slice(0, 10).every((d) => d.allowed)).toBe(true);
    expect(decisions[10]).toMatchObject({ allowed: false, count: 11 });
    expect(decisions[10]?.retryAfterSeconds).toBeGreaterThan(45);
    expect(decisions[10]?.retryAfterSeconds).toBeLessThanOrEqual(65);
  });

  it('allows again once the hits have left the window, and keeps subjects apart', async () => {
    const start = Date.UTC(2026, 0, 1, 13, 0, 0);
    for (let i = 0; i < 5; i++) await hit('register', 'ip:b', 5, 3600, start + i);
    expect((await hit('register', 'ip:b', 5, 3600, start + 60_000)).allowed).toBe(false);
    expect((await hit('register', 'ip:c', 5, 3600, start + 60_000)).allowed).toBe(true);
    // One slot (a twelfth of the window) after the window, every earlier hit has left it.
    expect((await hit('register', 'ip:b', 5, 3600, start + 3600_000 + 300_000)).allowed).toBe(true);
  });

  it('counts every one of many concurrent hits exactly once', async () => {
    const now = Date.UTC(2026, 0, 1, 14, 0, 0);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => hit('login', 'ip:race', 10, 60, now + i)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});
