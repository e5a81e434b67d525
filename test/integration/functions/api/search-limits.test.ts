// Anonymous search cannot burn CPU without bound (issue 32.7): a word is measured once normalised, whatever its script
// or the characters that normalisation multiplies, and searches are limited per network like the other public routes.
import { describe, expect, it } from 'vitest';
import { handler as search } from '#functions/api/search.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

Object.assign(process.env, { RATE_LIMIT_SEARCH_PER_MINUTE: '3' });
resetConfig();

useIntegrationStack();

const get = (q: string, sourceIp: string) => call(search, 'GET', '/api/search', { query: { q }, sourceIp });

describe('search limits', () => {
  it.each([
    ['65 Cyrillic letters', 'д'.repeat(65), '198.51.100.21'],
    ['65 CJK characters', '法'.repeat(65), '198.51.100.22'],
    ['U+3316 x 11 (66 letters once normalised)', '\u3316'.repeat(11), '198.51.100.23'],
    ['a long word after a short one', `health ${'q'.repeat(65)}`, '198.51.100.24'],
  ])('answers 422 with a detail for a word longer than 64 letters once normalised: %s', async (_, q, ip) => {
    const res = await get(q, ip);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'search.word_too_long', detail: expect.stringContaining('64 letters once normalised') });
  });

  it('limits searches per network: an IPv6 /64 counts as one client, and the 429 says when to come back', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) statuses.push((await get('health care', `2001:db8:99:1::${i}`)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await get('health care', '2001:db8:99:1::ff');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toBe('"search";q=3;w=60');
    // Another network is another client.
    expect((await get('health care', '2001:db8:99:2::1')).status).toBe(200);
  });
});
