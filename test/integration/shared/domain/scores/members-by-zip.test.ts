/**
 * sync_members and by-zip on DynamoDB Local against stand-in providers
 * serving the real congress-legislators file: members of eleven states and
 * territories (Montana's two districts, the six at-large states, three
 * delegates and California) synced from a Congress.gov list built from that
 * file; their term history stored at sync, so every one gets a seniority
 * tier; and GET /api/members/by-zip answered from the bundled crosswalk
 * (one district, several, a street address picking one through a stand-in
 * Census geocoder), from the geocoder for a ZIP the crosswalk lacks, and
 * 404/422 for unknown and malformed ZIPs.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler as membersApi } from '#functions/api/members.ts';
import { ingestJobs } from '#functions/jobs/ingest.ts';
import { getMember, listAllMembers, saveMemberEnrichment } from '#shared/adapters/db/members.repository.ts';
import { stateName } from '#shared/domain/members/state-codes.ts';
import { congressesServed } from '#shared/domain/scores/seniority.ts';
import { seniorityTier } from '#shared/domain/scores/tiers.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import { resetConfig } from '#shared/platform/config.ts';
import { resetReplay } from '#shared/adapters/providers/transport/http-transport.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

useIntegrationStack();

const STATES = ['MT', 'AK', 'DE', 'ND', 'SD', 'VT', 'WY', 'DC', 'PR', 'GU', 'CA'];

interface Legislator {
  id: { bioguide: string };
  name: { first: string; last: string };
  terms: { type: 'rep' | 'sen'; start: string; state: string; district?: number; party?: string }[];
}

/** The Congress.gov member list of the chosen states, built from the legislators file. WY's item carries no district, as a provider may send it. */
function congressList(legislators: Legislator[]) {
  const members = legislators.flatMap((l) => {
    const t = l.terms[l.terms.length - 1];
    if (!t || !STATES.includes(t.state)) return [];
    const rep = t.type === 'rep';
    return [
      {
        bioguideId: l.id.bioguide,
        name: `${l.name.last}, ${l.name.first}`,
        partyName: t.party === 'Democrat' ? 'Democratic' : t.party,
        state: stateName(t.state),
        ...(rep && t.state !== 'WY' ? { district: t.district } : {}),
        terms: { item: [{ chamber: rep ? 'House of Representatives' : 'Senate', startYear: Number(t.start.slice(0, 4)) }] },
      },
    ];
  });
  return { members, pagination: { count: members.length } };
}

/** A point the stand-in boundary service answers, and the one-line addresses the stand-in geocoder matches to points. */
const POINTS: Record<string, { x: number; y: number; geoid: string }> = {
  cupertino: { x: -122.0297, y: 37.3181, geoid: '0617' },
  sanJose: { x: -122.0781, y: 37.3394, geoid: '0616' },
  folsom: { x: -121.1761, y: 38.678, geoid: '0603' },
  guam: { x: 144.7937, y: 13.4443, geoid: '6698' },
};
const ADDRESSES: Record<string, keyof typeof POINTS> = {
  '10300 Torre Ave, Cupertino, CA 95014': 'cupertino',
  '1 Example Rd, 95014': 'sanJose',
  '50 Natoma St, Folsom, CA 95014': 'folsom',
};

type Served = { path: string; query: URLSearchParams };
const served: Served[] = [];
let legislatorsText = '';
const send = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));

/** Census geocoder answers in the recorded format (../shared/fixtures/census-geocoder), with our points and a 119th-district layer. */
function census(path: string, query: URLSearchParams, res: ServerResponse) {
  if (path === '/census/geocoder/locations/onelineaddress') {
    const recorded = JSON.parse(fixture('census-geocoder/locations-address-1600-pennsylvania-ave.json')) as {
      result: { input: Record<string, unknown>; addressMatches: Record<string, unknown>[] };
    };
    const point = POINTS[ADDRESSES[query.get('address') ?? ''] ?? ''];
    const template = recorded.result.addressMatches[0] ?? {};
    recorded.result.input = { ...recorded.result.input, address: { address: query.get('address') } };
    recorded.result.addressMatches = point
      ? [{ ...template, matchedAddress: String(query.get('address')).toUpperCase(), coordinates: { x: point.x, y: point.y } }]
      : [];
    return send(res, 200, recorded);
  }
  if (path === '/census/geocoder/geographies/coordinates') {
    const recorded = JSON.parse(fixture('census-geocoder/geographies-coordinates-x-74-y43.json')) as {
      result: { input: { location: unknown }; geographies: Record<string, unknown> };
    };
    const point = Object.values(POINTS).find((p) => String(p.x) === query.get('x') && String(p.y) === query.get('y'));
    recorded.result.input.location = { x: Number(query.get('x')), y: Number(query.get('y')) };
    if (point) {
      recorded.result.geographies['119th Congressional Districts'] = [
        { GEOID: point.geoid, STATE: point.geoid.slice(0, 2), CD119: point.geoid.slice(2), BASENAME: point.geoid.slice(2), MTFCC: 'G5200' },
      ];
    }
    return send(res, 200, recorded);
  }
  send(res, 404, { errors: ['unknown path'] });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  served.push({ path: url.pathname, query: url.searchParams });
  if (url.pathname === '/congress/v3/member') return send(res, 200, congressList(JSON.parse(legislatorsText) as Legislator[]));
  if (url.pathname === '/legislators/legislators-current.json') return send(res, 200, legislatorsText);
  if (url.pathname === '/legislators/committees-current.json') return send(res, 200, fixture('congress-legislators/committees-current.json'));
  if (url.pathname === '/legislators/committee-membership-current.json')
    return send(res, 200, fixture('congress-legislators/committee-membership-current.json'));
  if (url.pathname === '/zip/us/96910') {
    const { x, y } = POINTS.guam as { x: number; y: number };
    return send(res, 200, {
      'post code': '96910',
      places: [{ 'place name': 'Hagatna', longitude: String(x), latitude: String(y), 'state abbreviation': 'GU' }],
    });
  }
  if (url.pathname.startsWith('/zip/')) return send(res, 404, '{}');
  if (url.pathname.startsWith('/census/')) return census(url.pathname, url.searchParams, res);
  send(res, 404, { error: 'no such resource' });
});

const ENV = [
  'CONGRESS_API_KEY',
  'CONGRESS_API_BASE_URL',
  'LEGISLATORS_BASE_URL',
  'ZIP_GEOCODER_BASE_URL',
  'ADDRESS_GEOCODER_BASE_URL',
  'DISTRICT_BOUNDARIES_BASE_URL',
  'REPLAY_HAR',
];
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  if (!hasFixtures) return;
  legislatorsText = fixture('congress-legislators/legislators-current.json');
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  delete process.env.REPLAY_HAR;
  Object.assign(process.env, {
    CONGRESS_API_KEY: 'test-key',
    CONGRESS_API_BASE_URL: `${base}/congress/v3`,
    LEGISLATORS_BASE_URL: `${base}/legislators`,
    ZIP_GEOCODER_BASE_URL: `${base}/zip`,
    ADDRESS_GEOCODER_BASE_URL: `${base}/census`,
    DISTRICT_BOUNDARIES_BASE_URL: `${base}/census`,
  });
  resetConfig();
  resetReplay();
  await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
}, 60_000);
beforeEach(() => {
  served.length = 0;
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
  if (server.listening) await new Promise<void>((r) => server.close(() => r()));
});

interface ZipAnswer {
  zip: string;
  state: string;
  district: number | null;
  districts: { state: string; district: number }[];
  ambiguous: boolean;
  members: { id: string; chamber: string; district: number | null }[];
}
const byZip = async (zip: string, address?: string) => {
  const res = await call(membersApi, 'GET', `/api/members/by-zip/${zip}`, address ? { query: { address } } : {});
  return { status: res.status, body: res.body as ZipAnswer & { detail?: string; code?: string } };
};
const house = (a: ZipAnswer) => a.members.filter((m) => m.chamber === 'house').map((m) => m.id);
const senate = (a: ZipAnswer) => a.members.filter((m) => m.chamber === 'senate').map((m) => m.id);

describe.skipIf(!hasFixtures)('sync_members from the legislators file', () => {
  it('stores every member with its term history, so each gets a seniority tier', async () => {
    const members = await listAllMembers();
    expect(members).toHaveLength(78);
    for (const m of members) {
      expect(m.terms.length, m.id).toBeGreaterThan(0);
      expect(seniorityTier(congressesServed(m.terms, 119)), m.id).not.toBeNull();
    }
    const tier = async (id: string) => seniorityTier(congressesServed((await getMember(id))?.terms ?? [], 119));
    expect(await tier('L000607')).toBe('junior'); // Liccardo, first elected 2024
    expect(await tier('K000389')).toBe('mid'); // Khanna, since 2017
    expect(await tier('L000397')).toBe('senior'); // Lofgren, since 1995
    // A list item without a district gets the file's: Wyoming's at-large seat.
    expect((await getMember('H001096'))?.district).toBe(0);
    expect((await getMember('Z000018'))?.district).toBe(1);
  });

  it('has the effectiveness job rank every member in a known seniority bucket', async () => {
    await runJob(ingestJobs, { job: 'calculate_effectiveness_scores', trigger: 'local' });
    const members = await listAllMembers();
    expect(members.filter((m) => m.seniority_tier === null).map((m) => m.id)).toEqual([]);
    expect(new Set(members.map((m) => m.seniority_tier))).toEqual(new Set(['junior', 'mid', 'senior']));
  });

  it('keeps the enrichment-only fields when it syncs again', async () => {
    const enrichedAt = '2025-06-01T00:00:00.000Z';
    await saveMemberEnrichment('Z000018', {
      birth_year: 1961,
      terms: [],
      leadership_roles: [{ title: 'Secretary of the Interior', congress: 115, current: false }],
      sponsored_count: 41,
      cosponsored_count: 230,
      enriched_at: enrichedAt,
      photo_url: 'https://www.congress.gov/img/member/z000018_200.jpg',
    });
    await runJob(ingestJobs, { job: 'sync_members', trigger: 'local' });
    const zinke = await getMember('Z000018');
    expect(zinke).toMatchObject({ sponsored_count: 41, cosponsored_count: 230, enriched_at: enrichedAt, birth_year: 1961 });
    expect(zinke?.leadership_roles).toEqual([{ title: 'Secretary of the Interior', congress: 115, current: false }]);
    expect(zinke?.terms.length).toBe(4);
    expect(zinke?.seniority_tier).not.toBeNull();
  });
});

describe.skipIf(!hasFixtures)('GET /api/members/by-zip', () => {
  it("answers a ZIP in each Montana district with that district's representative", async () => {
    const west = await byZip('59801');
    expect(west.status).toBe(200);
    expect(west.body).toMatchObject({ zip: '59801', state: 'MT', district: 1, districts: [{ state: 'MT', district: 1 }], ambiguous: false });
    expect(house(west.body)).toEqual(['Z000018']);
    expect(senate(west.body).sort()).toEqual(['D000618', 'S001232']);
    const east = await byZip('59101');
    expect(east.body).toMatchObject({ state: 'MT', district: 2, ambiguous: false });
    expect(house(east.body)).toEqual(['D000634']);
    // Answered from the bundled crosswalk: no provider was asked.
    expect(served).toEqual([]);
  });

  it('answers each at-large state with its one representative and its senators, and a delegate for DC and Puerto Rico', async () => {
    for (const [zip, state] of [
      ['99501', 'AK'],
      ['19901', 'DE'],
      ['58501', 'ND'],
      ['57501', 'SD'],
      ['05401', 'VT'],
      ['82001', 'WY'],
    ] as const) {
      const { status, body } = await byZip(zip);
      expect(status, zip).toBe(200);
      expect(body, zip).toMatchObject({ state, district: 0, ambiguous: false });
      expect(house(body), zip).toHaveLength(1);
      expect(senate(body), zip).toHaveLength(2);
    }
    for (const zip of ['20001', '00601']) {
      const { body } = await byZip(zip);
      expect(house(body), zip).toHaveLength(1);
      expect(senate(body), zip).toEqual([]);
    }
  });

  it('answers a ZIP across two districts as ambiguous, with the members of both', async () => {
    const { status, body } = await byZip('95014');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: 'CA',
      district: null,
      ambiguous: true,
      districts: [
        { state: 'CA', district: 16 },
        { state: 'CA', district: 17 },
      ],
    });
    expect(house(body).sort()).toEqual(['K000389', 'L000607']);
    expect(senate(body).sort()).toEqual(['P000145', 'S001150']);
  });

  it('resolves a ZIP across two districts to one by a street address, through the geocoder and the boundary service', async () => {
    const city = await byZip('95014', '10300 Torre Ave, Cupertino, CA 95014');
    expect(city.status).toBe(200);
    expect(city.body).toMatchObject({ district: 17, ambiguous: false, districts: [{ state: 'CA', district: 17 }] });
    expect(house(city.body)).toEqual(['K000389']);
    expect(served.map((s) => s.path)).toEqual(['/census/geocoder/locations/onelineaddress', '/census/geocoder/geographies/coordinates']);
    // An address without the ZIP is looked up with it.
    const other = await byZip('95014', '1 Example Rd');
    expect(other.body).toMatchObject({ district: 16, ambiguous: false });
    expect(house(other.body)).toEqual(['L000607']);
  });

  it('refuses an address the geocoder cannot find, or one outside the ZIP, with 422', async () => {
    const unknown = await byZip('95014', '1 Nowhere Lane');
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'zip.address_unknown' });
    const outside = await byZip('95014', '50 Natoma St, Folsom, CA 95014');
    expect(outside.status).toBe(422);
    expect(outside.body.detail).toBe('The address "50 Natoma St, Folsom, CA 95014" is in CA-3, which ZIP 95014 does not reach (CA-16, CA-17)');
  });

  it('asks no geocoder for an address in a ZIP of one district', async () => {
    const { body } = await byZip('59801', '10300 Torre Ave, Cupertino, CA 95014');
    expect(body).toMatchObject({ district: 1, ambiguous: false });
    expect(served).toEqual([]);
  });

  it('asks the geocoder for a ZIP the crosswalk lacks: Guam and its delegate', async () => {
    const { status, body } = await byZip('96910');
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 'GU', district: 0, districts: [{ state: 'GU', district: 0 }], ambiguous: false });
    expect(house(body)).toEqual(['M001219']);
    expect(served.map((s) => s.path)).toEqual(['/zip/us/96910', '/census/geocoder/geographies/coordinates']);
  });

  it('answers 404 with a detail for a ZIP no source knows, and 422 for a malformed ZIP', async () => {
    const unknown = await byZip('00000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'zip.unknown', detail: 'ZIP 00000 is in neither the ZIP-to-district crosswalk nor the ZIP geocoder' });
    for (const bad of ['9501', 'abcde', '950141']) {
      const res = await byZip(bad);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail, bad).toEqual(expect.any(String));
    }
    const badAddress = await byZip('95014', 'x');
    expect(badAddress.status).toBe(422);
  });
});
