/**
 * Webhook deliveries as the Standard Webhooks specification defines them
 * (docs/webhooks.md): secrets are `whsec_` + base64 of 32 random bytes; the
 * signed content is `${webhook-id}.${webhook-timestamp}.${body}`, signed with
 * HMAC-SHA256 keyed by the secret's base64-decoded bytes; `webhook-signature`
 * lists `v1,<base64 signature>` per secret, space-separated, so during a
 * rotation a receiver holding either secret verifies. The POST goes through
 * the push channel's SSRF guard (same address rules, resolved in the
 * socket's own lookup, no redirects, 5 s timeout).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isBlockedAddress } from './address-guard.ts';
import { hostOf, PushError, sendPush, systemResolver, type GuardedTarget, type PushOutcome, type Resolver } from './push-sender.ts';
import { atSeam } from '#shared/platform/fault-seam.ts';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const WEBHOOK_TARGET: GuardedTarget = { channel: 'a webhook', server: 'the webhook endpoint' };

/** A new signing secret. */
export const generateWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The HMAC key of a `whsec_` secret: its base64 part, decoded. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
}

/** One `v1,<base64>` signature of a message under one secret. */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

/** The three Standard Webhooks headers of a message signed by every secret given (the current one first). */
export function webhookHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  if (secrets.length === 0) throw new Error('a webhook needs a secret to sign with');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestamp, body)).join(' '),
  };
}

export interface WebhookMessage {
  url: string;
  id: string;
  /** Unix seconds, the webhook-timestamp header. */
  timestamp: number;
  body: string;
  secrets: readonly string[];
}

/** POSTs a signed message; requires a 2xx (a redirect is not followed, an error status names itself). */
export async function postWebhook(message: WebhookMessage, options: { allowPrivate: boolean; timeoutMs?: number; resolve?: Resolver }): Promise<PushOutcome> {
  const headers = { 'Content-Type': 'application/json', ...webhookHeaders(message.secrets, message.id, message.timestamp, message.body) };
  const outcome = await atSeam('channel', 'webhook', () => sendPush({ url: message.url, headers, body: message.body }, { ...options, target: WEBHOOK_TARGET }));
  if (outcome.status >= 300 && outcome.status < 400) throw new PushError(`the webhook endpoint answered ${outcome.detail}; redirects are not followed`);
  if (outcome.status < 200 || outcome.status >= 300) {
    const excerpt = outcome.body.trim().slice(0, 200);
    throw new PushError(`the webhook endpoint answered ${outcome.detail}${excerpt ? `: ${excerpt}` : ''}`);
  }
  return outcome;
}

const SAVE_CHECK_DNS_TIMEOUT_MS = 3000;

/**
 * Why a webhook URL may not be saved, or null: the check at save time, so a
 * user learns at once that an endpoint on a private or reserved address
 * will never be reached (the send re-checks in the socket's lookup, which is
 * what stops DNS rebinding). A name that does not exist is refused too; a
 * DNS failure that may pass (a timeout, or no answer within 3 s) is not the
 * user's to fix, so it lets the save through and leaves the send's guard to
 * judge.
 */
export async function webhookUrlProblem(url: string, options: { allowPrivate: boolean; resolve?: Resolver; channel?: string }): Promise<string | null> {
  const channel = options.channel ?? 'a webhook';
  if (options.allowPrivate) return null;
  const host = hostOf(url);
  if (isIP(host)) return isBlockedAddress(host) ? `${host} is a private or reserved address, which ${channel} may not reach` : null;
  const resolve = options.resolve ?? systemResolver;
  const addresses = await new Promise<LookupAddress[] | Error>((done) => {
    const timer = setTimeout(() => done(new Error('DNS did not answer in time')), SAVE_CHECK_DNS_TIMEOUT_MS);
    resolve(host, { all: true }, (err, found) => {
      clearTimeout(timer);
      done(err ?? (found as LookupAddress[]));
    });
  });
  if (addresses instanceof Error) {
    const code = (addresses as NodeJS.ErrnoException).code;
    return code === 'ENOTFOUND' || code === 'ENODATA' ? `${host} does not resolve to an address` : null;
  }
  if (addresses.length === 0) return `${host} does not resolve to an address`;
  if (addresses.every((a) => isBlockedAddress(a.address))) return `${host} resolves only to private or reserved addresses, which ${channel} may not reach`;
  return null;
}
