/** The congress-legislators dataset (current members with LIS ids, bio, terms, leadership roles). */
import type { Member } from '#shared/ingest/bill.schema.ts';
import { LEGISLATORS, parseLegislators } from '#shared/ingest/legislators.parser.ts';
import { getText } from './http-transport.ts';

export const LEGISLATORS_URL = 'https://unitedstates.github.io/congress-legislators/legislators-current.json';

/** Every current legislator. */
export async function fetchCurrentLegislators(fetchedAt: string): Promise<Member[]> {
  const res = await getText({ provider: LEGISLATORS, url: LEGISLATORS_URL, timeoutMs: 60_000 });
  return parseLegislators(res.text, fetchedAt);
}
