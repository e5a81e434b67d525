/**
 * The test endpoints of each channel (test before save): push uses the
 * request's values, not the saved ones; email sends to the request's or the
 * saved address; RSS checks the feed token and counts its events. Each
 * answers {status: "ok", detail} or {status: "error", error} with the reason.
 *
 * A saved push secret (the sealed password, the token) is only ever sent to
 * the target it was saved for: a test push may omit it only when its push_url
 * (server and topic) and push_username are exactly the saved ones. Otherwise
 * anyone holding a session could point a test at their own server and
 * receive the password the API never shows; such a request must carry its
 * own secret (422 naming the field).
 */
import { InvalidInputError } from '#shared/errors/app-error.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import { countFeedEvents } from '#shared/db/notifications.repository.ts';
import { emailTo, publicUrl, pushTo } from './channel-delivery.ts';
import { readPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { EmailTestRequest, NotificationTestResult, PushTestRequest } from './notification-test.schema.ts';
import type * as z from 'zod';
import type { RenderedMessage } from '#shared/domain/notify/render.ts';
import { open } from '#shared/platform/secret-box.ts';
import { feedUrl } from './settings.ts';
import { errorText } from '#shared/errors/error-text.ts';

const testMessage = (channel: string): RenderedMessage => ({
  title: 'BillWatch test notification',
  body: `If you can read this, ${channel} notifications from BillWatch work.`,
  click: `${publicUrl()}/notifications`,
  priority: 'default',
  tags: ['white_check_mark'],
  actions: [],
});

/** Whether a test targets exactly the saved push server, topic and user, the only target a saved secret may go to. */
const isSavedTarget = (req: PushTestRequest, saved: NotificationPrefs) =>
  saved.push_url !== null && req.push_url === saved.push_url && (req.push_username ?? null) === saved.push_username;

const secretRequired = (field: 'push_password' | 'push_token') =>
  new InvalidInputError(
    `Invalid body.${field}: enter it to test another server, topic or username; the saved one is only sent to the saved push_url and push_username`,
    [{ path: `body.${field}`, message: 'required unless push_url and push_username are exactly the saved ones' }],
    'notifications.push_secret_required',
  );

/** The secrets a test push may send: the request's own, else the saved ones when the target is exactly the saved one. */
function testSecrets(req: PushTestRequest, saved: NotificationPrefs): { token: string | null; password: string | null } {
  const savedTarget = isSavedTarget(req, saved);
  let token = req.push_token ?? null;
  let password = req.push_password ?? null;
  if (req.push_auth === 'token' && !token) {
    if (!savedTarget || !saved.push_token) throw secretRequired('push_token');
    token = saved.push_token;
  }
  if (req.push_auth === 'basic' && password === null && saved.push_password_sealed) {
    if (!savedTarget) throw secretRequired('push_password');
    password = open(saved.push_password_sealed);
  }
  return { token, password };
}

/** POST /api/notifications/test/push. */
export async function testPush(user: User, req: PushTestRequest): Promise<NotificationTestResult> {
  const { token, password } = testSecrets(req, readPrefs(user.notification_prefs));
  try {
    const outcome = await pushTo(
      {
        push_url: req.push_url,
        push_auth: req.push_auth,
        push_token: token,
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
export async function testEmail(user: User, req: z.infer<ReturnType<typeof EmailTestRequest>>): Promise<NotificationTestResult> {
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
