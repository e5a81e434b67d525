/**
 * Sends a push publish over HTTP(S) with the SSRF guard: the host is
 * resolved and every address checked in the socket's own lookup, so the
 * address connected to is the address checked (no DNS rebinding window);
 * literal IPs are checked before connecting; redirects are not followed; the
 * whole exchange has a 5-second timeout and the reply body is capped.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress } from './address-guard.ts';
import { atSeam } from '#shared/platform/fault-seam.ts';
import type { PushRequest } from '#shared/domain/notify/push-request.ts';

export const PUSH_TIMEOUT_MS = 5000;
export const PUSH_REPLY_CAP_BYTES = 16 * 1024;

export interface PushOutcome {
  status: number;
  /** "HTTP 200 OK", for the test endpoint's detail. */
  detail: string;
  body: string;
}

/** A push that could not be delivered; the message is safe to show the user. */
export class PushError extends Error {
  override name = 'PushError';
}

/** Resolves a host name to all its addresses (node:dns lookup; tests pass their own). */
export type Resolver = (hostname: string, options: LookupAllOptions, callback: (err: Error | null, addresses: LookupAddress[]) => void) => void;

/** The system's resolver (node:dns lookup). */
export const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** The host of a URL as an address check reads it: an IPv6 literal without its brackets. */
export const hostOf = (url: URL | string): string => new URL(url).hostname.replace(/^\[|\]$/g, '');

/**
 * A dns lookup for the socket that refuses blocked addresses unless private
 * targets are allowed. The host is resolved once per connection, here, and
 * the socket connects to an address this function returned, so a name that
 * answers a public address to a check and a private one to the connect (DNS
 * rebinding) has no second answer to give.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver, channel = 'push'): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isBlockedAddress(a.address));
      if (usable.length === 0) {
        return callback(new PushError(`${hostname} resolves only to private or reserved addresses, which ${channel} may not reach`), '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** Where a guarded POST goes, for its error messages: the channel ("push") and the server ("the push server"). */
export interface GuardedTarget {
  channel: string;
  server: string;
}
const PUSH_TARGET: GuardedTarget = { channel: 'push', server: 'the push server' };

/** Sends the request; resolves for any HTTP reply, rejects with a PushError otherwise. */
export function sendPush(
  req: Pick<PushRequest, 'url' | 'headers' | 'body'>,
  options: { allowPrivate: boolean; timeoutMs?: number; resolve?: Resolver; target?: GuardedTarget },
): Promise<PushOutcome> {
  const target = options.target ?? PUSH_TARGET;
  const url = new URL(req.url);
  const host = hostOf(url);
  if (isIP(host) && !options.allowPrivate && isBlockedAddress(host)) {
    return Promise.reject(new PushError(`${host} is a private or reserved address, which ${target.channel} may not reach`));
  }
  const body = Buffer.from(req.body, 'utf8');
  const requestOptions: RequestOptions = {
    method: 'POST',
    headers: { ...req.headers, 'Content-Length': String(body.byteLength), 'User-Agent': 'BillWatch-Notifier' },
    lookup: guardedLookup(options.allowPrivate, options.resolve, target.channel),
    // A fresh socket per publish, so the guarded lookup runs for every connection.
    agent: false,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PushOutcome>((resolve, reject) => {
    const request = send(url, requestOptions, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size >= PUSH_REPLY_CAP_BYTES) return;
        chunks.push(chunk.subarray(0, PUSH_REPLY_CAP_BYTES - size));
        size += chunk.byteLength;
        if (size >= PUSH_REPLY_CAP_BYTES) res.destroy();
      });
      const finish = () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        resolve({ status, detail: `HTTP ${status} ${res.statusMessage ?? ''}`.trim(), body: Buffer.concat(chunks).toString('utf8') });
      };
      res.on('end', finish);
      res.on('close', finish);
    });
    const timer = setTimeout(
      () => request.destroy(new PushError(`${target.server} did not answer within ${(options.timeoutMs ?? PUSH_TIMEOUT_MS) / 1000} s`)),
      options.timeoutMs ?? PUSH_TIMEOUT_MS,
    );
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof PushError ? err : new PushError(`could not reach ${target.server}: ${err.message}`));
    });
    request.end(body);
  });
}

/** Publishes and requires a 2xx; a redirect or an error status is a PushError naming it. */
export async function publishPush(req: PushRequest, options: { allowPrivate: boolean; timeoutMs?: number; resolve?: Resolver }): Promise<PushOutcome> {
  const outcome = await atSeam('channel', 'push', () => sendPush(req, options));
  if (outcome.status >= 300 && outcome.status < 400) {
    throw new PushError(`the push server answered ${outcome.detail}; redirects are not followed`);
  }
  if (outcome.status < 200 || outcome.status >= 300) {
    const excerpt = outcome.body.trim().slice(0, 200);
    throw new PushError(`the push server answered ${outcome.detail}${excerpt ? `: ${excerpt}` : ''}`);
  }
  return outcome;
}
