/**
 * The actions task queues the vote fetch before it stores the actions that
 * name the roll calls (a crash in between must not lose the fetch), so the
 * fetch can run first: it is told the new actions' recorded votes and
 * fetches them even when no stored action names them yet. Without that, the
 * fetch found nothing, recorded the bill as checked, and the votes view
 * never asked again (S. 5 and H.R. 21 of the offline start had no votes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { fetchBillActions, fetchBillVotes } from '#shared/use-cases/bills/bill-tasks.ts';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { listBillVotes } from '#shared/adapters/db/votes.repository.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { SEED_HAR_PATH, SEED_POLL_WINDOW } from '#local/fixtures/build-seed-har.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { takeAll } from '#test/support/drain.ts';

useIntegrationStack();
const now = new Date('2025-02-01T12:00:00Z');
const BILL = '119-s-5';

beforeAll(async () => {
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  resetReplay();
  await pollBills({ now, ...SEED_POLL_WINDOW, force: true });
  await takeAll('ingest-tasks');
});

describe('a vote fetch that runs before the actions naming its roll calls are stored', () => {
  it('is sent the recorded votes of the actions the actions task is about to store', async () => {
    await fetchBillActions(BILL, now);
    const sent = ((await takeAll('ingest-tasks')) as { type: string }[]).filter((m) => m.type === 'fetch_bill_votes');
    expect(sent).toEqual([
      expect.objectContaining({ bill_id: BILL, votes: [expect.objectContaining({ chamber: 'senate', congress: 119, session: 1, roll_number: 7 })] }),
    ]);
  });

  it('fetches those roll calls although no stored action names them', async () => {
    const [ref] = (await listActions(BILL)).flatMap((a) => a.recorded_votes);
    if (!ref) throw new Error('expected the recorded vote of S. 5');
    const other = '119-s-99999';
    // Another bill stands in for "actions not stored yet": it has none, only the message's refs.
    const result = await fetchBillVotes(other, now, [ref]);
    expect(result).toMatchObject({ bill_id: other, roll_calls: 1, stored: 1 });
    expect((await listBillVotes(other)).map((v) => v.vote_id)).toEqual(['senate-119-1-7']);
  });
});
