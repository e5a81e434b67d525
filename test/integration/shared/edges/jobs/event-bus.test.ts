// The local EventBridge: the real PutEvents call of the job trigger runs the job through its group's handler.
import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClients } from '#shared/platform/aws-clients.ts';
import { eventBridge } from '#shared/platform/eventbridge-client.ts';
import { latestRuns } from '#shared/adapters/db/job-runs.repository.ts';
import { requestJobRun } from '#shared/edges/jobs/trigger.ts';
import { startEventBus, type LocalEventBus } from '#local/event-bus.ts';
import { provisionTestStack } from '#test/support/stack.ts';

let bus: LocalEventBus;
const logs: string[] = [];

beforeAll(async () => {
  await provisionTestStack();
  bus = await startEventBus({ log: (l) => logs.push(l) });
  process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = bus.endpoint;
  resetClients();
});
afterAll(() => bus.stop());

describe('local event bus', () => {
  it('runs the job of a RunJob event and records the run under the requested run id', async () => {
    const { run_id } = await requestJobRun('run_migrations', 'tester');
    await bus.idle();
    const run = (await latestRuns(['run_migrations'])).get('run_migrations');
    expect(run).toMatchObject({ run_id, trigger: 'admin', status: 'succeeded' });
  });

  it('reports an entry with malformed detail as failed and routes other events nowhere', async () => {
    const out = await (
      await eventBridge()
    ).send(
      new PutEventsCommand({
        Entries: [
          { Source: 'billwatch.admin', DetailType: 'RunJob', Detail: '{not json' },
          { Source: 'someone.else', DetailType: 'Other', Detail: '{}' },
        ],
      }),
    );
    expect(out.FailedEntryCount).toBe(1);
    expect(out.Entries?.[0]?.ErrorCode).toBe('MalformedDetail');
    expect(out.Entries?.[1]?.EventId).toEqual(expect.any(String));
    expect(logs.some((l) => l.includes('someone.else/Other matches no rule'))).toBe(true);
  });

  it('refuses operations other than PutEvents', async () => {
    const res = await fetch(bus.endpoint, { method: 'POST', headers: { 'x-amz-target': 'AWSEvents.ListRules' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });
});
