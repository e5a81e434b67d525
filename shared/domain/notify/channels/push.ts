/**
 * The push channel (an ntfy-compatible server and topic): its settings and
 * their rules. The saved secrets (the password, the token) are sealed at
 * rest and never shown (push_password_set, push_token_set), and stay bound
 * to the target they were saved for: a new push_url or push_username
 * without a new password drops the password, and a push_url on another host
 * without a new token drops the token (basic or token auth then asks for it
 * again), so a session holder cannot redirect a never-shown secret to their
 * own server. Delivery: shared/use-cases/notify/channels/push.channel.ts.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { defineChannel, type SettingsError } from './channel.ts';

export const PushAuth = lazySchema(() => z.enum(['none', 'token', 'basic']));
export type PushAuth = z.infer<ReturnType<typeof PushAuth>>;

/** The last path segment of a push URL as sent (still %-escaped); null for a URL that does not parse. */
function rawTopic(u: string): string | null {
  if (!URL.canParse(u)) return null;
  return new URL(u).pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

export function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * An http(s) URL of a push server plus its topic path, e.g.
 * https://ntfy.example.org/my-topic. The checks after z.url run on what it
 * refused too (zod keeps going after a non-fatal issue), so each one copes
 * with a string that is not a URL at all rather than throwing (a 500).
 */
export const PushUrl = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL of the push server and topic' }))
    .refine((u) => rawTopic(u) !== '', { error: 'must include the topic, e.g. https://server/topic' })
    .refine((u) => decodes(rawTopic(u) ?? ''), { error: 'the topic has a malformed %-escape' }),
);

/** The host (and port) of a push URL; null for none. */
/** Where a saved token may go: its scheme and host (with port), so moving the URL to plain http, or to another host, asks for it again. */
const originOf = (url: string | null) => (url && URL.canParse(url) ? new URL(url).origin.toLowerCase() : null);

export const PushTestRequest = lazySchema(() =>
  z.object({
    push_url: PushUrl().describe('The ntfy-compatible push topic URL'),
    push_auth: PushAuth().default('none').describe('How to authenticate at the push server: none, basic or token'),
    push_token: z
      .string()
      .max(512)
      .nullable()
      .optional()
      .describe('When omitted with token auth, the saved token is used only if push_url and push_username are exactly the saved ones.'),
    push_username: z.string().max(256).nullable().optional().describe('The user name for basic auth at the push server'),
    push_password: z
      .string()
      .max(512)
      .nullable()
      .optional()
      .describe('When omitted with basic auth, the saved password (never shown) is used only if push_url and push_username are exactly the saved ones.'),
  }),
);
export type PushTestRequest = z.infer<ReturnType<typeof PushTestRequest>>;

export const pushChannel = defineChannel({
  name: 'push',
  delivery: 'send',
  history: { description: 'The push channel', since: 'first' },
  stored: () => ({
    push_enabled: z.boolean().default(false).describe('Whether push notifications are sent'),
    push_url: z.string().nullable().default(null).describe('The ntfy-compatible push topic URL'),
    push_auth: PushAuth().default('none').describe('How to authenticate at the push server: none, token or basic'),
    push_token_sealed: z.string().nullable().default(null),
    push_username: z.string().nullable().default(null).describe('The user name for basic auth at the push server'),
    push_password_sealed: z.string().nullable().default(null),
  }),
  hidden: ['push_token_sealed', 'push_password_sealed'],
  update: () => ({
    push_enabled: z.boolean().describe('Whether push notifications are sent'),
    push_url: PushUrl().nullable().describe('The ntfy-compatible push topic URL'),
    push_auth: PushAuth().describe('How to authenticate at the push server: none, token or basic'),
    push_token: z.string().max(512).nullable().describe('Write-only, stored sealed; null or "" clears it.'),
    push_username: z.string().max(256).nullable().describe('The user name for basic auth at the push server'),
    push_password: z.string().max(512).nullable().describe('Write-only; null or "" clears it.'),
  }),
  writeOnly: ['push_token', 'push_password'],
  view: () => ({
    push_token_set: z.boolean().describe('Whether a push token is saved (it is never shown)'),
    push_password_set: z.boolean().describe('Whether a push password is saved (it is never shown)'),
  }),
  isOn: (p) => p.push_enabled && Boolean(p.push_url),
  applyUpdate: ({ current, next, update, seal }) => {
    if (update.push_password !== undefined) next.push_password_sealed = update.push_password ? seal(update.push_password) : null;
    if (update.push_token !== undefined) next.push_token_sealed = update.push_token ? seal(update.push_token) : null;
    const targetMoved = next.push_url !== current.push_url || next.push_username !== current.push_username;
    const passwordMoves = update.push_password === undefined && targetMoved && current.push_password_sealed !== null;
    if (passwordMoves) next.push_password_sealed = null;
    const originMoved = current.push_url !== null && originOf(next.push_url) !== originOf(current.push_url);
    const tokenMoves = update.push_token === undefined && originMoved && current.push_token_sealed !== null;
    if (tokenMoves) next.push_token_sealed = null;
    const errors: SettingsError[] = [];
    if (passwordMoves && next.push_auth === 'basic') {
      errors.push({
        path: 'body.push_password',
        message: 'enter the push password again: a saved password is only sent to the push_url and push_username it was saved with',
      });
    }
    if (tokenMoves && next.push_auth === 'token') {
      errors.push({
        path: 'body.push_token',
        message: 'enter the push token again: a saved token is only sent to the scheme and host it was saved for (https stays https)',
      });
    }
    if (next.push_enabled) {
      if (!next.push_url) errors.push({ path: 'body.push_url', message: 'a push server URL with a topic is needed to enable push' });
      if (next.push_auth === 'token' && !next.push_token_sealed && !tokenMoves)
        errors.push({ path: 'body.push_token', message: 'token auth needs a push_token' });
      if (next.push_auth === 'basic' && !next.push_username) errors.push({ path: 'body.push_username', message: 'basic auth needs a push_username' });
    }
    return errors;
  },
  test: {
    operationId: 'testPushNotification',
    description:
      'Sends a real push with the values in the request (not the saved settings) and reports whether it was delivered. Signed in; rate limited per user (testNotification); delivery failures come back as data.',
    summary: 'Send a real push with the values in the request (not the saved settings)',
    request: () => PushTestRequest(),
  },
});
