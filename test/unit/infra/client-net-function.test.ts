/**
 * The edge function of the auth paths (infra/constructs/client-net-function.ts),
 * run as CloudFront would run it: it writes the viewer's IPv4 address or IPv6
 * /64 into x-billwatch-client-net whatever the client sent there, and spells a
 * network exactly as the application's rate limits do (rateLimitSubject), so
 * the WAF and the app count the same clients together.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_NET_HEADER, clientNetFunctionCode } from '#infra/constructs/client-net-function.ts';
import { rateLimitSubject } from '#shared/edges/http/client-ip.ts';

type Headers = Record<string, { value: string; multiValue?: Array<{ value: string }> }>;
type Handler = (event: { viewer: { ip: string }; request: { uri: string; headers: Headers } }) => { uri: string; headers: Headers };

const handler = new Function(`${clientNetFunctionCode()}\nreturn handler;`)() as Handler;
const netOf = (ip: string, headers: Headers = {}) => handler({ viewer: { ip }, request: { uri: '/api/auth/login', headers } }).headers[CLIENT_NET_HEADER];

describe('the client network edge function', () => {
  it('writes the /64 of an IPv6 viewer, however the address is spelled', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:A:B:C:D',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::',
      '2001:db8:1:2::a:b',
      '2001:db8:1:2:3::4',
      '2001:db8:1:2::ffff:192.0.2.1',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(netOf(ip), ip).toEqual({ value: net });
    }
    expect(netOf('2001:db8::1')).toEqual({ value: '2001:db8:0:0::/64' });
    expect(netOf('::1')).toEqual({ value: '0:0:0:0::/64' });
    expect(netOf('fe80::1:2')).toEqual({ value: 'fe80:0:0:0::/64' });
    // Two hosts of one /64 share it; the next /64 does not.
    expect(netOf('2001:db8:1:2::dead')).toEqual(netOf('2001:db8:1:2:beef::1'));
    expect(netOf('2001:db8:1:3::1')).not.toEqual(netOf('2001:db8:1:2::1'));
  });

  it('writes an IPv4 viewer as its address, an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(netOf('198.51.100.10')).toEqual({ value: '198.51.100.10' });
    expect(netOf('::ffff:198.51.100.10')).toEqual({ value: '198.51.100.10' });
    expect(netOf('::FFFF:c633:640a')).toEqual({ value: '198.51.100.10' });
    expect(netOf('0:0:0:0:0:ffff:198.51.100.10')).toEqual({ value: '198.51.100.10' });
  });

  it('spells every network as the application rate limits do', () => {
    for (const ip of ['2001:db8:1:2::1', '2001:0db8:0:0:1::1', '2001:db8::', '::ffff:203.0.113.7', '203.0.113.7', 'fe80::1', '2600:1f18:abcd:12::9']) {
      expect(netOf(ip)?.value, ip).toBe(rateLimitSubject(ip));
    }
  });

  it('overwrites whatever the client sent in the header, one value or several, and leaves other headers alone', () => {
    const forged: Headers = {
      [CLIENT_NET_HEADER]: { value: 'made-up-1', multiValue: [{ value: 'made-up-1' }, { value: 'made-up-2' }] },
      authorization: { value: 'Bearer x' },
    };
    const request = handler({ viewer: { ip: '2001:db8:1:2::99' }, request: { uri: '/api/auth/register', headers: forged } });
    expect(request.headers[CLIENT_NET_HEADER]).toEqual({ value: '2001:db8:1:2::/64' });
    expect(request.headers.authorization).toEqual({ value: 'Bearer x' });
    expect(request.uri).toBe('/api/auth/register');
  });

  it('never leaves the header empty, even for a value it cannot parse (the WAF blocks requests without it)', () => {
    expect(netOf('not-an-ip')).toEqual({ value: 'not-an-ip' });
    expect(netOf('1::2::3')).toEqual({ value: '1::2::3' });
    expect(netOf('')).toEqual({ value: 'unknown' });
  });
});
