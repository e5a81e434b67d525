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
import { votesView } from '#shared/use-cases/bills/bill-reads.ts';
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

describe('a bill whose last vote fetch ran before its actions named a roll call', () => {
  const BILL2 = '118-hr-21';

  it('is asked for again by the next votes view, once, and then shows the roll call', async () => {
    // The race as it was: the fetch runs first and finds nothing, then the actions are stored (their message lost).
    expect(await fetchBillVotes(BILL2, now)).toMatchObject({ roll_calls: 0, stored: 0 });
    await fetchBillActions(BILL2, now);
    await takeAll('ingest-tasks');
    const later = new Date(now.getTime() + 60_000);
    const first = await votesView(BILL2, undefined, later);
    expect(first).toMatchObject({ vote_fetch_queued: true, vote_fetch: { state: 'queued' } });
    expect(first.missing_votes).toEqual([expect.objectContaining({ vote_id: 'house-118-1-37', reason: 'not_fetched' })]);
    expect((await votesView(BILL2, undefined, later)).vote_fetch_queued).toBe(false);
    const sent = (await takeAll('ingest-tasks')) as { type: string; bill_id: string }[];
    expect(sent).toEqual([expect.objectContaining({ type: 'fetch_bill_votes', bill_id: BILL2 })]);

    expect(await fetchBillVotes(BILL2, new Date(later.getTime() + 1000))).toMatchObject({ roll_calls: 1, stored: 1 });
    const after = await votesView(BILL2, undefined, new Date(later.getTime() + 2000));
    expect(after).toMatchObject({ vote_fetch_queued: false, vote_fetch: { state: 'checked' }, missing_votes: [] });
    expect(after.items.map((v) => v.vote_id)).toEqual(['house-118-1-37']);
    expect(await takeAll('ingest-tasks')).toEqual([]);
  });
});
