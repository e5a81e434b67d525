/**
 * GovInfo (the document API): bill text by package and format, fetched with a
 * conditional GET. The ETag of each URL is kept 30 days in the shared cache
 * keyed by the MD5 of the URL; a 304 reports `unchanged` and stores nothing new.
 */
import * as z from 'zod';
import { config } from '#shared/platform/config.ts';
import { getCachedEtag, putCachedEtag } from '#shared/adapters/db/etag-cache.repository.ts';
import type { TextFormat } from '#shared/domain/bills/text-version.schema.ts';
import { getText, httpRequest } from '#shared/adapters/providers/transport/http-transport.ts';
import { parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';

export const GOVINFO = 'govinfo';
const base = () => config().GOVINFO_API_BASE_URL.replace(/\/$/, '');

export type DocumentFetch =
  | { status: 'unchanged'; url: string }
  | { status: 'not_found'; url: string }
  | { status: 'fetched'; url: string; body: Buffer; etag: string | null; contentType: string | null };

/** The GovInfo package id of a bill text version: BILLS-118hr3076ih. */
export const billPackageId = (congress: number, type: string, number: number, versionCode: string) => `BILLS-${congress}${type}${number}${versionCode}`;

/** The document URL of a package in a format (without credentials: the cache key). */
export const documentUrl = (packageId: string, format: TextFormat) => `${base()}/packages/${packageId}/${format === 'txt' ? 'htm' : format}`;

/** GET of a document URL, conditional on the cached ETag unless told otherwise; remembers the new ETag after a 200. */
export async function fetchDocument(url: string, opts: { conditional?: boolean } = {}): Promise<DocumentFetch> {
  const etag = opts.conditional === false ? null : await getCachedEtag(url);
  const u = new URL(url);
  u.searchParams.set('api_key', config().GOVINFO_API_KEY ?? 'DEMO_KEY');
  const res = await httpRequest({
    provider: GOVINFO,
    url: u.toString(),
    headers: etag ? { 'If-None-Match': etag } : {},
    accept: [304, 404],
    timeoutMs: 60_000,
  });
  if (res.status === 304) return { status: 'unchanged', url };
  if (res.status === 404) return { status: 'not_found', url };
  const newEtag = res.headers.etag ?? null;
  if (newEtag) await putCachedEtag(url, newEtag);
  return { status: 'fetched', url, body: res.body, etag: newEtag, contentType: res.headers['content-type'] ?? null };
}

const Collections = z.object({ collections: z.array(z.object({ collectionCode: z.string() }).passthrough()) }).passthrough();

/** GovInfo's collections (the admin health check's probe of the document API): one attempt, no retry. */
export async function listCollections(opts: { timeoutMs?: number } = {}): Promise<{ collectionCode: string }[]> {
  const res = await getText({
    provider: GOVINFO,
    url: `${base()}/collections?api_key=${config().GOVINFO_API_KEY ?? 'DEMO_KEY'}`,
    retries: 0,
    timeoutMs: opts.timeoutMs ?? 10_000,
  });
  return parsePayload(GOVINFO, 'collections', Collections, parseJsonBody(GOVINFO, 'collections', res.text)).collections;
}
