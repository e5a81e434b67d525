/**
 * The closed edge: behind CloudFront the client IP comes from
 * CloudFront-Viewer-Address, and the API refuses requests that lack the origin
 * secret CloudFront adds, so callers of the execute-api URL bypass neither the
 * WAF nor the application rate limits. Without the edge nothing changes.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fallback } from '#functions/api/system.ts';
import { apiFunction, implement } from '#shared/edges/http/api-function.ts';
import { clientIp, parseViewerAddress, rateLimitSubject } from '#shared/edges/http/client-ip.ts';
import { ORIGIN_VERIFY_HEADER, assertFromEdge } from '#shared/edges/http/origin-guard.ts';
import { health } from '#shared/edges/http/routes/system.routes.ts';
import { parseConfig, resetConfig } from '#shared/platform/config.ts';

const SECRET = 's'.repeat(48);
const jwt = 'x'.repeat(32);

describe('CloudFront-Viewer-Address', () => {
  it('reads IPv4 with its port', () => {
    expect(parseViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
  });
  it("reads IPv6 in CloudFront's form, the last group being the port", () => {
    expect(parseViewerAddress('2001:db8:85a3::8a2e:370:7334:46532')).toBe('2001:db8:85a3::8a2e:370:7334');
    expect(parseViewerAddress('::1:443')).toBe('::1');
  });
  it('reads bracketed IPv6, with or without a port', () => {
    expect(parseViewerAddress('[::1]:443')).toBe('::1');
    expect(parseViewerAddress('[2001:db8::1]:8443')).toBe('2001:db8::1');
    expect(parseViewerAddress('[2001:db8::1]')).toBe('2001:db8::1');
  });
  it('reads each form CloudFront sends: IPv4 with port, IPv6 bracketed or with the port as a last group', () => {
    expect(parseViewerAddress('1.2.3.4:1234')).toBe('1.2.3.4');
    expect(parseViewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(parseViewerAddress('2001:db8::1:443')).toBe('2001:db8::1');
  });
  it('accepts a bare IPv4 and refuses anything else', () => {
    expect(parseViewerAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    for (const bad of [undefined, '', 'evil', 'evil:443', '999.1.1.1:443', '[::1', '[1.2.3.4]:80', '1.2.3.4:port', '1.2.3.4:443, 5.6.7.8:443']) {
      expect(parseViewerAddress(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('client IP behind the edge', () => {
  const headers = { 'cloudfront-viewer-address': '203.0.113.5:51234', 'x-forwarded-for': '198.51.100.99, 130.176.0.1' };
  it('keys on the viewer address, never on X-Forwarded-For', () => {
    expect(clientIp('130.176.0.1', headers, 'cloudfront')).toBe('203.0.113.5');
    expect(clientIp('130.176.0.1', { 'cloudfront-viewer-address': '[2001:db8::7]:443' }, 'cloudfront')).toBe('2001:db8::7');
  });
  it('ignores a forged X-Forwarded-For in every form CloudFront sends the viewer address', () => {
    const forged = { 'x-forwarded-for': '10.0.0.1, 198.51.100.99' };
    expect(clientIp('130.176.0.1', { ...forged, 'cloudfront-viewer-address': '1.2.3.4:1234' }, 'cloudfront')).toBe('1.2.3.4');
    expect(clientIp('130.176.0.1', { ...forged, 'cloudfront-viewer-address': '[2001:db8::1]:443' }, 'cloudfront')).toBe('2001:db8::1');
    expect(clientIp('130.176.0.1', { ...forged, 'cloudfront-viewer-address': '2001:db8::1:443' }, 'cloudfront')).toBe('2001:db8::1');
    expect(clientIp('130.176.0.1', forged, 'cloudfront')).toBe('130.176.0.1');
  });
  it('falls back to the source IP when the header is missing or malformed', () => {
    expect(clientIp('130.176.0.1', { 'x-forwarded-for': '198.51.100.99' }, 'cloudfront')).toBe('130.176.0.1');
    expect(clientIp('130.176.0.1', { 'cloudfront-viewer-address': 'nonsense' }, 'cloudfront')).toBe('130.176.0.1');
  });
  it('takes only an IP address from X-Forwarded-For (TRUST_PROXY=1): an over-long or made-up entry falls back to the source IP', () => {
    expect(clientIp('10.0.0.9', { 'x-forwarded-for': 'spoof, 198.51.100.99' }, 'x-forwarded-for')).toBe('198.51.100.99');
    expect(clientIp('10.0.0.9', { 'x-forwarded-for': '2001:db8::5' }, 'x-forwarded-for')).toBe('2001:db8::5');
    for (const bad of ['x'.repeat(5000), 'evil', '1.2.3.4:80', `1.2.3.4${' '.repeat(3000)}x`, '']) {
      expect(clientIp('10.0.0.9', { 'x-forwarded-for': bad }, 'x-forwarded-for'), bad.slice(0, 20)).toBe('10.0.0.9');
    }
  });
});

describe('rate-limit subject', () => {
  it('counts an IPv6 client by its /64 and an IPv4 client (mapped or not) by its address', () => {
    const net = '2001:db8:abcd:12::/64';
    for (const ip of ['2001:db8:abcd:12::1', '2001:db8:abcd:12:ffff:ffff:ffff:ffff', '2001:0db8:ABCD:0012:1:2:3:4', '2001:db8:abcd:12::1.2.3.4']) {
      expect(rateLimitSubject(ip), ip).toBe(net);
    }
    expect(rateLimitSubject('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitSubject('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitSubject('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitSubject('unknown')).toBe('unknown');
  });
});

describe('configuration', () => {
  it('names the trusted header by TRUST_PROXY', () => {
    expect(parseConfig({ JWT_SECRET_KEY: jwt }).TRUST_PROXY).toBe('none');
    expect(parseConfig({ JWT_SECRET_KEY: jwt, TRUST_PROXY: '1' }).TRUST_PROXY).toBe('x-forwarded-for');
    expect(parseConfig({ JWT_SECRET_KEY: jwt, TRUST_PROXY: 'cloudfront', ORIGIN_VERIFY_SECRET: SECRET }).TRUST_PROXY).toBe('cloudfront');
    expect(() => parseConfig({ JWT_SECRET_KEY: jwt, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
  it('refuses TRUST_PROXY=cloudfront without an origin secret, and a short secret', () => {
    expect(() => parseConfig({ JWT_SECRET_KEY: jwt, TRUST_PROXY: 'cloudfront' })).toThrow(/ORIGIN_VERIFY_SECRET/);
    expect(() => parseConfig({ JWT_SECRET_KEY: jwt, ORIGIN_VERIFY_SECRET: 'short' })).toThrow(/at least 32/);
  });
});

describe('origin secret', () => {
  it('lets everything through when no secret is configured', () => {
    expect(() => assertFromEdge({}, undefined)).not.toThrow();
  });
  it('refuses a missing or wrong secret and accepts the right one', () => {
    expect(() => assertFromEdge({}, SECRET)).toThrow(/public URL/);
    expect(() => assertFromEdge({ [ORIGIN_VERIFY_HEADER]: 'guess' }, SECRET)).toThrow(/public URL/);
    expect(() => assertFromEdge({ [ORIGIN_VERIFY_HEADER]: SECRET }, SECRET)).not.toThrow();
  });
});

describe('an API function behind the edge', () => {
  const handler = apiFunction('system', [implement(health, async () => ({ status: 'ok' }))]);
  const context = { awsRequestId: 'req-1' } as Context;
  const event = (method: string, path: string, routeKey: string, headers: Record<string, string> = {}): APIGatewayProxyEventV2 =>
    ({
      version: '2.0',
      routeKey,
      rawPath: path,
      rawQueryString: '',
      headers,
      isBase64Encoded: false,
      requestContext: { http: { method, path, sourceIp: '130.176.0.1' }, requestId: 'r' },
    }) as unknown as APIGatewayProxyEventV2;
  const call = async (e: APIGatewayProxyEventV2) => (await handler(e, context)) as APIGatewayProxyStructuredResultV2;
  const edgeOn = () => {
    Object.assign(process.env, { TRUST_PROXY: 'cloudfront', ORIGIN_VERIFY_SECRET: SECRET });
    resetConfig();
  };
  afterEach(() => {
    delete process.env.TRUST_PROXY;
    delete process.env.ORIGIN_VERIFY_SECRET;
    resetConfig();
  });

  it('answers 403 to a request without the origin secret, before routing', async () => {
    edgeOn();
    const direct = await call(event('GET', '/api/health', 'GET /api/health', { 'x-forwarded-for': '203.0.113.5' }));
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body ?? '{}')).toMatchObject({ code: 'edge.direct_access', detail: expect.stringMatching(/public URL/) });
    const unknown = await call(event('GET', '/api/nowhere', '$default'));
    expect(unknown.statusCode).toBe(403);
    const wrong = await call(event('GET', '/api/health', 'GET /api/health', { 'X-Origin-Verify': 'not-it' }));
    expect(wrong.statusCode).toBe(403);
  });

  it('serves a request that carries the origin secret', async () => {
    edgeOn();
    const viaEdge = await call(event('GET', '/api/health', 'GET /api/health', { 'X-Origin-Verify': SECRET, 'CloudFront-Viewer-Address': '203.0.113.5:443' }));
    expect(viaEdge.statusCode).toBe(200);
    expect(JSON.parse(viaEdge.body ?? '{}')).toEqual({ status: 'ok' });
  });

  it('refuses the $default fallback too without the secret', async () => {
    edgeOn();
    expect((await fallback(event('GET', '/api/nowhere', '$default'))).statusCode).toBe(403);
    expect((await fallback(event('GET', '/api/nowhere', '$default', { 'x-origin-verify': SECRET }))).statusCode).toBe(404);
  });

  it('changes nothing with the edge off: no header needed', async () => {
    expect((await call(event('GET', '/api/health', 'GET /api/health'))).statusCode).toBe(200);
    expect((await fallback(event('GET', '/api/nowhere', '$default'))).statusCode).toBe(404);
  });
});

describe('cold start behind the edge', () => {
  afterEach(() => {
    for (const key of ['SECRET_ARN', 'ORIGIN_SECRET_ARN', 'ORIGIN_VERIFY_SECRET', 'PROVIDER_KEY_PROBE']) delete process.env[key];
    resetConfig();
  });

  it('loads the origin secret beside the bundle into the configuration', async () => {
    const sm = mockClient(SecretsManagerClient);
    sm.on(GetSecretValueCommand, { SecretId: 'arn:bundle' }).resolves({ SecretString: JSON.stringify({ PROVIDER_KEY_PROBE: 'k' }) });
    sm.on(GetSecretValueCommand, { SecretId: 'arn:origin' }).resolves({ SecretString: JSON.stringify({ ORIGIN_VERIFY_SECRET: SECRET }) });
    Object.assign(process.env, { SECRET_ARN: 'arn:bundle', ORIGIN_SECRET_ARN: 'arn:origin' });
    vi.resetModules();
    const { bootstrap } = await import('#shared/platform/bootstrap.ts');
    const c = await bootstrap();
    expect(c.ORIGIN_VERIFY_SECRET).toBe(SECRET);
    expect(process.env.PROVIDER_KEY_PROBE).toBe('k');
    expect(
      sm
        .commandCalls(GetSecretValueCommand)
        .map((call) => call.args[0].input.SecretId)
        .sort(),
    ).toEqual(['arn:bundle', 'arn:origin']);
    sm.restore();
  });
});
