/**
 * Offline (REPLAY_HAR), what the recording lacks can never arrive: a demo
 * bill's roll calls and its text version listing are answered as absent,
 * once, and the task succeeds (issue 21: no retries to the dead-letter queue).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchBillVotes } from '#shared/use-cases/bills/bill-tasks.ts';
import { fetchBillText } from '#shared/use-cases/bills/fetch-bill-text.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { listBillVotes } from '#shared/adapters/db/votes.repository.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { UnrecordedResponseError } from '#shared/adapters/providers/transport/provider-error.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { fetchRollCall } from '#shared/adapters/providers/roll-calls/roll-call.client.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';

useIntegrationStack();
const now = new Date('2026-01-05T12:00:00Z');
// SCRUB Act of 2016: two House roll calls named in its actions and six named by its amendments' actions, none in the recording.
const BILL = '114-hr-1155';

beforeAll(async () => {
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  resetReplay();
  const parsed = parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, 'legacy-BILLSTATUS-114hr1155.xml'), 'utf8'));
  await importBillStatus(parsed, { now, fetchLinked: false });
});

describe('offline fetches of what the recording lacks', () => {
  it('throws a distinct error for an unrecorded request', async () => {
    await expect(fetchRollCall('house', 'https://clerk.house.gov/evs/2016/roll034.xml')).rejects.toBeInstanceOf(UnrecordedResponseError);
  });

  it("answers a demo bill's unrecorded roll calls as absent, naming them, and stores nothing", async () => {
    const result = await fetchBillVotes(BILL, now);
    expect(result).toMatchObject({ bill_id: BILL, stored: 0 });
    expect('not_recorded' in result ? [...(result.not_recorded ?? [])].sort() : null).toEqual([13, 14, 15, 16, 17, 18, 19, 20].map((n) => `house-114-2-${n}`));
    expect(await listBillVotes(BILL)).toEqual([]);
  });

  it("skips a demo bill's text fetch once when the recording has no version listing", async () => {
    expect(await fetchBillText(BILL, now, 'backfill')).toEqual({ bill_id: BILL, skipped: 'offline: the recording holds no text versions of this bill' });
  });
});
