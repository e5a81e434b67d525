/**
 * One change, one alert (issue 24 #12): a followed resolution passes the
 * House, seen through the real chain (poll → actions task → dispatch). The
 * listing shows the vote as its new latest action before the actions task has
 * derived the new status; the follower still gets exactly one push, saying
 * both what changed ("Passed the House 248-177") and the action itself. A
 * redelivered actions task sends nothing more, and a follower who switched
 * vote alerts off hears nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notifications } from '#functions/api/notifications.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { handler as dispatchWorker } from '#functions/workers/notification-dispatch.ts';
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { createFollow } from '#shared/adapters/db/follows.repository.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { SEED_HAR_PATH } from '../../../../local/fixtures/build-seed-har.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

const BILL = '116-hjres-37';
const WINDOW = { since: '2025-01-01T00:00:00Z', until: '2025-02-01T00:00:00Z' };

interface HarEntry {
  request: { method: string; url: string };
  response: { content: { text?: string } };
}
interface Action {
  actionDate: string;
  text: string;
}

/**
 * Two recordings laid over the seed's: the bill as reported (its listing and
 * its actions up to "Reported"), then passed by the House (the vote is the
 * listing's latest action and the newest of its actions).
 */
function buildHars(dir: string) {
  const seed = JSON.parse(readFileSync(SEED_HAR_PATH, 'utf8')) as { log: { entries: HarEntry[] } };
  const body = (e: HarEntry) => JSON.parse(e.response.content.text ?? '{}') as Record<string, unknown>;
  const find = (part: string) => {
    const e = seed.log.entries.find((x) => x.request.url.includes(part));
    if (!e) throw new Error(`the seed recording has no ${part}`);
    return e;
  };
  const listing = find('/v3/bill?fromDateTime');
  const firstPage = find('/116/hjres/37/actions?limit');
  const all = [...(body(firstPage).actions as Action[]), ...(body(find('/116/hjres/37/actions?offset')).actions as Action[])];
  const passage = all.find((a) => a.text.startsWith('On passage'));
  const reported = all.find((a) => a.text.startsWith('Reported'));
  if (!passage || !reported) throw new Error('the seed actions of H.J.Res. 37 changed');
  const listed = (body(listing).bills as { number: string }[]).find((b) => b.number === '37');
  const withText = (e: HarEntry, value: unknown): HarEntry => ({
    ...e,
    response: { ...e.response, content: { ...e.response.content, text: JSON.stringify(value) } },
  });
  const moment = (name: string, latest: Action, updated: string) => {
    const actions = all.slice(all.indexOf(latest));
    const entries = [
      withText(listing, { ...body(listing), bills: [{ ...listed, updateDate: updated, latestAction: latest }], pagination: { count: 1 } }),
      withText(firstPage, { ...body(firstPage), actions, pagination: { count: actions.length } }),
    ];
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify({ log: { ...seed.log, entries } }));
    return `${SEED_HAR_PATH},${file}`;
  };
  return { reported: moment('reported.har', reported, '2025-01-10T12:00:00Z'), passed: moment('passed.har', passage, '2025-01-14T12:00:00Z'), passage };
}

let push: PushServer;
const users: Record<string, { id: string; token: string }> = {};

async function signUp(name: string, settings: Record<string, unknown> = {}) {
  const email = `${name}@example.org`;
  const { id, token } = await newAccount(email);
  users[name] = { id, token };
  const put = await call(notifications, 'PUT', '/api/notifications/settings', {
    token: users[name]?.token,
    body: { push_enabled: true, push_url: `${push.url}/${name}`, ...settings },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  await createFollow({ userId: users[name]?.id ?? '', targetType: 'bill', targetId: BILL });
}

/** The pushes a topic got, in ntfy's header form or its JSON form. */
const pushesTo = (topic: string) =>
  push.requests.flatMap((r) => {
    if (r.path === `/${topic}`) return [{ title: String(r.headers.title), message: r.body }];
    const published = r.path === '/' ? (JSON.parse(r.body) as { topic: string; title: string; message: string }) : null;
    return published?.topic === topic ? [published] : [];
  });

const workers = { 'ingest-tasks': ingestTasks, 'notification-dispatch': dispatchWorker };

describe('a passage vote on a followed bill, from the poll to the push', () => {
  let hars: ReturnType<typeof buildHars>;

  beforeAll(async () => {
    push = await startPushServer();
    hars = buildHars(mkdtempSync(join(tmpdir(), 'one-alert-')));
    process.env.REPLAY_HAR = hars.reported;
    resetConfig();
    resetReplay();
    await pollBills({ now: new Date('2025-01-10T15:00:00Z'), ...WINDOW, force: true });
    expect((await drain({ 'ingest-tasks': ingestTasks })).failures).toEqual([]);
    await Promise.all(['notification-dispatch', 'document-fetch', 'brief'].map((q) => takeAll(q as 'brief')));
    expect((await getBill(BILL))?.status).toBe('REPORTED');
    await signUp('fan');
    await signUp('novotes', { alert_filters: { neutral: { vote: false } } });
  }, 90_000);

  afterAll(async () => {
    await push?.close();
  });

  it('sends the follower one push that carries both the new status and the action', async () => {
    process.env.REPLAY_HAR = hars.passed;
    resetConfig();
    resetReplay();
    await pollBills({ now: new Date('2025-01-14T15:00:00Z'), ...WINDOW, force: true });
    expect((await drain(workers)).failures).toEqual([]);

    expect((await getBill(BILL))?.status).toBe('PASS_OVER:HOUSE');
    const pushes = pushesTo('fan');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.title).toBe('Passed the House 248-177: H.J.Res. 37');
    const lines = pushes[0]?.message.split('\n') ?? [];
    expect(lines[0]).toBe((await getBill(BILL))?.title);
    expect(lines[1]).toBe(`${hars.passage.actionDate}: ${hars.passage.text}`);
    expect(pushesTo('novotes')).toHaveLength(0);
  });

  it('sends nothing more when the actions task or the poll runs again', async () => {
    await sendMessages('ingest-tasks', [{ v: 1, type: 'fetch_bill_actions', bill_id: BILL }]);
    await pollBills({ now: new Date('2025-01-14T15:30:00Z'), ...WINDOW, force: true });
    expect((await drain(workers)).failures).toEqual([]);
    expect(pushesTo('fan')).toHaveLength(1);
  });
});
