/**
 * The Congress.gov amendment fetch of a bill on DynamoDB Local and fauxqs,
 * against a provider server answering the recorded amendment items (the
 * Sinema substitute SA 2137 to H.R. 3684 of the 117th and Carper's
 * second-degree SA 2564): the records are stored and listed under the bill,
 * its followers' events are queued once (a decision while it is news, a new
 * text), an unchanged listing fetches nothing, and the Bill Status import
 * stores a bill's amendments with the roll calls linked by the vote fetch.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchBillAmendments } from '#shared/use-cases/amendments/amendment-tasks.ts';
import { saveBillRollCall } from '#shared/use-cases/amendments/amendment-votes.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { getAmendment, listAllBillAmendments } from '#shared/adapters/db/amendments.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { parseHouseVote } from '#shared/adapters/providers/roll-calls/house-vote.parser.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { FIXTURES, fixture, hasFixtures, providerServer, sendJson } from '../../../../support/ingest-fixtures.ts';
import { seedBill } from '../../../../support/notify-harness.ts';
import { takeAll } from '../../../../support/drain.ts';

useIntegrationStack();

const BILL = '117-hr-3684';
const NOW = new Date('2021-08-09T12:00:00Z');
let textVersions: unknown[] = [];
let updated = '2022-02-08T17:27:59Z';
let server: Awaited<ReturnType<typeof providerServer>>;
const json = (body: () => unknown) => (_req: unknown, res: Parameters<typeof sendJson>[0]) => sendJson(res, body());
const amendmentFixture = (name: string) => JSON.parse(fixture(`amendments/${name}`)) as { amendment: Record<string, unknown> };

beforeAll(async () => {
  if (!hasFixtures) return;
  const sa2137 = amendmentFixture('amendment-117-samdt-2137-2023.json');
  const sa2564 = amendmentFixture('amendment-117-samdt-2564-amends-amendment.json');
  const recordedText = (JSON.parse(fixture('amendments/amendment-117-samdt-2137-text-2023.json')) as { textVersions: unknown[] }).textVersions;
  textVersions = recordedText;
  server = await providerServer({
    '/v3/bill/117/hr/3684/amendments': json(() => ({
      amendments: [
        { congress: 117, number: '2137', type: 'SAMDT', updateDate: updated },
        { congress: 117, number: '2564', type: 'SAMDT', updateDate: String(sa2564.amendment.updateDate) },
      ],
      pagination: { count: 2 },
    })),
    '/v3/amendment/117/samdt/2137': json(() => ({ ...sa2137, amendment: { ...sa2137.amendment, updateDate: updated } })),
    '/v3/amendment/117/samdt/2137/actions': json(() => JSON.parse(fixture('amendments/amendment-117-samdt-2137-actions-2023.json'))),
    '/v3/amendment/117/samdt/2137/text': json(() => ({ textVersions, pagination: { count: textVersions.length } })),
    '/v3/amendment/117/samdt/2564': json(() => sa2564),
    '/v3/amendment/117/samdt/2564/actions': json(() => ({ actions: [], pagination: { count: 0 } })),
    '/v3/amendment/117/samdt/2564/text': json(() => ({ textVersions: [], pagination: { count: 0 } })),
  });
  Object.assign(process.env, { CONGRESS_API_BASE_URL: `${server.base}/v3`, CONGRESS_API_KEY: 'test-key' });
  resetConfig();
  await seedBill(BILL, { label: 'H.R. 3684', title: 'Infrastructure Investment and Jobs Act' });
  await takeAll('ingest-tasks');
}, 60_000);

afterAll(async () => {
  delete process.env.CONGRESS_API_BASE_URL;
  delete process.env.CONGRESS_API_KEY;
  resetConfig();
  await server?.close();
});

describe.skipIf(!hasFixtures)('the Congress.gov amendment fetch', () => {
  it('stores each listed amendment with its actions and text, and tells followers of a fresh decision only', async () => {
    const result = await fetchBillAmendments(BILL, NOW);
    expect(result).toMatchObject({ listed: 2, fetched: 2, remaining: 0, written: 2, events: 1, vote_fetch_queued: true });
    const stored = await listAllBillAmendments(BILL);
    expect(stored.map((a) => [a.id, a.status, a.amended_amendment_id])).toEqual([
      ['117-samdt-2137', 'agreed_to', null],
      ['117-samdt-2564', 'agreed_to', '117-samdt-2137'],
    ]);
    const sa2137 = await getAmendment('117-samdt-2137');
    expect(sa2137?.text_versions.map((v) => [v.type, v.date])).toEqual([['Submitted', '2021-08-01']]);
    expect(sa2137?.actions[0]?.recorded_votes.map((v) => v.roll_number)).toEqual([312]);
    expect((await getBill(BILL))?.amendment_summary).toMatchObject({ count: 2, by_status: { agreed_to: 2 } });
    // SA 2137 was agreed to yesterday: news. SA 2564 five days ago, and its text a week ago: history.
    expect(await takeAll('notification-dispatch')).toEqual([
      expect.objectContaining({
        type: 'bill_event',
        kind: 'bill_updated',
        bill_id: BILL,
        action_category: 'vote',
        event_id: 'amendment:117-samdt-2137:agreed_to',
        action_date: '2021-08-08',
        amendment: { id: '117-samdt-2137', label: 'S.Amdt. 2137', status: 'agreed_to' },
      }),
    ]);
    expect(await takeAll('ingest-tasks')).toEqual([expect.objectContaining({ type: 'fetch_bill_votes', bill_id: BILL })]);
  });

  it('fetches nothing when the listing is unchanged, and tells of a new text once when one is published', async () => {
    expect(await fetchBillAmendments(BILL, NOW)).toMatchObject({ fetched: 0, written: 0, events: 0 });
    expect(await takeAll('notification-dispatch')).toEqual([]);
    updated = '2021-08-09T20:00:00Z';
    textVersions = [
      { type: 'Modified', date: '2021-08-09T04:00:00Z', formats: [{ type: 'PDF', url: 'https://www.congress.gov/modified.pdf' }] },
      ...textVersions,
    ];
    expect(await fetchBillAmendments(BILL, NOW)).toMatchObject({ fetched: 1, written: 1, events: 1 });
    expect(await takeAll('notification-dispatch')).toEqual([
      expect.objectContaining({
        kind: 'new_amendment',
        action_category: 'new_amendment',
        event_id: 'amendment:117-samdt-2137:text:Modified#2021-08-09',
        text_version: 'S.Amdt. 2137: Modified, 2021-08-09',
      }),
    ]);
    await takeAll('ingest-tasks');
  });
});

describe.skipIf(!hasFixtures)('the Bill Status import of a bill with amendments', () => {
  it('stores the amendments and the bill summary, once; the vote fetch links each clerk roll call to its amendment', async () => {
    const parsed = parseBillStatus(fixture('amendments/legacy-BILLSTATUS-115hr4182.xml'), NOW.toISOString());
    const first = await importBillStatus(parsed, { now: NOW, fetchLinked: false });
    expect(first.amendments).toBe(3);
    expect((await importBillStatus(parsed, { now: NOW, fetchLinked: false })).amendments).toBe(0);
    expect(await takeAll('notification-dispatch')).toEqual([]);
    for (const roll of ['roll-2017-646', 'roll-2017-647', 'roll-2017-648']) {
      const v = parseHouseVote(readFileSync(path.join(FIXTURES, `amendments/${roll}.xml`), 'utf8'));
      await saveBillRollCall('115-hr-4182', v, `https://clerk.house.gov/evs/2017/${roll}.xml`, NOW);
    }
    const linked = await listAllBillAmendments('115-hr-4182');
    expect(linked.map((a) => [a.id, a.roll_calls.map((r) => r.vote_id)])).toEqual([
      ['115-hamdt-489', ['house-115-1-646']],
      ['115-hamdt-490', []],
      ['115-hamdt-491', ['house-115-1-647']],
    ]);
    // A re-import after the links keeps them.
    await importBillStatus(parseBillStatus(fixture('amendments/legacy-BILLSTATUS-115hr4182.xml'), new Date().toISOString()), { now: NOW, fetchLinked: false });
    expect((await getAmendment('115-hamdt-491'))?.roll_calls.map((r) => r.vote_id)).toEqual(['house-115-1-647']);
  }, 180_000);
});
