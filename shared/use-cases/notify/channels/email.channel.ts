/**
 * The email channel's delivery: each message to the saved address with the
 * user's unsubscribe headers and body link (the token made on first use)
 * and its Message-ID from the message's identity; the test email; and the
 * unsubscribe token kept in step with the saved address (made when one is
 * saved, replaced when it changes, so links mailed to the old address stop
 * working). A test email to an address other than the saved one carries no
 * unsubscribe link of the caller's (email-message.ts).
 */
import { config } from '#shared/platform/config.ts';
import { ensureNotificationToken, rotateNotificationToken } from '#shared/adapters/db/notification-tokens.repository.ts';
import { emailAccepted } from '#shared/adapters/db/email-receipts.repository.ts';
import { sendEmail } from '#shared/adapters/providers/channels/email-sender.ts';
import { EmailTestRequest } from '#shared/domain/notify/channels/email.ts';
import { addressOf, composeEmail, unsubscribeUrls } from '#shared/domain/notify/email-message.ts';
import { readPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import { publicUrl } from '../public-url.ts';
import type { ChannelDelivery } from './delivery.ts';
import { testMessage } from './test-message.ts';

/** The domain of the sender's address, which names the service in a Message-ID. */
const mailDomain = () => addressOf(config().SMTP_FROM).split('@').pop() || 'billwatch.invalid';

/** Emails a message to `to`, with the unsubscribe links of `unsubscribeToken` when it has one, under `identity` when it has one. */
export function emailTo(to: string, message: RenderedMessage, options: { unsubscribeToken: string | null; identity?: string }) {
  const c = config();
  return sendEmail(
    composeEmail({
      message,
      to,
      from: c.SMTP_FROM,
      mailto: c.UNSUBSCRIBE_MAILTO ?? addressOf(c.SMTP_FROM),
      urls: options.unsubscribeToken ? unsubscribeUrls(publicUrl(), options.unsubscribeToken) : null,
      identity: options.identity ? { id: options.identity, domain: mailDomain() } : undefined,
    }),
  );
}

/** The user's unsubscribe token, made on first use. */
async function unsubscribeToken(user: { id: string; email_unsubscribe_token?: string | null }): Promise<string> {
  const token = user.email_unsubscribe_token ?? (await ensureNotificationToken(user.id, 'unsubscribe'));
  if (!token) throw new Error('the user no longer exists');
  return token;
}

/**
 * Whether a resent email already went out: SES replaces the Message-ID, so
 * no mailbox would recognise the repeat; what SES reported accepting under
 * the identity (infra/constructs/email-receipts.ts) says it was sent. Over
 * SMTP the Message-ID is kept and the repeat is the same email.
 */
async function acceptedBefore(identity: string, resend: boolean): Promise<boolean> {
  const c = config();
  return Boolean(resend && !c.SMTP_HOST && c.SES_CONFIGURATION_SET && (await emailAccepted(identity)));
}

/** A sentence for an SMTP or SES failure. */
export function describeEmailError(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; response?: string; name?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ECONNECTION':
    case 'ESOCKET':
      return `Could not connect to the mail server (${e.message ?? e.code})`;
    case 'ETIMEDOUT':
      return 'The mail server did not answer in time';
    case 'EAUTH':
      return 'The mail server refused the SMTP username or password';
    case 'ETLS':
      return `TLS with the mail server failed (${e.message ?? ''})`.trim();
    case 'EENVELOPE':
      return `The mail server refused the sender or recipient: ${e.response ?? e.message ?? ''}`.trim();
  }
  if (e.responseCode) return `The mail server refused the message (${e.responseCode}): ${e.response ?? e.message ?? ''}`.trim();
  if (e.name && /^(MessageRejected|MailFromDomainNotVerified|AccountSuspended|SendingPaused)/.test(e.name))
    return `SES refused the message: ${e.message ?? e.name}`;
  return `Sending failed: ${e.message ?? String(err)}`;
}

export const emailDelivery: ChannelDelivery = {
  // A failed receipt lookup fails the attempt (retried later), rather than risking a second copy.
  send: async (user, message, { identity, resend }) =>
    (await acceptedBefore(identity.id, resend)) ||
    emailTo(user.prefs.email_address ?? '', message, { unsubscribeToken: await unsubscribeToken(user), identity: identity.id }),
  test: async (user, body) => {
    const saved = readPrefs(user.notification_prefs).email_address;
    const to = EmailTestRequest().parse(body)?.email_address ?? saved;
    if (!to) return { status: 'error', error: 'No email address: enter one (or save it) before testing' };
    try {
      // Only the saved address is subscribed: a test elsewhere carries none of the caller's unsubscribe links.
      const sent = await emailTo(to, testMessage('email'), { unsubscribeToken: to === saved ? await unsubscribeToken(user) : null });
      return { status: 'ok', detail: `Test email sent to ${to} via ${sent.via === 'smtp' ? 'SMTP' : 'Amazon SES'}` };
    } catch (err) {
      return { status: 'error', error: describeEmailError(err) };
    }
  },
  afterSave: async ({ user, before, next }) => {
    const addressChanged = next.email_address !== before.email_address;
    if (addressChanged && user.email_unsubscribe_token) await rotateNotificationToken(user.id, 'unsubscribe');
    else if (next.email_address && !user.email_unsubscribe_token) await ensureNotificationToken(user.id, 'unsubscribe');
  },
  view: () => ({}),
};
