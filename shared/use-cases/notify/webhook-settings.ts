/**
 * The webhook channel's secret rotation (POST
 * /api/notifications/webhook/rotate-secret): 1. a new secret becomes
 * current; 2. the old one keeps signing alongside it for 24 hours, so a
 * receiver can switch without dropping a delivery; 3. the reply shows the
 * new secret, once. The write is conditional on the prefs version read (a
 * concurrent save or rotation makes it read again), so a secret shown is
 * never silently replaced by a write that did not see it.
 */
import { seal } from '#shared/platform/secret-box.ts';
import { readVersionedPrefs, savePrefs } from '#shared/adapters/db/notification-prefs.repository.ts';
import { ConflictError, NotFoundError } from '#shared/errors/app-error.ts';
import { generateWebhookSecret } from '#shared/adapters/providers/channels/webhook-sender.ts';
import type { User } from '#shared/domain/users/user.schema.ts';
import type { NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import type { WebhookSecretReply } from './notification-test.schema.ts';
import { SAVE_ATTEMPTS } from './settings.ts';

/** How long a replaced secret keeps signing alongside the new one. */
export const WEBHOOK_ROTATION_GRACE_HOURS = 24;

/** POST /api/notifications/webhook/rotate-secret. */
export async function rotateWebhookSecret(user: User, now = new Date()): Promise<WebhookSecretReply> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const stored = await readVersionedPrefs(user.id);
    if (!stored) throw new NotFoundError('No such user', 'user.not_found');
    const { prefs } = stored;
    const secret = generateWebhookSecret();
    // A first secret has nothing to keep signing alongside it.
    const expires = prefs.webhook_secret_sealed ? new Date(now.getTime() + WEBHOOK_ROTATION_GRACE_HOURS * 3600_000).toISOString() : null;
    const next: NotificationPrefs = {
      ...prefs,
      webhook_secret_sealed: seal(secret),
      webhook_previous_secret_sealed: expires ? prefs.webhook_secret_sealed : null,
      webhook_previous_secret_expires_at: expires,
    };
    const outcome = await savePrefs(user.id, next, stored.version);
    if (outcome === 'missing') throw new NotFoundError('No such user', 'user.not_found');
    if (outcome === 'saved') return { webhook_secret: secret, previous_secret_expires_at: expires };
  }
  throw new ConflictError('The notification settings kept changing while rotating the secret; try again', 'notifications.settings_conflict');
}
