/**
 * poll_bills: brings in bills updated since the last poll.
 *   1. Skip when off-hours and the last poll was under an hour ago (unless forced).
 *   2. List bills updated since the cursor (every page).
 *   3. Save them through the per-bill path (./save-listed-bills.ts): new bills
 *      with their sponsor, actions, cosponsors and text queued; changed bills
 *      refreshed, their actions fetched again and milestone events sent.
 *   4. The cursor moves to the poll's upper bound.
 * Re-running over the same listing writes nothing: bills are created with a
 * condition and only changed bills are touched; a poll that died midway is
 * repaired by the next one, which lists the same window again.
 */
import { getPollState, savePollState } from '#shared/db/poll-state.repository.ts';
import { listBillsUpdatedSince } from '#shared/providers/congress-gov/congress-gov.client.ts';
import { shouldSkipPoll } from '#shared/domain/bills/off-hours.ts';
import { saveListedBills } from './save-listed-bills.ts';

export interface PollOptions {
  now: Date;
  /** Overrides of the updated-since window (seeding, backfills); ISO times. */
  since?: string;
  until?: string;
  force?: boolean;
}

const FIRST_POLL_LOOKBACK_MS = 24 * 3600 * 1000;

/** Runs one poll; returns the counts recorded as the job's result. */
export async function pollBills(opts: PollOptions) {
  const state = await getPollState();
  if (!opts.force && !opts.since && shouldSkipPoll(opts.now, state ? new Date(state.last_poll_at) : null)) {
    return { skipped: true, reason: 'off-hours and polled under an hour ago' };
  }
  const since = new Date(opts.since ?? state?.updated_since ?? opts.now.getTime() - FIRST_POLL_LOOKBACK_MS);
  const until = opts.until ? new Date(opts.until) : opts.now;
  const fetchedAt = opts.now.toISOString();
  const listed = await listBillsUpdatedSince(since, opts.until ? until : undefined);
  const saved = await saveListedBills(listed, fetchedAt);
  await savePollState({ last_poll_at: fetchedAt, updated_since: until.toISOString() });
  return { skipped: false, since: since.toISOString(), until: until.toISOString(), ...saved };
}
