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
 * A missing or malformed header (anything but an IP address) falls back to sourceIp.
 * Rate limits count an IPv6 client by its /64 (rateLimitSubject): one end
 * site is handed a whole /64, so counting full addresses would give one
 * machine 2^64 fresh counters.
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

/** The right-most X-Forwarded-For entry when it is an IP address (an over-long or made-up entry is not one). */
function lastForwardedFor(value: string | undefined): string | undefined {
  const last = value?.slice(value.lastIndexOf(',') + 1).trim();
  return last && last.length <= 45 && isIP(last) ? last : undefined;
}

/** The eight 16-bit groups of an IPv6 address Node accepts (with `::` and a dotted IPv4 tail), or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  if (isIP(ip) !== 6) return undefined;
  const bare = ip.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const hex = dotted
    ? `${bare.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : bare;
  const [head = '', tail] = hex.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const [left, right] = [part(head), part(tail ?? '')];
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What a per-client rate limit counts: an IPv4 address as is (an IPv4-mapped
 * IPv6 address as its IPv4), an IPv6 address by its /64 network.
 */
export function rateLimitSubject(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
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
