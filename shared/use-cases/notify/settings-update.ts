/**
 * Applying a settings update to stored preferences: the keys sent are
 * copied (a channel's write-only keys, its secrets, are left to its rules),
 * then each channel of the table applies its own rules (a channel can only
 * be enabled when it has somewhere to send, a secret stays bound to the
 * target it was saved for: shared/domain/notify/channels/), then the rules
 * that span channels: quiet hours are set as a pair; the time zone is the
 * user's and serves quiet hours and digests alike, so an update that clears
 * quiet hours clears it only when it sets no zone itself and no digest is
 * on. Pure; secrets are sealed by the caller's `seal`.
 */
import type { FieldError } from '#shared/errors/app-error.ts';
import { channelTable, writeOnlyKeys } from '#shared/domain/notify/channels/table.ts';
import type { NotificationPrefs, NotificationSettingsUpdate } from '#shared/domain/notify/prefs.schema.ts';

/** The new preferences, or the field errors that refuse the update. */
export function applySettingsUpdate(
  current: NotificationPrefs,
  update: NotificationSettingsUpdate,
  seal: (plain: string) => string,
): { prefs: NotificationPrefs; errors: FieldError[] } {
  const writeOnly = new Set(writeOnlyKeys());
  const next: NotificationPrefs = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined && !writeOnly.has(key)) (next as Record<string, unknown>)[key] = value;
  }
  const errors: FieldError[] = channelTable().flatMap((c) => c.applyUpdate({ current, next, update, seal }));
  if ((next.quiet_hours_start === null) !== (next.quiet_hours_end === null)) {
    errors.push({ path: 'body.quiet_hours_end', message: 'quiet_hours_start and quiet_hours_end are set together (both hours, or both null)' });
  }
  const clearsQuietHours = update.quiet_hours_start === null && update.quiet_hours_end === null;
  if (clearsQuietHours && update.timezone === undefined && next.digest_mode === 'off') next.timezone = null;
  return { prefs: next, errors };
}
