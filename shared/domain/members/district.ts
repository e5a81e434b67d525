/**
 * Reading a congressional district from the boundary service's answer (the
 * Census geographies response): only congressional-district layers are
 * looked at; GEOID first, GEOID20 next, then STATE plus a CD number field
 * (CD119, CD118FP, …), each behind a numeric guard. At-large states, and the
 * codes 00/98 used for at-large seats and delegates, map to district 0.
 */
import { AT_LARGE_STATES, STATE_FIPS } from './state-codes.ts';

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
  return { state, district: AT_LARGE_STATES.has(state) || n === 0 || n === 98 ? 0 : n };
}

function fromFeature(f: Feature): District | null {
  const byGeoid = fromGeoid(str(f.GEOID)) ?? fromGeoid(str(f.GEOID20));
  if (byGeoid) return byGeoid;
  const fips = str(f.STATE) ?? str(f.STATEFP);
  const cdField = Object.keys(f).find((k) => /^CD\d*(FP)?$/i.test(k));
  return fips && cdField ? toDistrict(fips.padStart(2, '0'), str(f[cdField]) ?? '') : null;
}

/** The district in a geographies object (or a whole response); null when no congressional layer answers. */
export function districtFromGeographies(response: unknown): District | null {
  const root = (response ?? {}) as Record<string, unknown>;
  const result = (root.result ?? root) as Record<string, unknown>;
  const matches = Array.isArray(result.addressMatches) ? (result.addressMatches as Record<string, unknown>[]) : [];
  const geographies = (result.geographies ?? matches[0]?.geographies ?? {}) as Record<string, unknown>;
  for (const [layer, features] of Object.entries(geographies)) {
    if (!/congressional district/i.test(layer) || !Array.isArray(features)) continue;
    for (const f of features as Feature[]) {
      const d = fromFeature(f);
      if (d) return d;
    }
  }
  return null;
}
