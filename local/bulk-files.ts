/**
 * The local stand-in for CloudFront's /bulk/* behaviour: GET /bulk/v{n}/...
 * answers the snapshot's file from the local bucket, so GET /api/bulk's URLs
 * download locally as they do in AWS (public, no token).
 */
import { BULK_PREFIX, getBulkFile } from '#shared/adapters/db/bulk-snapshot.repository.ts';

export interface StaticResult {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

/** The answer for a /bulk/ path, or null for any other path. */
export async function serveBulkFile(method: string, path: string): Promise<StaticResult | null> {
  if (!path.startsWith('/bulk/')) return null;
  const inside = path.slice(1);
  if (method !== 'GET' || !inside.startsWith(BULK_PREFIX) || inside.includes('..')) {
    return { statusCode: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found' };
  }
  const file = await getBulkFile(inside.slice(BULK_PREFIX.length));
  if (!file) return { statusCode: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not found' };
  const type = inside.endsWith('.json') ? 'application/json' : 'application/gzip';
  return { statusCode: 200, headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' }, body: file.toString('base64'), isBase64Encoded: true };
}
