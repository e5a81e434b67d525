/**
 * The SSRF guard of push targets: every block of the IANA IPv4 and IPv6
 * special-purpose registries (first and last address), multicast and the
 * deprecated site-local block are refused, IPv4 carried in IPv6 is judged as
 * IPv4, only global unicast passes; host names are judged by what they
 * resolve to, resolved once, and the socket connects to the address checked.
 */
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '#shared/adapters/providers/channels/address-guard.ts';
import { guardedLookup, PushError, sendPush, type Resolver } from '#shared/adapters/providers/channels/push-sender.ts';
import { startPushServer, type PushServer } from '#test/support/push-server.ts';

// [block, first address, last address]
const IPV4_SPECIAL: [string, string, string][] = [
  ['0.0.0.0/8 this network', '0.0.0.0', '0.255.255.255'],
  ['10.0.0.0/8 private', '10.0.0.0', '10.255.255.255'],
  ['100.64.0.0/10 shared (CGN)', '100.64.0.0', '100.127.255.255'],
  ['127.0.0.0/8 loopback', '127.0.0.0', '127.255.255.255'],
  ['169.254.0.0/16 link-local (metadata service)', '169.254.0.0', '169.254.169.254'],
  ['169.254.0.0/16 link-local, last', '169.254.255.255', '169.254.255.255'],
  ['172.16.0.0/12 private', '172.16.0.0', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.0', '192.0.0.255'],
  ['192.0.0.0/29 IPv4 service continuity', '192.0.0.0', '192.0.0.7'],
  ['192.0.0.8/32 IPv4 dummy', '192.0.0.8', '192.0.0.8'],
  ['192.0.0.9/32 PCP anycast', '192.0.0.9', '192.0.0.9'],
  ['192.0.0.10/32 TURN anycast', '192.0.0.10', '192.0.0.10'],
  ['192.0.0.170/32 NAT64 discovery', '192.0.0.170', '192.0.0.171'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.0', '192.0.2.255'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.0', '192.31.196.255'],
  ['192.52.193.0/24 AMT', '192.52.193.0', '192.52.193.255'],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', '192.88.99.0', '192.88.99.255'],
  ['192.168.0.0/16 private', '192.168.0.0', '192.168.255.255'],
  ['192.175.48.0/24 AS112 direct delegation', '192.175.48.0', '192.175.48.255'],
  ['198.18.0.0/15 benchmarking', '198.18.0.0', '198.19.255.255'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.0', '198.51.100.255'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.0', '203.0.113.255'],
  ['224.0.0.0/4 multicast', '224.0.0.0', '239.255.255.255'],
  ['240.0.0.0/4 reserved', '240.0.0.0', '255.255.255.254'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255', '255.255.255.255'],
];

const IPV6_SPECIAL: [string, string, string][] = [
  ['::/128 unspecified', '::', '::'],
  ['::1/128 loopback', '::1', '::1'],
  ['::/96 IPv4-compatible (deprecated), with a public IPv4', '::8.8.8.8', '::ffff:ffff'],
  ['::ffff:0:0/96 IPv4-mapped, with the unspecified IPv4', '::ffff:0:0', '::ffff:0.0.0.0'],
  ['::ffff:0:0:0/96 IPv4-translated', '::ffff:0:8.8.8.8', '::ffff:0:ffff:ffff'],
  ['64:ff9b:1::/48 local-use NAT64, even with a public IPv4', '64:ff9b:1::808:808', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
  ['100::/64 discard-only', '100::', '100::ffff:ffff:ffff:ffff'],
  ['100:0:0:1::/64 dummy prefix', '100:0:0:1::', '100:0:0:1:ffff:ffff:ffff:ffff'],
  ['2001::/23 IETF protocol assignments', '2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001::/32 Teredo', '2001::1', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:1::1/128 PCP anycast', '2001:1::1', '2001:1::1'],
  ['2001:1::2/128 TURN anycast', '2001:1::2', '2001:1::2'],
  ['2001:1::3/128 DNS-SD SRP anycast', '2001:1::3', '2001:1::3'],
  ['2001:2::/48 benchmarking', '2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'],
  ['2001:3::/32 AMT', '2001:3::', '2001:3:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:4:112::/48 AS112-v6', '2001:4:112::', '2001:4:112:ffff:ffff:ffff:ffff:ffff'],
  ['2001:10::/28 deprecated ORCHID', '2001:10::', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:20::/28 ORCHIDv2', '2001:20::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:30::/28 drone remote ID', '2001:30::', '2001:3f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:db8::/32 documentation', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2002::/16 6to4, even with a public IPv4', '2002:808:808::1', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2620:4f:8000::/48 AS112 direct delegation', '2620:4f:8000::', '2620:4f:8000:ffff:ffff:ffff:ffff:ffff'],
  ['3fff::/20 documentation', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['5f00::/16 SRv6 SIDs', '5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fc00::/7 unique local (fd00:ec2::254, the metadata service)', 'fc00::', 'fd00:ec2::254'],
  ['fe80::/10 link-local', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fec0::/10 deprecated site-local', 'fec0::', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['ff00::/8 multicast', 'ff00::', 'ff02::1'],
  ['outside 2000::/3: unassigned', '4000::1', 'e000::1'],
];

describe('the SSRF guard refuses every special-purpose block', () => {
  it.each(IPV4_SPECIAL)('IPv4 %s', (_block, first, last) => {
    expect(isBlockedAddress(first), first).toBe(true);
    expect(isBlockedAddress(last), last).toBe(true);
  });

  it.each(IPV6_SPECIAL)('IPv6 %s', (_block, first, last) => {
    expect(isBlockedAddress(first), first).toBe(true);
    expect(isBlockedAddress(last), last).toBe(true);
  });

  it('judges IPv4 carried in IPv6 (mapped, NAT64) as that IPv4, in dotted and hex forms', () => {
    for (const [, first, last] of IPV4_SPECIAL) {
      for (const v4 of [first, last]) {
        expect(isBlockedAddress(`::ffff:${v4}`), `::ffff:${v4}`).toBe(true);
        expect(isBlockedAddress(`64:ff9b::${v4}`), `64:ff9b::${v4}`).toBe(true);
      }
    }
    expect(isBlockedAddress('::ffff:7f00:1')).toBe(true);
    expect(isBlockedAddress('0:0:0:0:0:ffff:a9fe:a9fe')).toBe(true);
    expect(isBlockedAddress('64:ff9b::a9fe:a9fe')).toBe(true);
    expect(isBlockedAddress('::127.0.0.1')).toBe(true);
    expect(isBlockedAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isBlockedAddress('::ffff:808:808')).toBe(false);
    expect(isBlockedAddress('64:ff9b::8.8.8.8')).toBe(false);
  });

  it('refuses what is not a canonical IP literal, and scoped addresses', () => {
    for (const a of [
      '',
      'localhost',
      'example.org',
      '127.1',
      '0x7f.0.0.1',
      '0177.0.0.1',
      '2130706433',
      '1.2.3.4.5',
      '[::1]',
      'fe80::1%eth0',
      '2606:4700::1%1',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
  });

  it('allows global unicast', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.128.0.1', '172.32.0.1', '192.0.1.1', '198.20.0.1', '223.255.255.255']) {
      expect(isBlockedAddress(a), a).toBe(false);
    }
    for (const a of ['2606:4700:4700::1111', '2001:4860:4860::8888', '2001:200::1', '2a00:1450:4001::1', '3ffe::1', '2620:4f:8001::1']) {
      expect(isBlockedAddress(a), a).toBe(false);
    }
  });
});

/** A resolver that answers fixed addresses per name and counts its calls. */
function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: Resolver = (hostname, _options, callback) => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      answers.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolve, calls };
}

const lookupAll = (lookup: ReturnType<typeof guardedLookup>, host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    lookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses as unknown as LookupAddress[]))),
  );

describe('host names are judged by what they resolve to', () => {
  const blocked = [...IPV4_SPECIAL.map(([, first]) => first), ...IPV6_SPECIAL.map(([, first]) => first), '::ffff:169.254.169.254', '64:ff9b::7f00:1'];

  it('refuses a name that resolves only to special-purpose addresses, whichever block', async () => {
    for (const address of blocked) {
      const dns = fakeDns({ 'push.example.test': [address] });
      await expect(lookupAll(guardedLookup(false, dns.resolve), 'push.example.test'), address).rejects.toBeInstanceOf(PushError);
    }
  });

  it('keeps only the public addresses of a mixed answer, and all of them when private targets are allowed', async () => {
    const dns = fakeDns({ 'mixed.example.test': ['10.0.0.5', '8.8.8.8', '::1', '2606:4700:4700::1111', '::ffff:127.0.0.1'] });
    expect((await lookupAll(guardedLookup(false, dns.resolve), 'mixed.example.test')).map((a) => a.address)).toEqual(['8.8.8.8', '2606:4700:4700::1111']);
    expect(await lookupAll(guardedLookup(true, dns.resolve), 'mixed.example.test')).toHaveLength(5);
  });

  describe('a push connects to the address its one lookup checked', () => {
    let server: PushServer;
    beforeAll(async () => {
      server = await startPushServer();
    });
    afterAll(() => server.close());
    const port = () => new URL(server.url).port;
    const request = (host: string) => ({ url: `http://${host}:${port()}/topic`, form: 'headers' as const, headers: {}, body: 'hi' });

    it('refuses a name that resolves to loopback before any byte is sent', async () => {
      const before = server.requests.length;
      const dns = fakeDns({ 'rebind.example.test': ['127.0.0.1'] });
      await expect(sendPush(request('rebind.example.test'), { allowPrivate: false, resolve: dns.resolve })).rejects.toThrow(/private or reserved/);
      expect(server.requests.length).toBe(before);
    });

    // DNS rebinding needs a second resolution between the check and the connect; there is none.
    it('dials the address its one lookup returned (the name is not in the real DNS)', async () => {
      const dns = fakeDns({ 'only-in-the-fake.example.test': ['127.0.0.1'] });
      const outcome = await sendPush(request('only-in-the-fake.example.test'), { allowPrivate: true, resolve: dns.resolve });
      expect(outcome.status).toBe(200);
      expect(dns.calls).toEqual(['only-in-the-fake.example.test']);
      expect(server.requests.at(-1)?.headers.host).toBe(`only-in-the-fake.example.test:${port()}`);
    });

    it('refuses IP literals in the URL, mapped and NAT64 forms included, without a lookup', async () => {
      const dns = fakeDns({});
      for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[64:ff9b::7f00:1]', '[::ffff:0:0]', '169.254.169.254']) {
        await expect(sendPush(request(host), { allowPrivate: false, resolve: dns.resolve }), host).rejects.toThrow(/private or reserved/);
      }
      expect(dns.calls).toEqual([]);
    });
  });
});
