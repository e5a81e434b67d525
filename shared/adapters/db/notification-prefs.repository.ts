/**
 * Notification preferences on the user profile (USER#{id} / PROFILE, field
 * `notification_prefs`, owned by the notifications domain): read with the
 * profile, written with UpdateItem so no other field of the profile is
 * touched; recipients' profiles are read in BatchGets of 100. Every write
 * raises `prefs_version`, and a whole-prefs write is conditional on the
 * version its writer read (savePrefs), so concurrent read-modify-writes
 * never lose one another's changes.
 */
import { readPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { conditional, batchGet } from './dynamo.ts';
import { cond, expressions, update } from './expressions.ts';
import { userKey } from './users.repository.ts';
import * as table from './table-client.ts';

/** What delivery needs of a user. */
export interface NotifiableUser {
  id: string;
  email: string;
  prefs: NotificationPrefs;
  rss_token: string | null;
  email_unsubscribe_token: string | null;
}

/** A user's stored preferences and the version they were read at (0: never saved). */
export interface VersionedPrefs {
  prefs: NotificationPrefs;
  version: number;
}

/** The user's preferences as stored now (a consistent read) with their version; null when the user does not exist. */
export async function readVersionedPrefs(userId: string): Promise<VersionedPrefs | null> {
  const out = await table.getItem({
    Key: userKey(userId),
    ConsistentRead: true,
    ...expressions({ projection: ['pk', 'notification_prefs', 'prefs_version'] }),
  });
  if (!out.Item) return null;
  return { prefs: readPrefs(out.Item.notification_prefs), version: typeof out.Item.prefs_version === 'number' ? out.Item.prefs_version : 0 };
}

/** How a conditional save ended: written, refused because another writer changed the prefs since `version` was read, or no such user. */
export type SaveOutcome = 'saved' | 'stale' | 'missing';

/**
 * Replaces the user's stored preferences if they are still at `version`
 * (what the caller read), raising it: a writer that read before another
 * write landed is refused ('stale') and reads again, so no write undoes
 * one it never saw (a one-click unsubscribe, a secret already shown).
 */
export async function savePrefs(userId: string, prefs: NotificationPrefs, version: number): Promise<SaveOutcome> {
  const saved = await conditional(() =>
    table.updateItem({
      Key: userKey(userId),
      ...update(
        { set: { notification_prefs: prefs, prefs_version: version + 1 } },
        version === 0 ? cond.and(cond.itemExists(), cond.absent('prefs_version')) : cond.eq('prefs_version', version),
      ),
    }),
  );
  if (saved) return 'saved';
  return (await readVersionedPrefs(userId)) ? 'stale' : 'missing';
}

/** Sets email_enabled alone (unsubscribe, re-subscribe), raising the prefs version; false when the user has no stored prefs. */
export async function setEmailEnabled(userId: string, enabled: boolean): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: userKey(userId),
      // The version rises so a settings save that read before this write is refused and reads it (savePrefs).
      ...update(
        { setPaths: [[['notification_prefs', 'email_enabled'], enabled]], add: { prefs_version: 1 } },
        cond.and(cond.itemExists(), cond.isType('notification_prefs', 'M')),
      ),
    }),
  );
}

/** A user profile (item or User) as delivery sees it. */
export const toNotifiable = (item: Record<string, unknown>): NotifiableUser => ({
  id: String(item.id),
  email: String(item.email),
  prefs: readPrefs(item.notification_prefs),
  rss_token: typeof item.rss_token === 'string' ? item.rss_token : null,
  email_unsubscribe_token: typeof item.email_unsubscribe_token === 'string' ? item.email_unsubscribe_token : null,
});

/** Many users' notification data by id (BatchGet, 100 keys per call); unknown ids are left out. */
export async function getNotifiableUsers(userIds: string[]): Promise<Map<string, NotifiableUser>> {
  const unique = [...new Set(userIds)];
  const items = await batchGet(unique.map(userKey), ['id', 'email', 'notification_prefs', 'rss_token', 'email_unsubscribe_token']);
  return new Map(items.map((i) => [String(i.id), toNotifiable(i)]));
}

/**
 * Replaces a push token stored in the clear (before tokens were sealed) by
 * its sealed form, raising the prefs version; conditional on the clear
 * token still being there, so a re-run or a concurrent save changes nothing.
 */
export async function sealStoredPushToken(userId: string, plain: string, sealed: string): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: userKey(userId),
      ...update(
        {
          setPaths: [[['notification_prefs', 'push_token_sealed'], sealed]],
          remove: [['notification_prefs', 'push_token']],
          add: { prefs_version: 1 },
        },
        cond.eq(['notification_prefs', 'push_token'], plain),
      ),
    }),
  );
}
