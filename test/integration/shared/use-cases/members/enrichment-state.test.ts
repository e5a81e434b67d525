/**
 * A member page never says "being gathered" for ever (issue 33.1): the
 * profile answers what became of Congress.gov's profile. Offline, a member
 * of the bundled dataset whose profile the recording lacks is
 * unavailable_offline after one run (the task succeeds: asking again cannot
 * help), and the page keeps the bundled terms; when Congress.gov answers an
 * error, the run notes it as failed with the status, then throws for the
 * queue to retry; a later success makes it done.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { handler as membersApi } from '#functions/api/members.ts';
import { handler as ingestTasks } from '#functions/workers/ingest-tasks.ts';
import { putMember } from '#shared/adapters/db/members.repository.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { NOT_SCORED } from '#shared/domain/members/member.schema.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay, transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { drain } from '#test/support/drain.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { providerServer, sendJson } from '#test/support/ingest-fixtures.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';

useIntegrationStack();

const ENV = ['REPLAY_HAR', 'CONGRESS_API_KEY', 'CONGRESS_API_BASE_URL'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
afterAll(() => {
  for (const k of ENV) if (saved[k] === undefined) delete process.env[k];
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
  resetConfig();
  resetReplay();
});

/** A member as the bundled congress-legislators load stores it: terms and contact, never enriched from Congress.gov. */
const bundled = (id: string): Member => ({
  id,
  name: 'Example, Pat',
  first_name: 'Pat',
  last_name: 'Example',
  nickname: null,
  state: 'VT',
  district: 0,
  chamber: 'house',
  party: 'D',
  photo_url: null,
  office_address: null,
  phone: '202-225-0000',
  website: null,
  congress_gov_url: null,
  lis_id: null,
  birth_year: 1970,
  terms: [{ chamber: 'house', congress: 119, start_year: 2025, end_year: 2027, state: 'VT', district: 0, party: 'D' }],
  in_office: true,
  leadership_roles: [],
  sponsored_count: null,
  cosponsored_count: null,
  enriched_at: null,
  updated_at: null,
  chaired_committees: [],
  ...NOT_SCORED,
  provenance: { source: 'congress-legislators', fetched_at: '2026-06-20T00:00:00.000Z' },
});

type Profile = { enrichment_state: string; enrichment_pending: boolean; enrichment_detail: string | null; terms: unknown[] };
const profile = async (id: string) => (await call(membersApi, 'GET', `/api/members/${id}`)).body as Profile;

describe("what became of a member's Congress.gov profile", () => {
  it('offline: pending while queued, then unavailable_offline with the bundled terms kept, and the task succeeds', async () => {
    process.env.REPLAY_HAR = SEED_HAR_PATH;
    delete process.env.CONGRESS_API_KEY;
    resetConfig();
    resetReplay();
    await putMember(bundled('X000001'));
    expect(await profile('X000001')).toMatchObject({ enrichment_state: 'pending', enrichment_pending: true });
    const { failures } = await drain({ 'ingest-tasks': ingestTasks });
    expect(failures).toEqual([]);
    const after = await profile('X000001');
    expect(after).toMatchObject({ enrichment_state: 'unavailable_offline', enrichment_pending: false, enrichment_detail: null });
    expect(after.terms).toHaveLength(1);
  });

  it('live: a provider error is noted as failed with its status, then a later run that succeeds makes it done', async () => {
    let fail = true;
    const detail = { member: { bioguideId: 'X000002', birthYear: '1970', state: 'Vermont', terms: [], sponsoredLegislation: { count: 3 } } };
    const server = await providerServer({
      '/v3/member/X000002': (_req, res: ServerResponse) => (fail ? sendJson(res, { error: 'boom' }, 500) : sendJson(res, detail)),
    });
    const delay = transportSettings.baseDelayMs;
    try {
      transportSettings.baseDelayMs = 1;
      delete process.env.REPLAY_HAR;
      Object.assign(process.env, { CONGRESS_API_BASE_URL: `${server.base}/v3`, CONGRESS_API_KEY: 'test-key' });
      resetConfig();
      await putMember(bundled('X000002'));
      expect((await profile('X000002')).enrichment_state).toBe('pending');
      const first = await drain({ 'ingest-tasks': ingestTasks });
      expect(first.failures.length).toBe(1);
      expect(await profile('X000002')).toMatchObject({
        enrichment_state: 'failed',
        enrichment_detail: 'Congress.gov answered HTTP 500',
        enrichment_pending: false,
      });
      // The queue delivers the message again (drain takes a failed message off; SQS would redeliver it).
      fail = false;
      await sendMessages('ingest-tasks', [{ v: 1, type: 'enrich_member', member_id: 'X000002' }]);
      expect((await drain({ 'ingest-tasks': ingestTasks })).failures).toEqual([]);
      expect(await profile('X000002')).toMatchObject({ enrichment_state: 'done', sponsored_count: 3 });
    } finally {
      transportSettings.baseDelayMs = delay;
      await server.close();
    }
  });
});
