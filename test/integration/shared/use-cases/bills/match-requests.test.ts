/**
 * Which saves ask the indexer to match saved searches (docs/search.md,
 * "Saved searches that alert"), on DynamoDB Local and fauxqs with the recorded
 * seed dataset: text versions fetched after an action are news and are
 * matched; the same versions brought by a backfill are history and are only
 * indexed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchBillText } from '#shared/use-cases/bills/fetch-bill-text.ts';
import { textVersionKeys } from '#shared/adapters/db/keys/text-version.keys.ts';
import { listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { seedBill } from '#test/support/personal-seed.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '#test/support/drain.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const BILL = '116-hjres-37';

/** Forgets the bill's stored versions, so the next fetch stores them again. */
async function deleteVersions(): Promise<void> {
  for (const v of await listTextVersions(BILL)) {
    await table.deleteItem({ Key: textVersionKeys.version(BILL, v.version_code) });
  }
}

beforeAll(async () => {
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  await seedBill(116, 'hjres', 37, { title: 'Directing the removal of United States Armed Forces from hostilities in the Republic of Yemen.' });
}, 60_000);

describe('index requests after new text', () => {
  it('asks for matching when the text came after an action, and not when a backfill brought it', async () => {
    await fetchBillText(BILL, new Date(), 'backfill');
    expect(await takeAll('search-index')).toEqual([expect.not.objectContaining({ match: expect.anything() })]);

    await deleteVersions();
    await fetchBillText(BILL, new Date(), 'action');
    expect(await takeAll('search-index')).toEqual([expect.objectContaining({ type: 'index_bill', bill_id: BILL, match: true })]);
  });
});
