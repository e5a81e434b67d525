/**
 * The test endpoints of each channel (test before save): push uses the
 * request's values, not the saved ones; email sends to the request's or the
 * saved address; RSS checks the feed token and counts its events. Each
 * answers {status: "ok", detail} or {status: "error", error} with the reason.
 */
import type * as z from 'zod';
import type { User } from '#shared/domain/users/user.schema.ts';
import { countFeedEvents } from '#shared/db/notifications.repository.ts';
import { emailTo, publicUrl, pushTo } from './channel-delivery.ts';
import { readPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { EmailTestRequest, NotificationTestResult, PushTestRequest } from './notification-test.schema.ts';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import { open } from '#shared/platform/secret-box.ts';
import { feedUrl } from './settings.ts';

const testMessage = (channel: string): RenderedMessage => ({
  title: 'BillWatch test notification',
  body: `If you can read this, ${channel} notifications from BillWatch work.`,
  click: `${publicUrl()}/notifications`,
  priority: 'default',
  tags: ['white_check_mark'],
  actions: [],
});

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** POST /api/notifications/test/push. */
export async function testPush(user: User, req: PushTestRequest): Promise<NotificationTestResult> {
  const stored = readPrefs(user.notification_prefs).push_password_sealed;
  try {
    const password = req.push_password ?? (req.push_auth === 'basic' && stored ? open(stored) : null);
    const outcome = await pushTo(
      {
        push_url: req.push_url,
        push_auth: req.push_auth,
        push_token: req.push_token ?? null,
        push_username: req.push_username ?? null,
        push_password: password,
      },
      testMessage('push'),
    );
    return { status: 'ok', detail: outcome.detail };
  } catch (err) {
    return { status: 'error', error: `Push failed: ${errorText(err)}` };
  }
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

/** POST /api/notifications/test/email. */
export async function testEmail(user: User, req: z.infer<typeof EmailTestRequest>): Promise<NotificationTestResult> {
  const to = req?.email_address ?? readPrefs(user.notification_prefs).email_address;
  if (!to) return { status: 'error', error: 'No email address: enter one (or save it) before testing' };
  try {
    const sent = await emailTo({ id: user.id, email_unsubscribe_token: user.email_unsubscribe_token ?? null }, to, testMessage('email'));
    return { status: 'ok', detail: `Test email sent to ${to} via ${sent.via === 'smtp' ? 'SMTP' : 'Amazon SES'}` };
  } catch (err) {
    return { status: 'error', error: describeEmailError(err) };
  }
}

/** POST /api/notifications/test/rss. */
export async function testRss(user: User): Promise<NotificationTestResult> {
  if (!user.rss_token) return { status: 'error', error: 'No feed yet: open the notification settings once to create your feed URL' };
  const count = await countFeedEvents(user.id);
  const enabled = readPrefs(user.notification_prefs).rss_enabled;
  return {
    status: 'ok',
    detail: `The feed has ${count} event${count === 1 ? '' : 's'}${enabled ? '' : '; RSS is disabled in your settings, so the feed answers 404 until you enable it'}`,
    event_count: count,
    feed_url: feedUrl(user.rss_token),
  };
}
