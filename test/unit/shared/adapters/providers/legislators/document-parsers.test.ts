import { describe, expect, it } from 'vitest';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { districtFromGeographies } from '#shared/domain/members/district.ts';
import { parseCommitteeChairs } from '#shared/adapters/providers/legislators/committee-chairs.parser.ts';
import { parseLegislators } from '#shared/adapters/providers/legislators/legislators-yaml.parser.ts';
import { documentToPlainText } from '#shared/domain/bills/plain-text.ts';
import { HJRES37_RFS } from '../../../../../../local/fixtures/seed-documents.ts';
import { fixture, hasFixtures } from '../../../../../support/ingest-fixtures.ts';

describe.skipIf(!hasFixtures)('document parsers on the real recordings', () => {
  it('reads Bill Status v3 with recorded votes, cosponsors and text versions', () => {
    const s = parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr2471.xml'));
    expect(s.bill).toMatchObject({
      id: '117-hr-2471',
      title: 'Consolidated Appropriations Act, 2022',
      introduced_date: '2021-04-13',
      sponsor_id: 'J000294',
      latest_action_category: 'presidential',
    });
    const votes = s.actions.flatMap((a) => a.recorded_votes);
    expect(votes.length).toBeGreaterThan(5);
    expect(votes).toContainEqual(expect.objectContaining({ chamber: 'senate', congress: 117, session: 2, roll_number: 78 }));
    expect(s.cosponsors.length).toBeGreaterThan(0);
    expect(s.text_versions.find((t) => t.label === 'Enrolled Bill')?.date).toBeNull();
  });

  it('reads the legacy Bill Status format', () => {
    const s = parseBillStatus(fixture('govinfo-billstatus/legacy-BILLSTATUS-114hres348.xml'));
    expect(s.bill).toMatchObject({ id: '114-hres-348', introduced_date: '2015-07-07' });
    expect(s.actions).toHaveLength(15);
  });

  it('reads congress-legislators in YAML and JSON alike', () => {
    const yaml = parseLegislators(fixture('congress-legislators/legislators-current.yaml'));
    const json = parseLegislators(fixture('congress-legislators/legislators-current.json'));
    expect(yaml.length).toBe(json.length);
    const cantwell = json.find((m) => m.id === 'C000127');
    expect(cantwell).toMatchObject({ name: 'Cantwell, Maria', state: 'WA', chamber: 'senate', lis_id: 'S275', birth_year: 1958, party: 'D' });
    expect(json.filter((m) => m.chamber === 'house' && ['AK', 'WY', 'VT'].includes(m.state)).every((m) => m.district === 0)).toBe(true);
    // The name a member goes by, which name search finds (issue 32.1: "bernie").
    expect(json.find((m) => m.id === 'S000033')).toMatchObject({ name: 'Sanders, Bernard', nickname: 'Bernie' });
    expect(yaml.find((m) => m.id === 'S000033')?.nickname).toBe('Bernie');
    expect(cantwell?.nickname).toBeNull();
  }, 20_000);

  it('reads the full committees each member chairs from the committee files', () => {
    const chairs = parseCommitteeChairs(
      fixture('congress-legislators/committees-current.json'),
      fixture('congress-legislators/committee-membership-current.json'),
    );
    expect(chairs.get('B001236')).toEqual(['Senate Committee on Agriculture, Nutrition, and Forestry']);
    expect(chairs.get('C000880')).toEqual(['Senate Committee on Finance', 'Joint Committee on Taxation']);
    // Britt chairs two Senate subcommittees and no full committee; Padilla is a ranking member.
    expect(chairs.has('B001319')).toBe(false);
    expect(chairs.has('P000145')).toBe(false);
    expect(chairs.size).toBe(46);
    expect([...chairs.values()].flat()).toHaveLength(50);
  });

  it('renders USLM text as plain text that keeps section numbers', () => {
    const text = documentToPlainText(fixture('bill-text-uslm/BILLS-116hjres37rh_uslm.xml'));
    expect(text.split('\n')).toContain(
      'SEC. 2. REMOVAL OF UNITED STATES ARMED FORCES FROM HOSTILITIES IN THE REPUBLIC OF YEMEN THAT HAVE NOT BEEN AUTHORIZED BY CONGRESS.',
    );
    expect(text).not.toMatch(/<[a-z]/i);
    const long = documentToPlainText(fixture('bill-text-uslm/BILLS-116hr2157ih_uslm.xml'));
    expect(long).toMatch(/^TITLE I/m);
    expect(long.length).toBeGreaterThan(10_000);
  });

  it('finds no district in geocoder answers whose congressional layer is missing or failed', () => {
    expect(districtFromGeographies(JSON.parse(fixture('census-geocoder/geographies-coordinates-x-74-y43.json')), 119)).toBeNull();
    expect(districtFromGeographies(JSON.parse(fixture('census-geocoder/geographies-onelineaddress-1600-pennsylvania-ave-layers-all.json')), 119)).toBeNull();
  });

  it("refuses an answer carrying only a later Congress's district layer, as a missing layer is refused", () => {
    const withLayers = (layers: Record<string, unknown[]>) => {
      const recorded = JSON.parse(fixture('census-geocoder/geographies-coordinates-x-74-y43.json')) as { result: { geographies: Record<string, unknown> } };
      Object.assign(recorded.result.geographies, layers);
      return recorded;
    };
    const later = { '120th Congressional Districts': [{ GEOID: '3621', STATE: '36', CD120: '21' }] };
    const current = { '119th Congressional Districts': [{ GEOID: '3620', STATE: '36', CD119: '20' }] };
    expect(districtFromGeographies(withLayers(later), 119)).toBeNull();
    expect(districtFromGeographies(withLayers({ ...later, ...current }), 119)).toEqual({ state: 'NY', district: 20 });
    expect(districtFromGeographies(withLayers({ ...later, ...current }), 120)).toEqual({ state: 'NY', district: 21 });
  });
});

describe('document parsers on the project fixtures and broken input', () => {
  it('keeps a section heading of the real text on one line', () => {
    expect(documentToPlainText(HJRES37_RFS).split('\n')).toContain('SEC. 4. RULE OF CONSTRUCTION REGARDING INTELLIGENCE SHARING.');
  });

  it('reads the district GEOID first, GEOID20 next, then state plus a CD number, with a numeric guard', () => {
    const layer = (f: Record<string, unknown>) => ({ result: { geographies: { '119th Congressional Districts': [f] } } });
    expect(districtFromGeographies(layer({ GEOID: '0617', CD119: '99' }), 119)).toEqual({ state: 'CA', district: 17 });
    expect(districtFromGeographies(layer({ GEOID: 'bad', GEOID20: '3612' }), 119)).toEqual({ state: 'NY', district: 12 });
    expect(districtFromGeographies(layer({ STATE: '48', CD119FP: '07' }), 119)).toEqual({ state: 'TX', district: 7 });
    expect(districtFromGeographies(layer({ STATE: '48', CD119FP: 'ZZ' }), 119)).toBeNull();
    expect(districtFromGeographies(layer({ GEOID: '5600' }), 119)).toEqual({ state: 'WY', district: 0 });
    expect(districtFromGeographies(layer({ GEOID: '1198' }), 119)).toEqual({ state: 'DC', district: 0 });
    expect(districtFromGeographies({ result: { geographies: { Counties: [{ GEOID: '0617' }] } } }, 119)).toBeNull();
  });

  it('names the provider and field of malformed Bill Status and legislators data', () => {
    expect(() => parseBillStatus('<billStatus><bill><congress>117</congress></bill></billStatus>')).toThrow(
      /govinfo-billstatus: malformed bill status: field billStatus\.bill\.title/,
    );
    expect(() => parseLegislators('[{"id": {"bioguide": "X1"}, "name": {"first": "A", "last": "B"}, "terms": []}]')).toThrow(
      /congress-legislators: malformed legislators: field 0\.id\.bioguide/,
    );
    expect(() => parseLegislators('- id: {bioguide: A000001\n  name: [')).toThrow(/congress-legislators/);
  });
});
