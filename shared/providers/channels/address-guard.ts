/**
 * The SSRF guard of push targets: which resolved addresses a push may
 * connect to. Private, loopback, link-local (incl. the 169.254.169.254 and
 * fd00:ec2::254 metadata services), shared, documentation, multicast and
 * other reserved ranges are refused (IANA special-purpose registries), and an
 * IPv4 address hidden in IPv6 (mapped, NAT64, 6to4) is checked as IPv4.
 */
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a, b, c, d] = v4[1].split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => parseInt(g || '0', 16));
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address embedded in an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.length !== 8) return null;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && (g[5] === 0xffff || g[5] === 0) && (g[6] !== 0 || g[7] !== 0)) return v4From(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4From(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x2002) return v4From(g[1] ?? 0, g[2] ?? 0);
  return null;
}

/** True when a push may not connect to `address` (an IP literal); non-IPs are refused too. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== null) return BLOCKED.check(v4, 'ipv4');
  return BLOCKED.check(address.split('%')[0] ?? address, 'ipv6');
}
