/**
 * The demo replay's new text version on DynamoDB Local and fauxqs, with the
 * stand-in plugged in before the seed's poll as the local stack plugs it:
 * H.J.Res. 37 (116th) is seeded as it stood before its Senate referral (rh
 * alone, five actions); releasing that day makes the poller's actions task
 * ask for a document fetch marked demo, the real rfs file is fetched from the
 * recording and briefed as an amendment, and the one event is a new_amendment
 * marked demo. Polling the release again writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as briefWorker } from '#functions/workers/brief.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { listBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { ConflictError } from '#shared/errors/app-error.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { useDemoReplayStandIn } from '#test/support/demo-replay-stand-in.ts';
import { replayDemo } from '#local/demo/demo-replay.ts';
import { TEXT_REPLAY_BILL_ID, textReplaySchedule } from '#local/demo/demo-replay-text.ts';
import { SEED_POLL_WINDOW } from '#local/fixtures/build-seed-har.ts';
import { drain, takeAll } from '#test/support/drain.ts';

useIntegrationStack();
const workers = { 'ingest-tasks': ingestTasks, 'document-fetch': documentFetch, brief: briefWorker };
const { cache, clock } = useDemoReplayStandIn(() => []);

beforeAll(async () => {
  // The seed's poll, as local/seed.ts runs it.
  await pollBills({ now: new Date('2026-03-01T00:00:00Z'), ...SEED_POLL_WINDOW, force: true });
  const { failures } = await drain(workers);
  expect(failures).toEqual([]);
}, 60_000);

describe("the demo replay's new text version", () => {
  it('is held back at the seed: the bill has its first version and the actions before its Senate referral', async () => {
    expect((await listTextVersions(TEXT_REPLAY_BILL_ID)).map((v) => v.version_code)).toEqual(['rh']);
    expect((await listActions(TEXT_REPLAY_BILL_ID)).map((a) => a.action_date).sort()).toEqual([
      '2019-01-30',
      '2019-01-30',
      '2019-02-11',
      '2019-02-11',
      '2019-02-13',
    ]);
    expect((await listBriefs(TEXT_REPLAY_BILL_ID)).map((b) => [b.type, b.text_version_code])).toEqual([['full', 'rh']]);
    // The seed's own announcement of rh is history, not the demo's.
    const events = (await takeAll('notification-dispatch')) as { kind: string; bill_id: string; demo?: true }[];
    expect(events.filter((e) => e.bill_id === TEXT_REPLAY_BILL_ID && e.demo)).toEqual([]);
  });

  it('is released through the poller: fetched, briefed as an amendment and announced marked demo', async () => {
    expect(textReplaySchedule()).toEqual({ bill_id: TEXT_REPLAY_BILL_ID, days: [{ date: '2019-02-14', actions: 1 }] });
    const run = await replayDemo([textReplaySchedule()], cache, { step_ms: 0 }, clock);
    expect(run).toMatchObject({ played: [{ bill_id: TEXT_REPLAY_BILL_ID, action_date: '2019-02-14', actions: 1 }], remaining_steps: 0 });
    const { handled, failures } = await drain(workers);
    expect(failures).toEqual([]);
    expect(handled['document-fetch']).toEqual([expect.objectContaining({ bill_id: TEXT_REPLAY_BILL_ID, reason: 'action', demo: true })]);
    expect(handled.brief).toEqual([expect.objectContaining({ bill_id: TEXT_REPLAY_BILL_ID, version_code: 'rfs', demo: true })]);

    expect((await listTextVersions(TEXT_REPLAY_BILL_ID)).map((v) => v.version_code)).toEqual(['rh', 'rfs']);
    expect(await listActions(TEXT_REPLAY_BILL_ID)).toHaveLength(6);
    const briefs = await listBriefs(TEXT_REPLAY_BILL_ID);
    expect(briefs.map((b) => [b.type, b.text_version_code, b.previous_text_version_code]).sort()).toEqual([
      ['amendment', 'rfs', 'rh'],
      ['full', 'rh', null],
    ]);
    // The referral is no milestone and leaves the status as it was: the new text is the one event.
    const events = await takeAll('notification-dispatch');
    expect(events).toEqual([expect.objectContaining({ kind: 'new_amendment', bill_id: TEXT_REPLAY_BILL_ID, demo: true })]);
  });

  it('writes nothing when the release is polled again, and the replay then says nothing is left', async () => {
    const released = cache.state.released[TEXT_REPLAY_BILL_ID];
    if (!released) throw new Error('expected the release to be recorded');
    const at = Date.parse(released.updated_at);
    const again = await pollBills({
      now: new Date(at),
      since: new Date(at - 1000).toISOString(),
      until: new Date(at + 1000).toISOString(),
      force: true,
      demo: true,
    });
    expect(again).toMatchObject({ listed: 1, created: 0, changed: 0 });
    const { handled } = await drain(workers);
    expect(handled).toEqual({});
    expect(await takeAll('notification-dispatch')).toEqual([]);
    await expect(replayDemo([textReplaySchedule()], cache, { step_ms: 0 }, clock)).rejects.toBeInstanceOf(ConflictError);
  });
});
