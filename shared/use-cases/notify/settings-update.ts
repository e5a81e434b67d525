/**
 * Applying a settings update to stored preferences: the keys sent are
 * copied (a channel's write-only keys, its secrets, are left to its rules),
 * then each channel of the table applies its own rules (a channel can only
 * be enabled when it has somewhere to send, a secret stays bound to the
 * target it was saved for: shared/domain/notify/channels/), then the rules
 * that span channels: quiet hours are set as a pair; the time zone is the
 * user's and serves quiet hours and digests alike, so an update that clears
 * quiet hours clears it only when it sets no zone itself (sending back the
 * stored zone, as a form that saves every field does, sets none) and no
 * digest is on; a zone is stored by its canonical name. Quiet hours that
 * start when they end would be no quiet hours at all: refused, not saved.
 * Pure; secrets are sealed by the caller's `seal`.
 */
import type { FieldError } from '#shared/errors/app-error.ts';
import { channelTable, writeOnlyKeys } from '#shared/domain/notify/channels/table.ts';
import type { NotificationPrefs, NotificationSettingsUpdate } from '#shared/domain/notify/prefs.schema.ts';
import { quietMinutes } from '#shared/domain/notify/quiet-hours.ts';
import { canonicalZone } from '#shared/domain/notify/time-zone.ts';

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
  if (next.quiet_hours_start != null && next.quiet_hours_end != null && quietMinutes(next.quiet_hours_start) === quietMinutes(next.quiet_hours_end)) {
    errors.push({
      path: 'body.quiet_hours_end',
      message: 'Quiet hours that end when they start would hold nothing: choose an end time different from the start, or clear both',
    });
  }
  // Intl accepts any letter case and old aliases; the zone is kept by the one name Intl resolves them to.
  if (typeof update.timezone === 'string') next.timezone = canonicalZone(update.timezone);
  const clearsQuietHours = update.quiet_hours_start === null && update.quiet_hours_end === null;
  const setsZone = update.timezone !== undefined && next.timezone !== current.timezone;
  if (clearsQuietHours && !setsZone && next.digest_mode === 'off') next.timezone = null;
  return { prefs: next, errors };
}
