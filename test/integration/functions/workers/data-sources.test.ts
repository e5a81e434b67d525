/**
 * The admin's data-source switches in the ingestion pipeline, on DynamoDB
 * Local and fauxqs, with one local server answering as Congress.gov, GovInfo,
 * the House clerk, the Senate and the congress-legislators dataset (from the
 * recorded seed dataset) and recording every request: a source switched off
 * through PUT /api/settings is never called, its jobs and tasks succeed
 * saying why, nothing fails or is retried, and a skipped document fetch is
 * fetched by the first poll after the switch is back on.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as llm } from '#functions/api/llm.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { handler as documentFetch } from '#functions/workers/document-fetch.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { listPendingDocumentFetches } from '#shared/adapters/db/document-fetch-pending.repository.ts';
import { getMember } from '#shared/adapters/db/members.repository.ts';
import { getPollState } from '#shared/adapters/db/poll-state.repository.ts';
import { listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { claimVoteFetch, listBillVotes } from '#shared/adapters/db/votes.repository.ts';
import type { DataSourcesUpdate } from '#shared/domain/settings/data-sources.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { harKey } from '#shared/adapters/providers/transport/har.ts';
import { resetReplay, transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { buildSeedHar, SEED_POLL_WINDOW } from '../../../../local/fixtures/build-seed-har.ts';
import { drain, takeAll } from '../../../support/drain.ts';
import { newAccount } from '#test/support/accounts.ts';

useIntegrationStack();

/** Each upstream's real origin and the path prefix it answers under on the local server. */
const UPSTREAMS = {
  congress: { origin: 'https://api.congress.gov/v3', prefix: '/congress/v3' },
  govinfo: { origin: 'https://api.govinfo.gov', prefix: '/govinfo' },
  house: { origin: 'https://clerk.house.gov', prefix: '/house' },
  senate: { origin: 'https://www.senate.gov', prefix: '/senate' },
  legislators: { origin: 'https://unitedstates.github.io/congress-legislators', prefix: '/legislators' },
} as const;
type Upstream = keyof typeof UPSTREAMS;

const recorded = new Map(buildSeedHar().log.entries.map((e) => [harKey('GET', e.request.url), e.response]));
let base = '';
const calls: { upstream: Upstream; path: string }[] = [];
const called = (upstream: Upstream) => calls.filter((c) => c.upstream === upstream).map((c) => c.path);

/** Answers a request from the seed recording, with the roll-call links in Congress.gov's bodies pointed here too. */
function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const found = (Object.entries(UPSTREAMS) as [Upstream, (typeof UPSTREAMS)[Upstream]][]).find(([, u]) => url.pathname.startsWith(`${u.prefix}/`));
  if (!found) return void res.writeHead(404).end();
  const [upstream, { origin, prefix }] = found;
  calls.push({ upstream, path: url.pathname.slice(prefix.length) });
  const entry = recorded.get(harKey('GET', `${origin}${url.pathname.slice(prefix.length)}${url.search}`));
  // The seed recording has no amendment lists: the stand-in says a bill has none, as Congress.gov does for such a bill.
  if (!entry && upstream === 'congress' && url.pathname.endsWith('/amendments')) {
    return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"amendments":[],"pagination":{"count":0}}');
  }
  if (!entry) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not recorded"}');
  let body = entry.content.text;
  for (const u of Object.values(UPSTREAMS)) body = body.split(u.origin).join(`${base}${u.prefix}`);
  res.writeHead(entry.status, Object.fromEntries(entry.headers.map((h) => [h.name, h.value]))).end(body);
}

const server = createServer(answer);
let admin = '';
const workers = { 'ingest-tasks': ingestTasks, 'document-fetch': documentFetch };
const ENV = ['REPLAY_HAR', 'CONGRESS_API_KEY', 'CONGRESS_API_BASE_URL', 'GOVINFO_API_BASE_URL', 'LEGISLATORS_BASE_URL'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

async function setSources(data_sources: DataSourcesUpdate): Promise<void> {
  const put = await call(llm, 'PUT', '/api/settings', { token: admin, body: { data_sources } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  calls.length = 0;
}
const job = (name: string, input?: Record<string, unknown>) => runJob(ingestJobs, { job: name, trigger: 'local', input });
const poll = () => job('poll_bills', { ...SEED_POLL_WINDOW, force: true });

beforeAll(async () => {
  transportSettings.baseDelayMs = 5;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  delete process.env.REPLAY_HAR;
  Object.assign(process.env, {
    CONGRESS_API_KEY: 'congress-key',
    CONGRESS_API_BASE_URL: `${base}${UPSTREAMS.congress.prefix}`,
    GOVINFO_API_BASE_URL: `${base}${UPSTREAMS.govinfo.prefix}`,
    LEGISLATORS_BASE_URL: `${base}${UPSTREAMS.legislators.prefix}`,
  });
  resetConfig();
  resetReplay();
  ({ token: admin } = await newAccount('root@example.org'));
});

afterAll(async () => {
  for (const k of ENV) if (saved[k] === undefined) delete process.env[k];
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
  resetConfig();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('data-source switches in the ingestion pipeline', () => {
  it('reads Congress.gov and the legislators dataset while every source is on (the stand-in answers)', async () => {
    const sync = await job('sync_members');
    expect(sync.status).toBe('succeeded');
    expect(sync.result).toMatchObject({ saved: 10, with_lis_ids: expect.any(Number) });
    expect(called('congress')).toContain('/member');
    expect(called('legislators')).toEqual(['/legislators-current.json', '/committees-current.json', '/committee-membership-current.json']);
    expect((await getMember('P000145'))?.lis_id).toBe('S413');
  });

  it('with congress_api off: the poll, member sync, nightly action fetch, backfills and Congress.gov tasks succeed, say why, and call nothing', async () => {
    await setSources({ congress_api: { enabled: false } });
    const polled = await poll();
    expect(polled).toMatchObject({ status: 'succeeded', result: { skipped: true, reason: 'congress_api disabled by admin' } });
    // The cursor stays where it was, so the first poll after the switch is back on catches up.
    expect(await getPollState()).toBeNull();
    expect((await job('sync_members')).result).toEqual({ skipped: true, reason: 'congress_api disabled by admin' });
    for (const name of ['fetch_actions_for_active_bills', 'backfill_all_actions', 'backfill_cosponsors', 'backfill_sponsors', 'backfill_dates_links']) {
      expect((await job(name)).result, name).toEqual({ skipped: true, reason: 'congress_api disabled by admin', queued: 0 });
    }
    expect(await takeAll('ingest-tasks')).toEqual([]);
    // Tasks already queued (by a view, before the switch) are consumed without a call and without a failure.
    await sendMessages('ingest-tasks', [
      { v: 1, type: 'fetch_sponsor_for_bill', bill_id: '119-s-5' },
      { v: 1, type: 'fetch_bill_actions', bill_id: '119-s-5' },
      { v: 1, type: 'fetch_bill_cosponsors', bill_id: '119-s-5' },
      { v: 1, type: 'enrich_member', member_id: 'K000389' },
    ]);
    const drained = await drain(workers);
    expect(drained.failures).toEqual([]);
    expect(drained.handled['ingest-tasks']).toHaveLength(4);
    expect(calls).toEqual([]);
  });

  it('with document_api, roll_calls and legislators off: bills are saved, their texts wait as pending, votes are not fetched, nothing fails', async () => {
    await setSources({ congress_api: { enabled: true }, document_api: { enabled: false }, roll_calls: { enabled: false }, legislators: { enabled: false } });
    const sync = await job('sync_members');
    expect(sync.result).toMatchObject({ saved: 10, with_lis_ids: 0, committee_chairs: null, legislators_skipped: 'legislators disabled by admin' });
    expect(called('legislators')).toEqual([]);
    // The LIS id from the earlier sync is kept, not cleared.
    expect((await getMember('P000145'))?.lis_id).toBe('S413');

    expect((await poll()).result).toMatchObject({ skipped: false, listed: 3, created: 3, document_fetches_requeued: 0 });
    const drained = await drain(workers);
    expect(drained.failures).toEqual([]);
    expect(drained.handled['document-fetch']).toHaveLength(3);
    expect(drained.handled['ingest-tasks']).toEqual(
      expect.arrayContaining([expect.objectContaining({ v: 1, type: 'fetch_bill_votes', bill_id: '119-s-5', correlation_id: expect.any(String) })]),
    );
    expect(called('govinfo')).toEqual([]);
    expect(called('house')).toEqual([]);
    expect(called('senate')).toEqual([]);
    // Not even the version list is read from Congress.gov for a fetch that cannot store its text.
    expect(called('congress').filter((p) => p.endsWith('/text'))).toEqual([]);
    expect(await listTextVersions('116-hjres-37')).toEqual([]);
    expect(await takeAll('brief')).toEqual([]);
    expect(await listBillVotes('119-s-5')).toEqual([]);
    const pending = await listPendingDocumentFetches(10);
    expect(pending.map((p) => [p.bill_id, p.reason, p.skipped_because]).sort()).toEqual(
      ['116-hjres-37', '118-hr-21', '119-s-5'].map((id) => [id, 'new_bill', 'document_api disabled by admin']),
    );
  });

  it('releases the claim of a skipped vote fetch, so the next votes view asks again', async () => {
    expect(await claimVoteFetch('119-s-5')).toBe(true);
    await sendMessages('ingest-tasks', [{ v: 1, type: 'fetch_bill_votes', bill_id: '119-s-5' }]);
    expect((await drain(workers)).failures).toEqual([]);
    expect(await claimVoteFetch('119-s-5')).toBe(true);
    expect(calls.filter((c) => c.upstream === 'house' || c.upstream === 'senate')).toEqual([]);
  });

  it('once GovInfo and the roll calls are back on, the next poll queues the waiting fetches and texts and votes arrive', async () => {
    await setSources({ document_api: { enabled: true }, roll_calls: { enabled: true } });
    expect((await poll()).result).toMatchObject({ skipped: false, created: 0, document_fetches_requeued: 3 });
    expect(await listPendingDocumentFetches(10)).toEqual([]);
    const drained = await drain(workers);
    expect(drained.failures).toEqual([]);
    expect(drained.handled['document-fetch']).toEqual(
      expect.arrayContaining(['116-hjres-37', '118-hr-21', '119-s-5'].map((bill_id) => ({ v: 1, type: 'fetch_bill_text', bill_id, reason: 'new_bill' }))),
    );
    expect((await listTextVersions('116-hjres-37')).map((v) => v.version_code)).toEqual(['rh', 'rfs']);
    expect(called('govinfo').length).toBeGreaterThan(0);
    expect(await takeAll('brief')).toHaveLength(2);

    await sendMessages('ingest-tasks', [{ v: 1, type: 'fetch_bill_votes', bill_id: '119-s-5' }]);
    expect((await drain(workers)).failures).toEqual([]);
    expect(await listBillVotes('119-s-5')).toEqual([expect.objectContaining({ vote_id: 'senate-119-1-7' })]);
    expect(called('senate')).toHaveLength(1);
  });
});
