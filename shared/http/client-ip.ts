/**
 * The client IP used for rate limits, from the one source TRUST_PROXY names
 * (shared/platform/config.ts):
 *   - none: API Gateway's sourceIp, the address that opened the connection;
 *   - x-forwarded-for: the right-most X-Forwarded-For entry, the one a proxy of
 *     ours appended (entries to its left are whatever the client chose to send);
 *   - cloudfront: the CloudFront-Viewer-Address header, which CloudFront sets to
 *     the viewer's address and port and which a viewer cannot forge; it is only
 *     trusted together with the origin secret (./origin-guard.ts), so a caller
 *     that bypasses CloudFront is refused before its header is read.
 * A missing or malformed header falls back to sourceIp.
 */
import { isIP } from 'node:net';
import type { TrustProxy } from '#shared/platform/config.ts';

/** CloudFront's header with the viewer's `ip:port` (lower-cased, as the API pipeline sees headers). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The IP of a CloudFront-Viewer-Address value: `198.51.100.10:46532`, IPv6 as
 * CloudFront writes it (`2001:db8::1:46532`, the last group being the port) or
 * bracketed (`[2001:db8::1]:46532`). Undefined when the value is not one.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(v);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6 ? bracketed[1] : undefined;
  const colons = v.split(':').length - 1;
  if (colons === 0) return isIP(v) === 4 ? v : undefined;
  const cut = v.lastIndexOf(':');
  const [address, port] = [v.slice(0, cut), v.slice(cut + 1)];
  if (!/^\d{1,5}$/.test(port)) return undefined;
  // One colon: IPv4 with its port; more: IPv6 followed by the port.
  const family = colons === 1 ? 4 : 6;
  return isIP(address) === family ? address : undefined;
}

/** The right-most X-Forwarded-For entry. */
function lastForwardedFor(value: string | undefined): string | undefined {
  return value
    ?.split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .at(-1);
}

export function clientIp(sourceIp: string | undefined, headers: Record<string, string | undefined>, trust: TrustProxy): string {
  const fromHeader =
    trust === 'cloudfront'
      ? parseViewerAddress(headers[VIEWER_ADDRESS_HEADER])
      : trust === 'x-forwarded-for'
        ? lastForwardedFor(headers['x-forwarded-for'])
        : undefined;
  return fromHeader ?? sourceIp ?? 'unknown';
}
