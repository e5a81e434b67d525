/**
 * Reading a congressional district from the boundary service's answer (the
 * Census geographies response): only congressional-district layers are
 * looked at; GEOID first, GEOID20 next, then STATE plus a CD number field
 * (CD119, CD118FP, …), each behind a numeric guard. The district is the
 * number the service gives: the Census codes 00 (at-large seat) and 98
 * (non-voting delegate) read as district 0; whether a state has a single
 * seat is decided from the stored members (seats.ts), never from a list.
 * A layer named for a later Congress than the sitting one ("120th
 * Congressional Districts" during the 119th: new lines drawn, not yet
 * represented) is not read, so an answer carrying only that one is refused
 * like an answer with no layer; of the others, the newest is read first.
 */
import { STATE_FIPS } from './state-codes.ts';

export interface District {
  state: string;
  district: number;
}

type Feature = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

function fromGeoid(value: string | null): District | null {
  if (!value || !/^\d{4}$/.test(value)) return null;
  return toDistrict(value.slice(0, 2), value.slice(2));
}

function toDistrict(fips: string, cd: string): District | null {
  const state = STATE_FIPS[fips];
  // Numeric guard: "ZZ" (water) and other non-numeric codes are not districts.
  if (!state || !/^\d{1,2}$/.test(cd)) return null;
  const n = Number(cd);
  return { state, district: n === 98 ? 0 : n };
}

function fromFeature(f: Feature): District | null {
  const byGeoid = fromGeoid(str(f.GEOID)) ?? fromGeoid(str(f.GEOID20));
  if (byGeoid) return byGeoid;
  const fips = str(f.STATE) ?? str(f.STATEFP);
  const cdField = Object.keys(f).find((k) => /^CD\d*(FP)?$/i.test(k));
  return fips && cdField ? toDistrict(fips.padStart(2, '0'), str(f[cdField]) ?? '') : null;
}

/** The Congress a layer is named for ("119th Congressional Districts" → 119), or null for an unnumbered one. */
const layerCongress = (layer: string): number | null => {
  const m = /^(\d+)(?:st|nd|rd|th)\b/i.exec(layer.trim());
  return m ? Number(m[1]) : null;
};

/**
 * The district in a geographies object (or a whole response) for the sitting
 * `congress`; null when no congressional layer of it, or of an earlier one, answers.
 */
export function districtFromGeographies(response: unknown, congress: number): District | null {
  const root = (response ?? {}) as Record<string, unknown>;
  const result = (root.result ?? root) as Record<string, unknown>;
  const matches = Array.isArray(result.addressMatches) ? (result.addressMatches as Record<string, unknown>[]) : [];
  const geographies = (result.geographies ?? matches[0]?.geographies ?? {}) as Record<string, unknown>;
  const layers = Object.entries(geographies)
    .filter(([layer]) => /congressional district/i.test(layer))
    .map(([layer, features]) => ({ n: layerCongress(layer), features }))
    .filter(({ n }) => n === null || n <= congress)
    .sort((a, b) => (b.n ?? 0) - (a.n ?? 0));
  for (const { features } of layers) {
    if (!Array.isArray(features)) continue;
    for (const f of features as Feature[]) {
      const d = fromFeature(f);
      if (d) return d;
    }
  }
  return null;
}
