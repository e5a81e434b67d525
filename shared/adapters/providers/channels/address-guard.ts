/**
 * The SSRF guard of push targets: which resolved addresses a push may
 * connect to. Only global unicast is allowed, classified by ipaddr.js (a
 * maintained table of the IANA IPv4 and IPv6 special-purpose registries):
 * - IPv4: only ipaddr.js's `unicast` range, so private, loopback, link-local
 *   (169.254.169.254, the metadata service), shared (CGN), documentation,
 *   benchmarking, IETF protocol assignments, AS112, AMT, the 6to4 relay,
 *   multicast, reserved and broadcast are refused;
 * - IPv6: only `unicast` addresses inside 2000::/3, the global unicast
 *   space (RFC 4291), so every special-purpose block (ULA, link-local, the
 *   fd00:ec2::254 metadata service, 2001::/23, 2001:db8::/32, 3fff::/20,
 *   5f00::/16, 64:ff9b:1::/48, 6to4, Teredo, the IPv4-compatible ::/96 and
 *   IPv4-translated ::ffff:0:0:0/96 forms, …) is refused;
 * - an IPv4 address carried in IPv6, IPv4-mapped (::ffff:0:0/96) or
 *   well-known NAT64 (64:ff9b::/96, what DNS64 synthesises), is judged as
 *   that IPv4 address, since that is where the packets go.
 * Anything that is not a canonical IP literal (node:net isIP) is refused.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');
const WELL_KNOWN_NAT64 = ipaddr.IPv6.parse('64:ff9b::');

function ipv4Allowed(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/** The IPv4 address in the low 32 bits of an IPv6 address. */
const low32 = (address: ipaddr.IPv6): ipaddr.IPv4 => new ipaddr.IPv4(address.toByteArray().slice(12));

function ipv6Allowed(address: ipaddr.IPv6): boolean {
  if (address.isIPv4MappedAddress()) return ipv4Allowed(address.toIPv4Address());
  if (address.match(WELL_KNOWN_NAT64, 96)) return ipv4Allowed(low32(address));
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST_V6, 3);
}

/**
 * The eight hex groups of an IPv6 literal as the WHATWG URL parser writes
 * them: ipaddr.js reads any embedded dotted quad as IPv4-mapped, so the
 * IPv4-compatible ::a.b.c.d would pass as ::ffff:a.b.c.d; the serialised
 * form (::808:808) keeps the two apart.
 */
const canonicalIpv6 = (address: string): string => new URL(`http://[${address}]/`).hostname.slice(1, -1);

/** True when a push may not connect to `address` (an IP literal); non-IPs, and scoped (zone id) addresses, are refused. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0 || address.includes('%')) return true;
  try {
    return family === 4 ? !ipv4Allowed(ipaddr.IPv4.parse(address)) : !ipv6Allowed(ipaddr.IPv6.parse(canonicalIpv6(address)));
  } catch {
    return true;
  }
}
