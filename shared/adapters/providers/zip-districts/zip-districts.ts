/**
 * ZIP → congressional districts from the bundled ZCTA crosswalk
 * (zip-districts.data.ts, generated from the CSV beside it; SOURCE.md says
 * where it comes from): every district a ZIP touches, with no network call.
 *
 * Nothing is parsed at start: a lookup searches each district's string of
 * ZCTAs (437 strings, 260 KB) for the ZIP, about 0.1-0.2 ms, where building a
 * Map of the 34,000 ZCTAs first costs about 15 ms of the first request (both
 * measured on a bundled build). The strings hold 5-digit ZCTAs separated by
 * single spaces, so a 5-digit needle can only match a whole ZCTA.
 */
import type { District } from '#shared/domain/members/district.ts';
import { CROSSWALK_CONGRESS, ZCTAS_BY_DISTRICT } from './zip-districts.data.ts';

export { CROSSWALK_CONGRESS };

const DISTRICTS = Object.entries(ZCTAS_BY_DISTRICT).map(([key, zctas]) => ({ state: key.slice(0, 2), district: Number(key.slice(3)), zctas }));

/** The districts a 5-digit ZIP touches, by state then number; [] when the crosswalk has no row for it (or the input is not 5 digits). */
export function districtsForZip(zip: string): District[] {
  if (!/^\d{5}$/.test(zip)) return [];
  return DISTRICTS.filter((d) => d.zctas.includes(zip)).map(({ state, district }) => ({ state, district }));
}
