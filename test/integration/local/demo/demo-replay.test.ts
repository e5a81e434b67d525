/**
 * The offline demo replay on DynamoDB Local and fauxqs, with its stand-in
 * plugged into the transport: a replay that died after releasing a day but
 * before its poll loses nothing (the next step's poll brings both days), the
 * events it causes are marked demo, and a replay with nothing left says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { importBillStatus } from '#shared/use-cases/bills/import-bill-status.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getDemoReplayState, putDemoReplayState } from '#shared/adapters/db/demo-replay.repository.ts';
import { ConflictError } from '#shared/errors/app-error.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { useDemoReplayStandIn } from '#test/support/demo-replay-stand-in.ts';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { beforeReplay, planReplayBill, scheduleOf } from '#local/demo/demo-replay-plan.ts';
import { replayDemo } from '#local/demo/demo-replay.ts';
import { drain, takeAll } from '#test/support/drain.ts';

useIntegrationStack();
const plan = [planReplayBill(parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, 'DEV-BILLSTATUS-115s2269.xml'), 'utf8')))];
const { cache, clock } = useDemoReplayStandIn(() => plan);

beforeAll(async () => {
  await importBillStatus(beforeReplay(plan[0] as (typeof plan)[number]), { now: new Date('2026-03-01T00:00:00Z'), fetchLinked: false });
});

describe('the demo replay through the poller', () => {
  it('completes a step a dead replay released but never polled, and marks its events demo', async () => {
    // A replay died after recording its first day released, before its poll.
    const died = { version: 1, released: { '115-s-2269': { days: 1, updated_at: '2026-03-02T11:00:00.000Z' } } };
    expect(await putDemoReplayState(died)).toBe(true);
    expect((await getBill('115-s-2269'))?.status).toBe('REPORTED');

    const run = await replayDemo(plan.map(scheduleOf), cache, { steps: 1, step_ms: 0 }, clock);
    expect(run).toMatchObject({ played: [{ bill_id: '115-s-2269', action_date: '2018-06-20' }], remaining_steps: 2 });
    const { failures } = await drain({ 'ingest-tasks': ingestTasks });
    expect(failures).toEqual([]);
    // Both days' actions came in: the Senate passed it (the dead step's day) and the next day's actions too.
    expect((await getBill('115-s-2269'))?.status).toBe('PASS_OVER:SENATE');
    const events = (await takeAll('notification-dispatch')) as { kind: string; status?: string; demo?: boolean }[];
    expect(events).toEqual([expect.objectContaining({ kind: 'bill_updated', status: 'PASS_OVER:SENATE', demo: true })]);
  });

  it('plays the rest, then answers that nothing is left', async () => {
    const run = await replayDemo(plan.map(scheduleOf), cache, { step_ms: 0 }, clock);
    expect(run.played.map((s) => s.action_date)).toEqual(['2018-09-28', '2018-10-02']);
    await drain({ 'ingest-tasks': ingestTasks });
    expect((await getBill('115-s-2269'))?.status).toBe('PASSED:BILL');
    expect(await getDemoReplayState()).toMatchObject({ version: 4, released: { '115-s-2269': { days: 4 } } });
    await expect(replayDemo(plan.map(scheduleOf), cache, { step_ms: 0 }, clock)).rejects.toBeInstanceOf(ConflictError);
  });
});
