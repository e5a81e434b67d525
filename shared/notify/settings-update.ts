/**
 * Applying a settings update to stored preferences, with the rules that span
 * keys: quiet hours are set as a pair; the time zone is the user's and
 * serves quiet hours and digests alike, so an update that clears quiet hours
 * clears it only when it sets no zone itself and no digest is on; a channel can only be enabled when it has somewhere to send; an
 * email address removed disables email, a webhook_url removed the webhook; a saved push password stays bound
 * to the push_url and push_username it was saved with (changing either
 * without a new password drops it, and basic auth then asks for it again),
 * so a session holder cannot redirect the never-shown password to their own
 * server. Pure; the password is sealed by the caller's `seal`.
 */
import type { FieldError } from '#shared/errors/app-error.ts';
import type { NotificationPrefs, NotificationSettingsUpdate } from '#shared/domain/notify/prefs.schema.ts';

/** The new preferences, or the field errors that refuse the update. */
export function applySettingsUpdate(
  current: NotificationPrefs,
  update: NotificationSettingsUpdate,
  seal: (plain: string) => string,
): { prefs: NotificationPrefs; errors: FieldError[] } {
  const { push_password, ...rest } = update;
  const next: NotificationPrefs = { ...current };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  if (push_password !== undefined) next.push_password_sealed = push_password ? seal(push_password) : null;
  const targetMoved = next.push_url !== current.push_url || next.push_username !== current.push_username;
  const keptPasswordMoves = push_password === undefined && targetMoved && current.push_password_sealed !== null;
  if (keptPasswordMoves) next.push_password_sealed = null;

  const errors: FieldError[] = [];
  if ((next.quiet_hours_start === null) !== (next.quiet_hours_end === null)) {
    errors.push({ path: 'body.quiet_hours_end', message: 'quiet_hours_start and quiet_hours_end are set together (both hours, or both null)' });
  }
  const clearsQuietHours = update.quiet_hours_start === null && update.quiet_hours_end === null;
  if (clearsQuietHours && update.timezone === undefined && next.digest_mode === 'off') next.timezone = null;
  if (next.email_address === null) next.email_enabled = false;
  if (update.email_enabled === true && !next.email_address) {
    errors.push({ path: 'body.email_address', message: 'an email address is needed to enable email' });
  }
  if (next.webhook_url === null) next.webhook_enabled = false;
  if (update.webhook_enabled === true && !next.webhook_url) {
    errors.push({ path: 'body.webhook_url', message: 'a webhook_url is needed to enable the webhook' });
  }
  if (keptPasswordMoves && next.push_auth === 'basic') {
    errors.push({
      path: 'body.push_password',
      message: 'enter the push password again: a saved password is only sent to the push_url and push_username it was saved with',
    });
  }
  if (next.push_enabled) {
    if (!next.push_url) errors.push({ path: 'body.push_url', message: 'a push server URL with a topic is needed to enable push' });
    if (next.push_auth === 'token' && !next.push_token) errors.push({ path: 'body.push_token', message: 'token auth needs a push_token' });
    if (next.push_auth === 'basic' && !next.push_username) errors.push({ path: 'body.push_username', message: 'basic auth needs a push_username' });
  }
  return { prefs: next, errors };
}
