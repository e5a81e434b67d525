/**
 * The offline membership (issue 21.2): the bundled congress-legislators files
 * loaded into DynamoDB Local, then by-zip answered with no provider at all
 * (REPLAY_HAR on the seed recording, which knows one ZIP): every one of 25
 * ZIPs in 25 states has its two senators and its House member, member pages
 * carry terms, party, contact and committee chairs, and a ZIP in no offline
 * source is a 404 whose detail names no internals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as membersApi } from '#functions/api/members.ts';
import { bioguideIdsForLis, listAllMembers, searchMembers } from '#shared/adapters/db/members.repository.ts';
import { memberKeys } from '#shared/adapters/db/keys/member.keys.ts';
import { memberActivityFromItem } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { loadOfflineMembers } from '#local/demo/offline-members.ts';
import { SEED_HAR_PATH } from '#local/fixtures/build-seed-har.ts';
import * as table from '#shared/adapters/db/table-client.ts';

useIntegrationStack();

const ZIPS: Record<string, string> = {
  AL: '35203',
  AK: '99501',
  AZ: '85004',
  AR: '72201',
  CA: '94103',
  CO: '80202',
  CT: '06103',
  DE: '19901',
  GA: '30303',
  HI: '96813',
  IL: '60601',
  IN: '46204',
  IA: '50309',
  KS: '66603',
  KY: '40202',
  LA: '70112',
  ME: '04101',
  MD: '21202',
  MI: '48226',
  MN: '55401',
  MO: '63101',
  MT: '59601',
  NE: '68102',
  NH: '03301',
  WY: '82001',
};

const saved = { REPLAY_HAR: process.env.REPLAY_HAR, CONGRESS_API_KEY: process.env.CONGRESS_API_KEY };
let loaded: Awaited<ReturnType<typeof loadOfflineMembers>>;

beforeAll(async () => {
  delete process.env.CONGRESS_API_KEY;
  process.env.REPLAY_HAR = SEED_HAR_PATH;
  resetConfig();
  resetReplay();
  loaded = await loadOfflineMembers(new Date('2026-06-20T00:00:00Z'));
}, 120_000);
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  resetReplay();
});

interface ZipAnswer {
  state: string;
  members: { id: string; chamber: string; state: string }[];
  detail?: string;
  code?: string;
}
const byZip = async (zip: string) => {
  const res = await call(membersApi, 'GET', `/api/members/by-zip/${zip}`);
  return { status: res.status, body: res.body as ZipAnswer };
};

describe('every current member offline', () => {
  it('loads every member of the bundled dataset (at least 530), idempotently', async () => {
    expect(loaded.members).toBeGreaterThanOrEqual(530);
    expect((await listAllMembers()).length).toBe(loaded.members);
    const again = await loadOfflineMembers(new Date('2026-06-20T00:00:00Z'));
    expect(again).toMatchObject({ members: loaded.members, new: 0, written: 0 });
    expect((await listAllMembers()).length).toBe(loaded.members);
  }, 120_000);

  it('answers 25 ZIPs of 25 states with two senators and at least one House member each', async () => {
    expect(new Set(Object.keys(ZIPS)).size).toBe(25);
    for (const [state, zip] of Object.entries(ZIPS)) {
      const { status, body } = await byZip(zip);
      expect(status, zip).toBe(200);
      expect(body.state, zip).toBe(state);
      expect(
        body.members.filter((m) => m.chamber === 'senate' && m.state === state),
        zip,
      ).toHaveLength(2);
      expect(body.members.filter((m) => m.chamber === 'house').length, zip).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives member pages their terms, party, contact details and committee chairs', async () => {
    const members = await listAllMembers();
    expect(members.every((m) => m.terms.length > 0 && m.party !== null)).toBe(true);
    expect(members.filter((m) => m.phone && m.website).length).toBeGreaterThan(500);
    const chairs = members.filter((m) => (m.chaired_committees ?? []).length > 0);
    expect(chairs.length).toBeGreaterThan(20);
    const chair = chairs[0] as (typeof chairs)[number];
    const res = await call(membersApi, 'GET', `/api/members/${chair.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: chair.id, party: chair.party, chaired_committees: chair.chaired_committees });
    expect((res.body as { terms: unknown[] }).terms.length).toBe(chair.terms.length);
  });

  it('writes what putMember writes beside each record, though in batches: name search, LIS ids and the recent-votes card', async () => {
    const senators = (await listAllMembers()).filter((m) => m.lis_id);
    expect(senators.length).toBeGreaterThanOrEqual(100);
    const lis = await bioguideIdsForLis(senators.map((m) => m.lis_id as string));
    expect(lis.size).toBe(senators.length);
    const senator = senators[0] as (typeof senators)[number];
    expect(lis.get(senator.lis_id as string)).toBe(senator.id);
    const lastName = senator.name.split(',')[0] as string;
    expect((await searchMembers(lastName, 50)).map((c) => c.id)).toContain(senator.id);
    const recent = await table.getItem({ Key: memberKeys.recentVotes(senator.id) });
    expect(memberActivityFromItem(recent.Item, 3)).toEqual({ card: expect.objectContaining({ id: senator.id, name: senator.name }), recent_votes: [] });
  });

  it('answers a ZIP in no offline source 404 with a detail that names no internals', async () => {
    const { status, body } = await byZip('00000');
    expect(status).toBe(404);
    expect(body.code).toBe('zip.unknown');
    expect(body.detail).toMatch(/ZIP 00000 is not in the offline ZIP-to-district data/);
    expect(body.detail).not.toMatch(/REPLAY_HAR|har|recorded/i);
  });
});
