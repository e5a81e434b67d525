/**
 * Topics of a bill no brief has tagged yet, on DynamoDB Local: a Bill Status
 * import files a new bill under the tags of its policy area and CRS subjects
 * (H.Res. 348 of the 114th: International Affairs; "Elections, voting,
 * political campaign regulation" among its subjects), the topic listings and
 * counts follow, a re-import writes nothing, and a brief's tags replace them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getBill, markBillBriefed } from '#shared/adapters/db/bills.repository.ts';
import { listBillIdsByTopic, listTopicsWithCounts } from '#shared/adapters/db/search-index.repository.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { FIXTURES, hasFixtures } from '#test/support/ingest-fixtures.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();
const NOW = new Date('2026-06-20T12:00:00Z');
const ID = '114-hres-348';
const count = async (tag: string) => (await listTopicsWithCounts()).find((t) => t.topic === tag)?.bill_count ?? 0;

describe.skipIf(!hasFixtures)('topics of a bill before its brief', () => {
  it('files an imported bill under its policy area and CRS subjects, once, until a brief tags it', async () => {
    const parsed = parseBillStatus(readFileSync(path.join(FIXTURES, 'govinfo-billstatus/legacy-BILLSTATUS-114hres348.xml'), 'utf8'), NOW.toISOString());
    expect(parsed.bill.policy_area).toBe('International Affairs');
    expect(parsed.subjects).toContain('Elections, voting, political campaign regulation');

    const first = await importBillStatus(parsed, { now: NOW, fetchLinked: false });
    expect(first.created).toBe(true);
    expect((await getBill(ID))?.topic_tags).toEqual(['international-affairs', 'elections']);
    expect((await listBillIdsByTopic('elections', 10)).items).toEqual([ID]);
    expect([await count('international-affairs'), await count('elections')]).toEqual([1, 1]);

    const again = await importBillStatus(parsed, { now: NOW, fetchLinked: false });
    expect(again.writes).toBe(0);
    expect([await count('international-affairs'), await count('elections')]).toEqual([1, 1]);

    await markBillBriefed(ID, { topic_tags: ['international-affairs', 'armed-forces-and-national-security'] });
    expect((await getBill(ID))?.topic_tags).toEqual(['international-affairs', 'armed-forces-and-national-security']);
    expect([await count('international-affairs'), await count('elections'), await count('armed-forces-and-national-security')]).toEqual([1, 0, 1]);
  });
});
