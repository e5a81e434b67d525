/**
 * The offline demo's roll calls (issue 33.1): the demo data's load (members,
 * Bill Status bills) queues each bill's vote fetch; the ingest-tasks worker,
 * with the replay's stand-in answering the shipped files' addresses, stores
 * every shipped roll call of a demo bill whose day is not held back for the
 * replay, with its bill and a position for every member the file lists
 * (Senate LIS ids resolved through the bundled members), and records each
 * recorded vote the files lack as not in the offline data, so the votes view
 * says so.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as billsApi } from '#functions/api/bills.ts';
import { getVoteFetch, listBillVotes, listRollCallPositions } from '#shared/adapters/db/votes.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { useDemoReplayStandIn } from '#test/support/demo-replay-stand-in.ts';
import { drain } from '#test/support/drain.ts';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#shared/platform/sqs-client.ts';
import { queueUrl, sendMessages } from '#shared/adapters/messaging/send.ts';
import { loadDemoData, type DemoLoad } from '#local/demo/demo-data.ts';
import { DEMO_ROLLCALLS_DIR } from '#local/demo/demo-roll-calls.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';

useIntegrationStack();
useDemoReplayStandIn(() => []);

const saved = { REPLAY_HAR: process.env.REPLAY_HAR, CONGRESS_API_KEY: process.env.CONGRESS_API_KEY };
let load: DemoLoad;
/** Messages the load left on the ingest-tasks queue (its delayed vote fetches). */
let delayed = 0;

beforeAll(async () => {
  delete process.env.CONGRESS_API_KEY;
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  resetReplay();
  load = await loadDemoData(new Date('2026-06-20T00:00:00Z'));
  if (!load.loaded) throw new Error('expected a first load');
  // The load spreads the vote fetches out (a delay each, so the local pumps store one bill's roll calls at a time):
  // they are all queued, still delayed; the worker runs the same messages here at once (the delayed ones, when they
  // come, find every roll call stored).
  const attrs = await (
    await sqs()
  ).send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl('ingest-tasks'),
      AttributeNames: ['ApproximateNumberOfMessagesDelayed', 'ApproximateNumberOfMessages'],
    }),
  );
  delayed = Number(attrs.Attributes?.ApproximateNumberOfMessagesDelayed ?? 0) + Number(attrs.Attributes?.ApproximateNumberOfMessages ?? 0);
  await sendMessages(
    'ingest-tasks',
    load.bills.with_votes.map((bill_id) => ({ body: { v: 1 as const, type: 'fetch_bill_votes' as const, bill_id } })),
  );
  const { failures } = await drain({ 'ingest-tasks': ingestTasks });
  if (failures.length) throw new Error(`vote fetches failed: ${JSON.stringify(failures)}`);
}, 600_000);
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  resetReplay();
});

const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'recorded-vote' || name === 'member' });
/** A shipped file's listed members, read here straight from the XML: House name-ids, Senate LIS ids. */
function listed(file: string): { chamber: 'house' | 'senate'; ids: string[] } {
  const doc = xml.parse(readFileSync(path.join(DEMO_ROLLCALLS_DIR, file), 'utf8')) as Record<string, unknown>;
  if (file.startsWith('roll-')) {
    const rows = (doc['rollcall-vote'] as { 'vote-data': { 'recorded-vote': { legislator: Record<string, string> }[] } })['vote-data']['recorded-vote'];
    return { chamber: 'house', ids: rows.map((r) => r.legislator['@_name-id'] as string) };
  }
  const rows = (doc.roll_call_vote as { members: { member: { lis_member_id: string }[] } }).members.member;
  return { chamber: 'senate', ids: rows.map((m) => m.lis_member_id) };
}

/** vote id of a shipped file, from its name. */
function voteIdOf(file: string): string {
  const house = /^roll-(\d{4})-(\d+)\.xml$/.exec(file);
  if (house) {
    const year = Number(house[1]);
    const congress = Math.floor((year - 1789) / 2) + 1;
    return `house-${congress}-${year % 2 === 1 ? 1 : 2}-${Number(house[2])}`;
  }
  const [, c, s, v] = /^vote_(\d+)_(\d)_(\d+)\.xml$/.exec(file) ?? [];
  return `senate-${c}-${s}-${Number(v)}`;
}

describe('the demo roll calls', () => {
  it('stores every shipped roll call of a demo bill that is not held back, at least 8 bills with positions', async () => {
    if (!load.loaded) throw new Error('expected a first load');
    expect(load.voteFetches.bills).toBe(load.bills.with_votes.length);
    expect(delayed).toBeGreaterThanOrEqual(load.bills.with_votes.length);
    for (const id of load.bills.with_votes) expect((await getVoteFetch(id))?.checked_at, id).toBeTruthy();
    const withVotes = [];
    for (const id of load.bills.with_votes) {
      const votes = await listBillVotes(id);
      if (votes.length === 0) continue;
      const positions = await listRollCallPositions(votes[0]?.vote_id as string);
      if (positions.length > 0) withVotes.push(id);
    }
    // S. 2848's two Senate votes and H.R. 4760's two House votes come with the replay (their days are held back;
    // test/e2e/ingest/demo-replay.test.ts) and H.J.Res. 37's with the seed's poll (test/e2e/ingest/seeded-stack.test.ts);
    // the two amendment chains' roll calls ship in local/demo/amendment-votes.
    expect(withVotes.sort()).toEqual([
      '114-hr-1155',
      '114-hr-1314',
      '114-hres-348',
      '114-sconres-11',
      '115-hr-1362',
      '115-hr-302',
      '115-hr-4182',
      '115-hr-4606',
    ]);
    // H.R. 4760 stands before its failed passage: its recorded votes are not named yet, so none is stored.
    expect(await listBillVotes('115-hr-4760')).toEqual([]);
  });

  it('links each roll call to the bill whose recorded votes name it, with a position for every House member the Clerk lists', async () => {
    const votes = await listBillVotes('114-hr-1155');
    expect(votes.map((v) => [v.vote_id, v.result, v.yea, v.nay])).toEqual([
      ['house-114-2-19', 'Failed', 178, 239],
      ['house-114-2-20', 'Passed', 245, 174],
    ]);
    for (const file of ['roll-2016-019.xml', 'roll-2016-020.xml']) {
      const ids = listed(file).ids;
      const stored = await listRollCallPositions(voteIdOf(file));
      expect(stored.map((p) => p.member_id).sort(), file).toEqual([...ids].sort());
    }
    expect((await getBill('114-hr-1155'))?.status).toBe('PASS_OVER:HOUSE');
  });

  it('resolves the Senate LIS ids of every senator the bundled members know', async () => {
    const file = 'vote_114_1_00294.xml';
    const stored = await listRollCallPositions(voteIdOf(file));
    // Every senator of 2015 who still serves is in the bundled data with their LIS id; the rest cannot be named offline.
    expect(stored.length).toBeGreaterThanOrEqual(30);
    expect(stored.length).toBeLessThanOrEqual(listed(file).ids.length);
    expect(stored.find((p) => p.member_id === 'M000355')).toMatchObject({ party: 'R', state: 'KY' });
  });

  it('records the recorded votes the shipped files lack, and the votes view says why', async () => {
    // S.Con.Res. 11 names 14 roll calls; two are shipped.
    expect((await listBillVotes('114-sconres-11')).map((v) => v.vote_id)).toEqual(['house-114-1-183', 'senate-114-1-171']);
    const fetch = await getVoteFetch('114-sconres-11');
    expect(fetch?.checked_at).toEqual(expect.any(String));
    expect(fetch?.missing).toHaveLength(12);
    expect(fetch?.missing.every((m) => m.reason === 'not_in_offline_data')).toBe(true);

    const view = (await call(billsApi, 'GET', '/api/bills/114-sconres-11/votes')).body as {
      items: unknown[];
      vote_fetch: { state: string };
      missing_votes: { vote_id: string; reason: string; action_text: string | null; source_url: string }[];
      vote_fetch_queued: boolean;
    };
    expect(view.items).toHaveLength(2);
    expect(view.vote_fetch_queued).toBe(false);
    expect(view.vote_fetch.state).toBe('checked');
    expect(view.missing_votes).toHaveLength(12);
    expect(view.missing_votes[0]).toMatchObject({
      reason: 'not_in_offline_data',
      source_url: expect.stringMatching(/^https:\/\/(clerk\.house|www\.senate)\.gov\//),
    });
  });

  it('ships nothing that no demo bill names', () => {
    const files = readdirSync(DEMO_ROLLCALLS_DIR).filter((f) => f.endsWith('.xml'));
    expect(files).toHaveLength(15);
  });
});
