// Every written form of a bill's number finds it through GET /api/search, in every Congress held (issue 32.1):
// without a Congress, the bills of that number are listed newest first; with one, that Congress's bill alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as search } from '#functions/api/search.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const ids = async (q: string): Promise<string[]> => {
  const res = await call(search, 'GET', '/api/search', { query: { q } });
  expect(res.status, q).toBe(200);
  return (res.body as { bills: { id: string }[] }).bills.map((b) => b.id);
};

beforeAll(async () => {
  await Promise.all([
    seedBill(104, 'hr', 302, { title: 'Bill 104 hr 302' }),
    seedBill(115, 'hr', 302, { title: 'Bill 115 hr 302' }),
    seedBill(115, 's', 2269, { title: 'Global Food Security Reauthorization Act of 2017' }),
    seedBill(119, 's', 2269, { title: 'Bill 119 s 2269' }),
    seedBill(116, 'hjres', 37, { title: 'Directing the removal of United States Armed Forces' }),
    seedBill(116, 'hres', 755, { title: 'Impeaching Donald John Trump' }),
    seedBill(114, 'sconres', 11, { title: 'A concurrent resolution of the 114th' }),
    seedBill(118, 'hconres', 5, { title: 'A concurrent resolution of the 118th' }),
    seedBill(115, 's', 2848, { title: 'Bill 115 s 2848' }),
  ]);
});

describe('GET /api/search by bill number', () => {
  it.each([
    ['S. 2269', ['119-s-2269', '115-s-2269']],
    ['s 2269', ['119-s-2269', '115-s-2269']],
    ['S2269', ['119-s-2269', '115-s-2269']],
    ['s2269', ['119-s-2269', '115-s-2269']],
    ['115-s-2269', ['115-s-2269']],
    ['115s2269', ['115-s-2269']],
    ['S. 2848', ['115-s-2848']],
    ['H.J.Res. 37', ['116-hjres-37']],
    ['hjres37', ['116-hjres-37']],
    ['H. Res. 755', ['116-hres-755']],
    ['H.R. 302', ['115-hr-302', '104-hr-302']],
    ['hr302', ['115-hr-302', '104-hr-302']],
    ['S.Con.Res. 11', ['114-sconres-11']],
    ['H Con Res 5', ['118-hconres-5']],
  ])('%s', async (q, expected) => {
    expect(await ids(q)).toEqual(expected);
  });
});
