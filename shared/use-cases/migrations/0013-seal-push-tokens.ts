/**
 * Migration 0013: seals the push tokens stored in the clear. The push token
 * is now protected like the push password (sealed at rest, answered as
 * push_token_set); a profile whose notification_prefs still hold a clear
 * `push_token` gets it sealed into `push_token_sealed` and the clear one
 * removed. Pages through the users listing; idempotent (each write is
 * conditional on the clear token still being stored).
 */
import { sealStoredPushToken } from '#shared/adapters/db/notification-prefs.repository.ts';
import { listUsers } from '#shared/adapters/db/users.repository.ts';
import { seal } from '#shared/platform/secret-box.ts';
import type { Migration } from './migration.ts';

export async function sealPushTokens(): Promise<{ users: number; sealed: number }> {
  let users = 0;
  let sealed = 0;
  let cursor: string | undefined;
  do {
    const page = await listUsers(100, cursor);
    users += page.items.length;
    for (const user of page.items) {
      const plain = user.notification_prefs?.push_token;
      if (typeof plain === 'string' && plain && (await sealStoredPushToken(user.id, plain, seal(plain)))) sealed += 1;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { users, sealed };
}

export const sealPushTokensMigration: Migration = {
  id: '0013',
  description: 'Seal the push tokens stored in the clear (push_token → push_token_sealed)',
  up: sealPushTokens,
};
