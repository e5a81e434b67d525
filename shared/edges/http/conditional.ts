/**
 * Conditional GETs at the HTTP edge (RFC 9110 section 13, RFC 9111): a 200 of
 * a route with a cache rule gets a strong ETag derived from the exact bytes it
 * sends and the rule's Cache-Control; a request whose If-None-Match names that
 * ETag (or, for a rule with Last-Modified and no If-None-Match, whose
 * If-Modified-Since is not older than it) gets a 304 with no body instead.
 * The body is still built: the ETag is a hash of it, so it can never be stale.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CACHE_RULES, PERSONAL_CACHE_CONTROL, type CacheRuleName } from './cache-rules.ts';

/** A strong entity tag of a body: 128 bits of its SHA-256, base64url. */
export const strongEtag = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 13.1.2 asks for this field), or is `*`. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Whether If-Modified-Since is at or after `lastModified` (whole seconds, as HTTP dates carry). */
export function notModifiedSince(header: string | undefined, lastModified: string | undefined): boolean {
  if (!header || !lastModified) return false;
  const since = Date.parse(header);
  const modified = Date.parse(lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && Math.floor(modified / 1000) <= Math.floor(since / 1000);
}

const headerOf = (headers: APIGatewayProxyStructuredResultV2['headers'], name: string) =>
  Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

/**
 * Applies a route's cache rule to its result: ETag and Cache-Control on a 200,
 * or the 304 that replaces it. `personal` marks an answer shaped for a
 * signed-in caller. Any other status passes through untouched.
 */
export function applyCacheRule(
  rule: CacheRuleName,
  result: APIGatewayProxyStructuredResultV2,
  request: { ifNoneMatch?: string; ifModifiedSince?: string; personal: boolean; varyOnAuth: boolean },
): APIGatewayProxyStructuredResultV2 {
  if (result.statusCode !== 200 || typeof result.body !== 'string') return result;
  const { cacheControl, lastModified } = CACHE_RULES[rule];
  const etag = strongEtag(result.body);
  const modified = lastModified ? headerOf(result.headers, 'Last-Modified')?.toString() : undefined;
  const validators: Record<string, string> = {
    ETag: etag,
    'Cache-Control': request.personal ? PERSONAL_CACHE_CONTROL : cacheControl,
    ...(request.varyOnAuth ? { Vary: 'Authorization' } : {}),
    ...(modified ? { 'Last-Modified': modified } : {}),
  };
  const unchanged = request.ifNoneMatch !== undefined ? noneMatchHits(request.ifNoneMatch, etag) : notModifiedSince(request.ifModifiedSince, modified);
  if (unchanged) return { statusCode: 304, headers: validators, body: '' };
  return { ...result, headers: { ...(result.headers ?? {}), ...validators } };
}
