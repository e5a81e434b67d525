/**
 * The poller on a bill that changes: actions are fetched again, a new action
 * of a document category queues a document fetch, a new milestone latest
 * action sends one bill_updated event (none on a re-run), and the new
 * action's change of status is stored and sent as one bill_updated event carrying the status.
 * Also the off-hours skip. Replays the seed recording plus a later listing
 * written here.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { buildSeedHar, SEED_HAR_PATH, SEED_POLL_WINDOW } from '../../../../local/fixtures/build-seed-har.ts';
import { drain, takeAll } from '../../../support/drain.ts';

useIntegrationStack();

const LATER = { since: '2025-02-01T00:00:00Z', until: '2025-03-01T00:00:00Z' };
const PASSED = { actionDate: '2025-02-12', text: 'Passed Senate without amendment by Voice Vote.', type: 'Floor', sourceSystem: { code: 0, name: 'Senate' } };

/** A HAR answering the later window: 118-hr-21 changed, with one new action. */
function laterHar(): string {
  const seed = buildSeedHar();
  const entry = (url: string, body: unknown) => ({
    ...seed.log.entries[0],
    request: { ...seed.log.entries[0]!.request, url },
    response: { ...seed.log.entries[0]!.response, content: { size: 0, mimeType: 'application/json', text: JSON.stringify(body) } },
  });
  const list = new URL('https://api.congress.gov/v3/bill');
  list.searchParams.set('fromDateTime', LATER.since);
  list.searchParams.set('toDateTime', LATER.until);
  list.searchParams.set('sort', 'updateDate desc');
  list.searchParams.set('limit', '250');
  list.searchParams.set('format', 'json');
  const actionsUrl = 'https://api.congress.gov/v3/bill/118/hr/21/actions?limit=250&format=json';
  const original = JSON.parse(seed.log.entries.find((e) => e.request.url === actionsUrl)!.response.content.text) as { actions: unknown[] };
  const har = {
    log: {
      ...seed.log,
      entries: [
        entry(list.toString(), {
          bills: [
            {
              congress: 118,
              number: '21',
              type: 'HR',
              title: 'Strategic Production Response Act',
              originChamber: 'House',
              updateDate: '2025-02-13T08:00:00Z',
              latestAction: { actionDate: PASSED.actionDate, text: PASSED.text },
            },
          ],
          pagination: { count: 1 },
        }),
        // One page now: the new action first, then the recorded ones.
        entry(actionsUrl, {
          actions: [
            PASSED,
            ...original.actions,
            ...JSON.parse(seed.log.entries.find((e) => e.request.url.includes('/118/hr/21/actions?offset=3'))!.response.content.text).actions,
          ],
          pagination: { count: 5 },
        }),
      ],
    },
  };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'later-')), 'later.har');
  writeFileSync(file, JSON.stringify(har));
  return file;
}

const workers = { 'ingest-tasks': ingestTasks, 'document-fetch': documentFetch };

describe('poll_bills on a changed bill', () => {
  beforeAll(async () => {
    process.env.REPLAY_HAR = SEED_HAR_PATH;
    resetConfig();
    resetReplay();
    await pollBills({ now: new Date('2025-02-01T15:00:00Z'), ...SEED_POLL_WINDOW, force: true });
    await drain(workers);
    await Promise.all([takeAll('brief'), takeAll('notification-dispatch')]);
    // Later, the provider answers the next window and the changed bill's actions differently.
    process.env.REPLAY_HAR = `${SEED_HAR_PATH},${laterHar()}`;
    resetConfig();
  }, 60_000);

  it('refreshes the bill and fetches its actions again, handing them its milestone', async () => {
    const result = await pollBills({ now: new Date('2025-03-01T15:00:00Z'), ...LATER });
    expect(result).toMatchObject({ created: 0, changed: 1, milestones: 1 });
    // Nothing goes to the dispatcher from the listing: the actions task tells a status change from another milestone.
    expect(await takeAll('notification-dispatch')).toEqual([]);
    const drained = await drain(workers);
    expect(drained.failures).toEqual([]);
    expect(drained.handled['ingest-tasks']).toContainEqual(
      expect.objectContaining({
        type: 'fetch_bill_actions',
        bill_id: '118-hr-21',
        milestone: { action_date: PASSED.actionDate, action_text: PASSED.text, action_category: 'vote' },
      }),
    );
    expect(drained.handled['document-fetch']).toEqual([
      { v: 1, type: 'fetch_bill_text', bill_id: '118-hr-21', reason: 'action', correlation_id: expect.any(String) },
    ]);
    expect((await listActions('118-hr-21')).map((a) => a.action_text)).toContain(PASSED.text);
    expect(await getBill('118-hr-21')).toMatchObject({ latest_action_date: '2025-02-12', latest_action_category: 'vote', sponsor_id: 'M001159' });
  });

  it('moves the bill to its new status with the action that caused it, and announces the change once, as the only bill event', async () => {
    const bill = await getBill('118-hr-21');
    // A House bill passed by the Senate unchanged has passed both chambers (the seed holds no House passage action:
    // its "Received in the Senate." stands in for it).
    expect(bill?.status).toBe('PASSED:BILL');
    expect(bill?.status_timeline.map((e) => e.status)).toEqual(['INTRODUCED', 'REFERRED', 'PASS_OVER:HOUSE', 'PASSED:BILL']);
    expect(bill?.status_timeline.at(-1)).toEqual({ status: 'PASSED:BILL', date: PASSED.actionDate, action_text: PASSED.text });
    const sent = (await takeAll('notification-dispatch')) as { type: string }[];
    // The passage also moved the bill's odds of enactment (its re-score): a forecast_jump is another subject, told on its own terms.
    expect(sent.filter((m) => m.type === 'forecast_jump')).toEqual([expect.objectContaining({ bill_id: '118-hr-21', version: 2 })]);
    expect(sent.filter((m) => m.type !== 'forecast_jump')).toEqual([
      {
        v: 1,
        type: 'bill_event',
        correlation_id: expect.any(String),
        event_id: 'status_changed:118-hr-21:PASSED:BILL:2025-02-12',
        kind: 'bill_updated',
        bill_id: '118-hr-21',
        action_category: 'vote',
        occurred_at: expect.any(String),
        action_text: PASSED.text,
        action_date: PASSED.actionDate,
        status: 'PASSED:BILL',
        previous_status: 'PASS_OVER:HOUSE',
      },
    ]);
    // A redelivered actions task finds the status already stored: nothing is written or sent again.
    await sendMessages('ingest-tasks', [{ v: 1, type: 'fetch_bill_actions', bill_id: '118-hr-21' }]);
    expect((await drain(workers)).failures).toEqual([]);
    expect(await takeAll('notification-dispatch')).toEqual([]);
    expect((await getBill('118-hr-21'))?.status_timeline).toEqual(bill?.status_timeline);
  });

  it('sends nothing when the same listing is polled again', async () => {
    expect(await pollBills({ now: new Date('2025-03-01T15:30:00Z'), ...LATER })).toMatchObject({ changed: 0, milestones: 0 });
    expect(await takeAll('notification-dispatch')).toEqual([]);
    expect(await takeAll('ingest-tasks')).toEqual([]);
  });

  it('skips an off-hours poll under an hour after the last one, and runs a forced one', async () => {
    // 2025-03-01 is a Saturday; the last poll was at 15:30 UTC.
    expect(await pollBills({ now: new Date('2025-03-01T16:00:00Z') })).toEqual({ skipped: true, reason: 'off-hours and polled under an hour ago' });
    await expect(pollBills({ now: new Date('2025-03-01T16:00:00Z'), force: true })).rejects.toThrow(
      /no recorded response for GET https:\/\/api\.congress\.gov\/v3\/bill\?/,
    );
  });
});
