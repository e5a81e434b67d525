/**
 * ZIP → congressional district: the geocoder turns a ZIP into latitude and
 * longitude; the district boundary service (Census geographies by
 * coordinates, congressional-district layer) names the district.
 */
import * as z from 'zod';
import { config } from '#shared/platform/config.ts';
import { districtFromGeographies, type District } from '#shared/domain/members/district.ts';
import { getText } from '#shared/providers/transport/http-transport.ts';
import { parseJsonBody, parsePayload } from '#shared/providers/transport/provider-error.ts';

export const GEOCODER = 'zip-geocoder';
export const BOUNDARIES = 'district-boundaries';

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

/** The boundary-service query for a point, restricted to the congressional-district layer. */
export const districtQueryUrl = (lat: number, lon: number) =>
  `${config().DISTRICT_BOUNDARIES_BASE_URL.replace(/\/$/, '')}/geocoder/geographies/coordinates?x=${lon}&y=${lat}&benchmark=Public_AR_Current&vintage=Current_Current&layers=all&format=json`;

/** The congressional district containing a point, or null. */
export async function districtAt(lat: number, lon: number, opts: LookupOptions = {}): Promise<District | null> {
  const res = await getText({ provider: BOUNDARIES, url: districtQueryUrl(lat, lon), retries: opts.retries ?? 2, timeoutMs: opts.timeoutMs ?? 10_000 });
  return districtFromGeographies(parseJsonBody(BOUNDARIES, 'district query', res.text));
}
