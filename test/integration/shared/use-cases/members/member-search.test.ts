// Members found by nickname ("bernie"), by a state's name ("vermont") and by its code ("VT"), in GET /api/search and
// GET /api/members?q= (issue 32.1), from the name items and the state listing on DynamoDB Local.
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as members } from '#functions/api/members.ts';
import { handler as search } from '#functions/api/search.ts';
import { call } from '#test/support/api.ts';
import { seedMember } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

beforeAll(async () => {
  await seedMember('S000033', 'Sanders, Bernard', { nickname: 'Bernie', state: 'VT', chamber: 'senate', district: null });
  await seedMember('W000800', 'Welch, Peter', { state: 'VT', chamber: 'senate', district: null });
  await seedMember('B001318', 'Balint, Becca', { state: 'VT', chamber: 'house', district: 0 });
  await seedMember('L000174', 'Leahy, Patrick', { state: 'VT', chamber: 'senate', district: null, in_office: false });
  await seedMember('S001150', 'Schiff, Adam', { state: 'CA', chamber: 'senate', district: null });
  await seedMember('B000944', 'Brown, Sherrod', { state: 'OH', chamber: 'senate', district: null, nickname: null });
});

const searchIds = async (q: string) =>
  ((await call(search, 'GET', '/api/search', { query: { q } })).body as { members: { id: string }[] }).members.map((m) => m.id);
const listIds = async (q: string) =>
  ((await call(members, 'GET', '/api/members', { query: { q } })).body as { items: { id: string }[] }).items.map((m) => m.id);

describe('member search', () => {
  it('finds a member by nickname, alone or with the last name', async () => {
    for (const q of ['bernie', 'Bernie Sanders', 'sanders bernie', 'bern']) {
      expect(await searchIds(q), q).toEqual(['S000033']);
      expect(await listIds(q), q).toEqual(['S000033']);
    }
    expect(await searchIds('bernard')).toEqual(['S000033']);
  });

  it("finds a state's sitting members by its name or its code, senators first", async () => {
    for (const q of ['vermont', 'Vermont', 'VT', 'vt']) {
      expect(await searchIds(q), q).toEqual(['S000033', 'W000800', 'B001318']);
      expect((await listIds(q)).sort(), q).toEqual(['B001318', 'S000033', 'W000800']);
    }
    expect(await searchIds('california')).toEqual(['S001150']);
  });

  it('reads "or" and "in" as words, in capitals as Oregon and Indiana', async () => {
    expect(await searchIds('oh')).toEqual(['B000944']);
    expect(await searchIds('or')).toEqual([]);
  });
});
