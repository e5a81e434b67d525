/**
 * The bundled ZIP → district crosswalk: the generated module is exactly what
 * infra/build-zip-districts.ts makes of the CSV in the repository (so the two
 * cannot drift), every CSV row is found by the lookup, and ZIPs of one
 * district, several districts, two states, Montana's two districts, the
 * at-large states and the delegates answer as the crosswalk says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CROSSWALK_CSV, CROSSWALK_MODULE, crosswalkModule, readCrosswalk } from '#infra/build-zip-districts.ts';
import { districtsForZip } from '#shared/adapters/providers/zip-districts/zip-districts.ts';
import { ZCTAS_BY_DISTRICT } from '#shared/adapters/providers/zip-districts/zip-districts.data.ts';

const csv = readFileSync(CROSSWALK_CSV, 'utf8');

describe('the ZIP → district crosswalk', () => {
  it('is the module the build script makes of the CSV, holding every row once', () => {
    expect(readFileSync(CROSSWALK_MODULE, 'utf8')).toBe(crosswalkModule(csv));
    const rows = readCrosswalk(csv);
    expect(rows).toHaveLength(42_033);
    const inModule = Object.entries(ZCTAS_BY_DISTRICT).flatMap(([key, zctas]) => zctas.split(' ').map((z) => `${key}:${z}`));
    expect(new Set(inModule).size).toBe(inModule.length);
    expect(new Set(inModule)).toEqual(new Set(rows.map((r) => `${r.state}-${r.district}:${r.zcta}`)));
  });

  it('finds the districts of every 97th ZIP of the CSV, as the CSV lists them', () => {
    const rows = readCrosswalk(csv);
    const expected = new Map<string, string[]>();
    for (const r of rows) expected.set(r.zcta, [...(expected.get(r.zcta) ?? []), `${r.state}-${r.district}`]);
    const zips = [...expected.keys()].filter((_, i) => i % 97 === 0);
    for (const zip of zips) {
      expect(
        districtsForZip(zip)
          .map((d) => `${d.state}-${d.district}`)
          .sort(),
        zip,
      ).toEqual(expected.get(zip)?.sort());
    }
  });

  it('answers one district, several, and two states', () => {
    expect(districtsForZip('59801')).toEqual([{ state: 'MT', district: 1 }]);
    expect(districtsForZip('59101')).toEqual([{ state: 'MT', district: 2 }]);
    expect(districtsForZip('95014')).toEqual([
      { state: 'CA', district: 16 },
      { state: 'CA', district: 17 },
    ]);
    expect(districtsForZip('10001')).toEqual([
      { state: 'NY', district: 10 },
      { state: 'NY', district: 12 },
    ]);
    const crossing = readCrosswalk(csv).find((r, _, all) => all.some((o) => o.zcta === r.zcta && o.state !== r.state));
    expect(crossing).toBeDefined();
    expect(new Set(districtsForZip(crossing?.zcta ?? '').map((d) => d.state)).size).toBeGreaterThan(1);
  });

  it('numbers at-large and delegate seats 0, and knows no ZIP of the island areas', () => {
    for (const [zip, state] of [
      ['99501', 'AK'],
      ['19901', 'DE'],
      ['58501', 'ND'],
      ['57501', 'SD'],
      ['05401', 'VT'],
      ['82001', 'WY'],
      ['20001', 'DC'],
      ['00601', 'PR'],
    ]) {
      expect(districtsForZip(zip as string), zip).toEqual([{ state, district: 0 }]);
    }
    expect(districtsForZip('96910')).toEqual([]); // Guam: the geocoder answers it
  });

  it('answers nothing for what is not a 5-digit ZIP, or for a ZIP it has no row for', () => {
    expect(districtsForZip('9501')).toEqual([]);
    expect(districtsForZip('59801 ')).toEqual([]);
    expect(districtsForZip('1 590')).toEqual([]);
    expect(districtsForZip('00000')).toEqual([]);
  });

  it('refuses a malformed crosswalk', () => {
    expect(() => readCrosswalk('zip,cd\n')).toThrow(/header/);
    expect(() => readCrosswalk('state_fips,state_abbr,zcta,cd\n30,MT,5980,1\n')).toThrow(/line 2/);
    expect(() => readCrosswalk('state_fips,state_abbr,zcta,cd\n30,WY,59801,1\n')).toThrow(/line 2/);
  });
});
