/**
 * The Congress.gov client against a local server standing in for the API
 * (pagination, 429 with Retry-After, 5xx, malformed and truncated payloads)
 * and the real recordings through its schemas and normalisers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import {
  actionFromProvider,
  billFromListItem,
  cosponsorFromProvider,
  detailFields,
  enrichmentFromDetail,
  memberFromDetail,
  memberFromListItem,
  textCandidates,
} from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import * as client from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import * as S from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { parseLegislators } from '#shared/adapters/providers/legislators/legislators-yaml.parser.ts';
import { enrichedTerms } from '#shared/domain/members/terms.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { fixture, hasFixtures, providerServer, sendJson } from '../../../../../support/ingest-fixtures.ts';

const at = '2025-02-01T00:00:00.000Z';
const action = (n: number) => ({ actionDate: `2025-01-${String(n).padStart(2, '0')}`, text: `Action ${n}`, type: 'Floor' });

describe('Congress.gov client against a local server', () => {
  let server: Awaited<ReturnType<typeof providerServer>>;
  // The fleet-wide budget is a token bucket in the table, which a unit test has not: count the slots taken instead.
  const slots: string[] = [];
  const saved = { ...transportSettings };
  beforeAll(async () => {
    transportSettings.baseDelayMs = 5;
    transportSettings.takeRateSlot = async (provider) => void slots.push(provider);
    server = await providerServer({
      '/v3/bill/119/hr/7/actions': (req, res) => {
        const offset = Number(new URL(req.url ?? '', 'http://x').searchParams.get('offset') ?? 0);
        const page = offset === 0 ? [action(1), action(2)] : [action(3)];
        sendJson(res, {
          actions: page,
          pagination: { count: 3, ...(offset === 0 ? { next: `${server.base}/v3/bill/119/hr/7/actions?offset=2&limit=2&format=json` } : {}) },
        });
      },
      '/v3/bill/119/hr/8': (_req, res, n) =>
        n === 1
          ? sendJson(res, { error: 'rate limited' }, 429, { 'retry-after': '0' })
          : n === 2
            ? sendJson(res, 'oops', 503)
            : sendJson(res, { bill: { congress: 119, number: '8', type: 'HR', title: 'A bill', updateDate: '2025-01-01' } }),
      '/v3/bill/119/hr/9': (_req, res) => sendJson(res, { bill: { congress: 119, number: '9', type: 'HR', updateDate: '2025-01-01' } }),
      '/v3/bill/119/hr/10': (_req, res) => sendJson(res, '{"bill": {"congress": 119, "num'),
      '/v3/bill/119/hr/11': (_req, res) => sendJson(res, { error: 'down' }, 500),
      // The real recording of GET /v3/bill/117 when present, else a page of the same shape.
      '/v3/bill/117': (_req, res) =>
        sendJson(
          res,
          hasFixtures
            ? fixture('congress-gov/bill-list-117-2022.json')
            : { bills: [], pagination: { count: 13129, next: 'https://api.congress.gov/v3/bill/117?offset=20&limit=20&format=json' } },
        ),
      '/v3/bill': (_req, res) => sendJson(res, { bills: [], pagination: { count: 0 } }),
    });
    process.env.CONGRESS_API_BASE_URL = `${server.base}/v3`;
    process.env.CONGRESS_API_KEY = 'secret-key';
    delete process.env.REPLAY_HAR;
    resetConfig();
  });
  afterEach(() => {
    server.seen.length = 0;
  });
  afterAll(async () => {
    Object.assign(transportSettings, saved);
    delete process.env.CONGRESS_API_BASE_URL;
    delete process.env.CONGRESS_API_KEY;
    resetConfig();
    await server.close();
  });

  it('follows pagination.next across pages and sends the key and format, each request under the budget', async () => {
    slots.length = 0;
    const actions = await client.getBillActions(119, 'hr', 7);
    expect(actions.map((a) => a.text)).toEqual(['Action 1', 'Action 2', 'Action 3']);
    expect(server.seen).toHaveLength(2);
    expect(slots).toEqual(['congress-gov', 'congress-gov']);
    expect(server.seen.every((s) => s.url.includes('api_key=secret-key') && s.url.includes('format=json'))).toBe(true);
  });

  it('reads one page of a Congress or of a window of update times, newest update first', async () => {
    const congress = await client.getBillListPage({ congress: 117 }, 500, 250);
    expect(congress).toMatchObject({ count: 13129, hasNext: true });
    if (hasFixtures) expect(congress.bills.map((b) => `${b.type} ${b.number}`).slice(0, 2)).toEqual(['HR 3617', 'HR 7343']);
    const window = await client.getBillListPage({ from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-01-31T23:59:59.999Z') }, 0, 250);
    expect(window).toEqual({ bills: [], count: 0, hasNext: false });
    const [first, second] = server.seen.map((s) => new URL(s.url, 'http://x'));
    expect(first?.pathname).toBe('/v3/bill/117');
    expect(Object.fromEntries(first?.searchParams ?? [])).toMatchObject({ sort: 'updateDate desc', offset: '500', limit: '250', format: 'json' });
    expect(second?.pathname).toBe('/v3/bill');
    expect(Object.fromEntries(second?.searchParams ?? [])).toMatchObject({
      fromDateTime: '2025-01-01T00:00:00Z',
      toDateTime: '2025-01-31T23:59:59Z',
      sort: 'updateDate desc',
      offset: '0',
    });
  });

  it('retries a 429 (honouring Retry-After) and a 503, then succeeds', async () => {
    const bill = await client.getBillDetail(119, 'hr', 8);
    expect(bill.title).toBe('A bill');
    expect(server.seen).toHaveLength(3);
  });

  it('gives up after its retries with an error naming the provider and status', async () => {
    await expect(client.getBillDetail(119, 'hr', 11)).rejects.toThrow(/congress-gov: HTTP 500 from GET .*\/v3\/bill\/119\/hr\/11/);
    expect(server.seen).toHaveLength(transportSettings.defaultRetries + 1);
  });

  it('rejects a payload missing a field, naming the field, and a truncated body', async () => {
    await expect(client.getBillDetail(119, 'hr', 9)).rejects.toThrow(/congress-gov: malformed bill detail: field bill\.title/);
    const err = await client.getBillDetail(119, 'hr', 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/congress-gov: malformed bill detail: body is not JSON/);
  });

  it('never puts the API key into an error message', async () => {
    const err = (await client.getBillDetail(119, 'hr', 11).catch((e: unknown) => e)) as Error;
    expect(err.message).not.toContain('secret-key');
  });
});

describe.skipIf(!hasFixtures)('Congress.gov schemas and normalisers on the real recordings', () => {
  it('reads the 2022 bill list into bills saved without a sponsor', () => {
    const page = S.BillListPage.parse(JSON.parse(fixture('congress-gov/bill-list-117-2022.json')));
    const bill = billFromListItem(page.bills[0] as S.BillListItem, at);
    expect(bill).toMatchObject({
      id: '117-hr-3617',
      label: 'H.R. 3617',
      chamber: 'house',
      sponsor_id: null,
      introduced_date: null,
      latest_action_category: 'vote',
    });
    expect(page.pagination?.next).toContain('offset=20');
  });

  it('reads the bill detail: sponsor, introduced date, policy area and link', () => {
    const detail = S.BillDetail.parse(JSON.parse(fixture('congress-gov/bill-hr-1-119.json'))).bill;
    expect(detailFields(detail)).toMatchObject({
      introduced_date: '2025-05-20',
      policy_area: 'Economics and Public Finance',
      congress_gov_url: 'https://www.congress.gov/bill/119th-congress/house-bill/1',
      sponsor: { id: 'A000375', name: 'Arrington, Jodey', state: 'TX', district: 19 },
    });
  });

  it('reads actions of both eras and categorises them', () => {
    const modern = S.ActionsPage.parse(JSON.parse(fixture('congress-gov/bill-hr-1-119-actions-limit3.json')));
    expect(modern.actions.map((a) => actionFromProvider('119-hr-1', a, at).category)).toEqual(['presidential', 'presidential', 'presidential']);
    expect(modern.pagination?.next).toContain('offset=3');
    const old = S.ActionsPage.parse(JSON.parse(fixture('congress-gov/bill-hr-21-117-actions.json')));
    const mapped = old.actions.map((a) => actionFromProvider('117-hr-21', a, at));
    expect(mapped).toHaveLength(10);
    expect(mapped.every((a) => a.recorded_votes.length === 0)).toBe(true);
    expect(mapped[0]?.category).toBe('referral');
  });

  it('reads cosponsors with party and original flag', () => {
    const page = S.CosponsorsPage.parse(JSON.parse(fixture('congress-gov/bill-s-3580-117-cosponsors-page1.json')));
    expect(cosponsorFromProvider('117-s-3580', page.cosponsors[0] as S.CosponsorItem)).toMatchObject({
      member_id: 'T000250',
      name: 'Thune, John',
      party: 'R',
      state: 'SD',
      is_original: true,
    });
    expect(page.pagination?.next).toContain('offset=15');
  });

  it('picks text versions with their best format (USLM first) and reads the version code', () => {
    const page = S.TextVersionsPage.parse(JSON.parse(fixture('congress-gov/bill-hr-1-119-text.json')));
    expect(textCandidates(page.textVersions)).toEqual([
      expect.objectContaining({ version_code: 'enr', label: 'Enrolled Bill', published_date: null, formats: ['uslm', 'xml', 'htm'] }),
      expect.objectContaining({ version_code: 'eas', published_date: '2025-07-01', formats: ['xml', 'htm'] }),
    ]);
  });

  it('reads members: full state names become codes, district comes from the top-level field', () => {
    const page = S.MemberListPage.parse(JSON.parse(fixture('congress-gov/member-list-limit2.json')));
    const [graham, wahab] = page.members.map((m) => memberFromListItem(m, at));
    expect(graham).toMatchObject({ id: 'G000608', name: 'Graham, Darline', state: 'SC', chamber: 'senate', district: null, party: 'R' });
    expect(wahab).toMatchObject({ id: 'W000832', state: 'CA', chamber: 'house', district: 14, party: 'D' });
  });

  it('reads a member whose last term has ended (died, resigned, term over) as not in office, a sitting one as in office', () => {
    const page = S.MemberListPage.parse(JSON.parse(fixture('congress-gov/member-list-limit2.json')));
    const [graham, wahab] = page.members.map((m) => memberFromListItem(m, at));
    expect([graham?.in_office, wahab?.in_office]).toEqual([true, true]);
    const item = page.members[0];
    if (!item) throw new Error('fixture has no member');
    const departed = {
      ...item,
      terms: {
        item: [
          { chamber: 'House of Representatives', startYear: 2019, endYear: 2023 },
          { chamber: 'Senate', startYear: 2023, endYear: 2025 },
        ],
      },
    };
    expect(memberFromListItem(S.MemberListItem.parse(departed), at)).toMatchObject({ id: 'G000608', chamber: 'senate', in_office: false });
  });

  it('reads the member detail into the enrichment: bio, terms, counts, contact', () => {
    const d = S.MemberDetail.parse(JSON.parse(fixture('congress-gov/member-A000375.json'))).member;
    const e = enrichmentFromDetail(d, at);
    expect(e).toMatchObject({
      birth_year: 1972,
      sponsored_count: 192,
      cosponsored_count: 789,
      phone: '(202) 225-4005',
      website: 'https://arrington.house.gov',
    });
    expect(e.terms[0]).toMatchObject({ chamber: 'house', congress: 115, start_year: 2017, state: 'TX', district: 19 });
  });

  it('keeps the party and end year of the current term when a member is opened (the enrichment)', () => {
    const d = S.MemberDetail.parse(JSON.parse(fixture('congress-gov/member-A000375.json'))).member;
    const fresh = enrichmentFromDetail(d, at).terms;
    // The detail's partyHistory names the party of every term.
    expect(fresh.map((t) => t.party)).toEqual(fresh.map(() => 'R'));
    // What sync_members stored from congress-legislators: the current term ends in 2027.
    const stored = parseLegislators(fixture('congress-legislators/legislators-current.json')).find((m) => m.id === 'A000375')?.terms ?? [];
    expect(stored.at(-1)).toMatchObject({ start_year: 2025, end_year: 2027, party: 'R' });
    const merged = enrichedTerms(fresh, stored);
    expect(merged).toHaveLength(fresh.length);
    expect(merged.at(-1)).toEqual({ chamber: 'house', congress: 119, start_year: 2025, end_year: 2027, state: 'TX', district: 19, party: 'R' });
    expect(merged[0]).toMatchObject({ congress: 115, start_year: 2017, end_year: 2019, party: 'R' });
  });

  it('builds a member not in the list (a sponsor who has left) from its detail', () => {
    const d = S.MemberDetail.parse(JSON.parse(fixture('congress-gov/member-A000375.json'))).member;
    expect(memberFromDetail(d, at)).toMatchObject({
      id: 'A000375',
      state: 'TX',
      chamber: 'house',
      district: 19,
      party: 'R',
      in_office: true,
      birth_year: 1972,
      enriched_at: at,
    });
    expect(memberFromDetail({ ...d, currentMember: false }, at)?.in_office).toBe(false);
  });

  it('recognises the error body of an unknown resource as malformed', () => {
    expect(S.BillDetail.safeParse(JSON.parse(fixture('congress-gov/error-unknown-resource-senate-vote.json'))).success).toBe(false);
  });
});
