/**
 * A new bill's first forecast waits for its sponsor and cosponsors, on
 * DynamoDB Local and fauxqs over the recorded dataset. Its three first
 * fetches run side by side, so the actions task (whose status asks for a
 * score) may finish before the cosponsors are stored. Scored then, the bill
 * would get a forecast without its 96 cosponsors, and the cosponsors task's
 * re-score a second one that jumped: "Odds changed" to its followers for a
 * fetch arriving late (the CI fault-injection run that found it). Here the
 * tasks run in that order, and the only forecast is the one with everything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { listPublishedForecasts } from '#shared/adapters/db/forecasts.repository.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { fetchBillActions, fetchBillCosponsors, fetchBillDetail } from '#shared/use-cases/bills/bill-tasks.ts';
import { scoreBillForecast } from '#shared/use-cases/forecasts/score-bill-forecast.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { SEED_HAR_PATH, SEED_POLL_WINDOW } from '../../../../../local/fixtures/build-seed-har.ts';
import { takeAll } from '../../../../support/drain.ts';

useIntegrationStack();

const BILL = '116-hjres-37';
const now = new Date('2026-03-02T15:00:00Z');

/** The score_bill_forecast tasks the last steps queued for the bill, each run as the ingest worker runs it. */
async function runQueuedScores() {
  const queued = (await takeAll('ingest-tasks')).filter((m) => (m as { type?: string; bill_id?: string }).bill_id === BILL);
  const scores = queued.filter((m) => (m as { type: string }).type === 'score_bill_forecast');
  const results = [];
  for (const _ of scores) results.push(await scoreBillForecast(BILL, now));
  return { asked: scores.length, results };
}

beforeAll(async () => {
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  resetReplay();
  await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
  const poll = await runJob(ingestJobs, { job: 'poll_bills', trigger: 'local', input: { ...SEED_POLL_WINDOW, force: true } });
  expect(poll.result).toMatchObject({ created: 3 });
  // The poll's follow-ups are run by hand below, in the order that raced.
  await takeAll('ingest-tasks');
  await takeAll('document-fetch');
}, 60_000);

describe("a new bill's first forecast", () => {
  it('is not published while the sponsor or the cosponsors are still being fetched', async () => {
    await fetchBillActions(BILL, now);
    const afterActions = await runQueuedScores();
    expect(afterActions.asked).toBe(1);
    expect(afterActions.results[0]).toMatchObject({ published: 0, skipped: { inputs_not_stored: 1 } });

    await fetchBillDetail(BILL, now);
    const afterDetail = await runQueuedScores();
    expect(afterDetail.asked).toBe(1);
    expect(afterDetail.results[0]).toMatchObject({ published: 0, skipped: { inputs_not_stored: 1 } });
    expect(await listPublishedForecasts(BILL)).toEqual([]);
  });

  it('is published once both are stored, with the cosponsors, and no jump is told for the fetches arriving', async () => {
    await fetchBillCosponsors(BILL);
    const afterCosponsors = await runQueuedScores();
    expect(afterCosponsors.results[0]).toMatchObject({ published: 1, jumps: 0 });
    const forecasts = await listPublishedForecasts(BILL);
    expect(forecasts.map((f) => f.version)).toEqual([1]);
    expect(forecasts[0]?.cosponsors).toMatchObject({ n: 96 });
    expect(forecasts[0]?.unknown_inputs).not.toContain('sponsor');
    const dispatched = (await takeAll('notification-dispatch')) as { type?: string }[];
    expect(dispatched.filter((m) => m.type === 'forecast_jump')).toEqual([]);
  });

  it('is left as it is when a fetch is retried: the same inputs score the same forecast', async () => {
    await fetchBillCosponsors(BILL);
    await fetchBillDetail(BILL, now);
    const again = await runQueuedScores();
    expect(again.asked).toBe(2);
    for (const result of again.results) expect(result).toMatchObject({ published: 0, unchanged: 1 });
    expect((await listPublishedForecasts(BILL)).map((f) => f.version)).toEqual([1]);
  });
});
