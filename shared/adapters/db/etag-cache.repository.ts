/**
 * The shared ETag cache of the document fetcher: ETAG#{md5(url)} / ETAG,
 * kept 30 days (TTL), so a conditional GET can ask "changed since?".
 */
import { etagKeys } from './keys/etag.keys.ts';
import { ttlIn } from './table.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export const ETAG_TTL_SECONDS = 30 * 24 * 3600;

/** The cached ETag of a URL, or null (expired items may linger until TTL deletes them, so expiry is checked). */
export async function getCachedEtag(url: string, now = Date.now()): Promise<string | null> {
  const out = await table.getItem({ Key: etagKeys.url(url) });
  const item = out.Item;
  if (!item || typeof item.etag !== 'string' || Number(item.ttl) * 1000 < now) return null;
  return item.etag;
}

/** Caches a URL's ETag for 30 days. */
export async function putCachedEtag(url: string, etag: string, now = Date.now()): Promise<void> {
  await table.putItem({ Item: entityItem('etag', etagKeys.url(url), { url, etag, ttl: ttlIn(ETAG_TTL_SECONDS, now) }) });
}
