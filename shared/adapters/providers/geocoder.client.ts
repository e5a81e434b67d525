/**
 * Places → congressional district: the ZIP geocoder turns a ZIP, and the
 * Census geocoder a one-line street address, into latitude and longitude;
 * the district boundary service (Census geographies by coordinates,
 * congressional-district layer) names the district. The bundled crosswalk
 * (zip-districts/) answers most ZIPs before any of these is asked.
 */
import * as z from 'zod';
import { config } from '#shared/platform/config.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { districtFromGeographies, type District } from '#shared/domain/members/district.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';
import { parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';

export const GEOCODER = 'zip-geocoder';
export const BOUNDARIES = 'district-boundaries';
export const ADDRESS_GEOCODER = 'address-geocoder';

/** Per-call transport options; the admin health check asks for one short attempt. */
export interface LookupOptions {
  timeoutMs?: number;
  retries?: number;
}

const ZipPlaces = z
  .object({
    places: z
      .array(
        z
          .object({ latitude: z.string().regex(/^-?\d+(\.\d+)?$/), longitude: z.string().regex(/^-?\d+(\.\d+)?$/), 'state abbreviation': z.string().length(2) })
          .passthrough(),
      )
      .min(1),
  })
  .passthrough();

/** The centre of a ZIP, or null when the geocoder does not know it. */
export async function geocodeZip(zip: string, opts: LookupOptions = {}): Promise<{ lat: number; lon: number; state: string } | null> {
  const base = config().ZIP_GEOCODER_BASE_URL.replace(/\/$/, '');
  const res = await getText({ provider: GEOCODER, url: `${base}/us/${zip}`, accept: [404], retries: opts.retries ?? 2, timeoutMs: opts.timeoutMs ?? 8_000 });
  if (res.status === 404) return null;
  const place = parsePayload(GEOCODER, 'ZIP lookup', ZipPlaces, parseJsonBody(GEOCODER, 'ZIP lookup', res.text)).places[0];
  return place ? { lat: Number(place.latitude), lon: Number(place.longitude), state: place['state abbreviation'] } : null;
}

const Coordinate = z.number().finite();
const AddressMatches = z
  .object({
    result: z
      .object({
        addressMatches: z.array(
          z.object({ matchedAddress: z.string().optional(), coordinates: z.object({ x: Coordinate, y: Coordinate }).passthrough() }).passthrough(),
        ),
      })
      .passthrough(),
  })
  .passthrough();

/** The Census geocoder's one-line address query (locations only: the boundary service names the district). */
export const addressQueryUrl = (address: string) =>
  `${config().ADDRESS_GEOCODER_BASE_URL.replace(/\/$/, '')}/geocoder/locations/onelineaddress?address=${encodeURIComponent(address)}&benchmark=Public_AR_Current&format=json`;

/** The point of a street address (the Census geocoder's best match), or null when it matches nothing. */
export async function geocodeAddress(address: string, opts: LookupOptions = {}): Promise<{ lat: number; lon: number; matched: string | null } | null> {
  const res = await getText({ provider: ADDRESS_GEOCODER, url: addressQueryUrl(address), retries: opts.retries ?? 2, timeoutMs: opts.timeoutMs ?? 10_000 });
  const match = parsePayload(ADDRESS_GEOCODER, 'address lookup', AddressMatches, parseJsonBody(ADDRESS_GEOCODER, 'address lookup', res.text)).result
    .addressMatches[0];
  return match ? { lat: match.coordinates.y, lon: match.coordinates.x, matched: match.matchedAddress ?? null } : null;
}

/** The boundary-service query for a point, restricted to the congressional-district layer. */
export const districtQueryUrl = (lat: number, lon: number) =>
  `${config().DISTRICT_BOUNDARIES_BASE_URL.replace(/\/$/, '')}/geocoder/geographies/coordinates?x=${lon}&y=${lat}&benchmark=Public_AR_Current&vintage=Current_Current&layers=all&format=json`;

/** The congressional district containing a point, in the sitting Congress's lines, or null. */
export async function districtAt(lat: number, lon: number, opts: LookupOptions = {}): Promise<District | null> {
  const res = await getText({ provider: BOUNDARIES, url: districtQueryUrl(lat, lon), retries: opts.retries ?? 2, timeoutMs: opts.timeoutMs ?? 10_000 });
  return districtFromGeographies(parseJsonBody(BOUNDARIES, 'district query', res.text), congressForDate(new Date()));
}
