// Text that grows under Unicode normalisation (ﬃ is "ffi", ﷺ is 33 bytes) never pushes a DynamoDB key past its limit:
// anonymous search, member search and collection names answer 422 with a detail, not 500.
import { describe, expect, it } from 'vitest';
import { handler as members } from '#functions/api/members.ts';
import { handler as personal } from '#functions/api/personal.ts';
import { handler as search } from '#functions/api/search.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const detailed = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(422);
  expect((res.body as { detail?: string }).detail).toEqual(expect.any(String));
};

describe('normalised text in keys', () => {
  it('answers 422 for a search whose words expand past the key limit', async () => {
    detailed(await call(search, 'GET', '/api/search', { query: { q: 'ﬃ'.repeat(500) } }));
    detailed(await call(search, 'GET', '/api/search', { query: { q: `health ${'㏿'.repeat(500)}` } }));
    expect((await call(search, 'GET', '/api/search', { query: { q: '⒇'.repeat(500) } })).status).toBe(200);
    expect((await call(search, 'GET', '/api/search', { query: { q: 'ﬃce health' } })).status).toBe(200);
  });

  it('answers 422 for a member name search that expands past the key limit', async () => {
    detailed(await call(members, 'GET', '/api/members', { query: { q: 'ﬃ'.repeat(400) } }));
  });

  it('answers 422 for a collection name whose normalised form is too long for its name claim', async () => {
    const creds = { email: 'namer@example.org', password: 'correct horse battery' };
    const { token } = await newAccount(creds.email, { password: creds.password });
    detailed(await call(personal, 'POST', '/api/collections', { token, body: { name: 'ﷺ'.repeat(100) } }));
    expect((await call(personal, 'POST', '/api/collections', { token, body: { name: 'ﷺ'.repeat(5) } })).status).toBe(201);
  });
});
