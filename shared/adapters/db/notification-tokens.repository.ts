/**
 * The RSS feed, calendar and email unsubscribe tokens (data-model A14, N5,
 * N6): an item TOKEN#{rss|calendar|unsubscribe}#{token} / TOKEN points at its
 * user, and the user profile keeps the token (`rss_token`, `calendar_token`,
 * `email_unsubscribe_token`) and lists the token item in `external_keys`, so
 * deleting the user removes it. Both are written in one transaction whose conditions make a token unique and
 * keep the first token when two requests race. Rotation is one transaction
 * too: delete the old token item, put the new one, and on the profile swap
 * the field and the external_keys entry, conditioned on the old token, so
 * the old token stops resolving the moment the new one exists.
 */
import { randomBytes } from 'node:crypto';
import { transactionReasons } from './dynamo.ts';
import { cond, expressions, update } from './expressions.ts';
import type { ItemKey } from './keys/key.ts';
import { tokenKeys } from './keys/token.keys.ts';
import { userKey } from './users.repository.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export type NotificationTokenKind = 'rss' | 'calendar' | 'unsubscribe';

const FIELD: Record<NotificationTokenKind, 'rss_token' | 'calendar_token' | 'email_unsubscribe_token'> = {
  rss: 'rss_token',
  calendar: 'calendar_token',
  unsubscribe: 'email_unsubscribe_token',
};

/** The key of a token item. */
export const notificationTokenKey = (kind: NotificationTokenKind, token: string) => tokenKeys.token(kind, token);

/** 192 random bits, URL-safe. */
const newToken = () => randomBytes(24).toString('base64url');

async function readTokenField(userId: string, kind: NotificationTokenKind): Promise<{ token: string | null; externalKeys: ItemKey[] } | undefined> {
  const out = await table.getItem({
    Key: userKey(userId),
    ConsistentRead: true,
    ...expressions({ projection: ['pk', FIELD[kind], 'external_keys'] }),
  });
  if (!out.Item) return undefined;
  const value = out.Item[FIELD[kind]];
  return { token: typeof value === 'string' ? value : null, externalKeys: Array.isArray(out.Item.external_keys) ? (out.Item.external_keys as ItemKey[]) : [] };
}

async function currentToken(userId: string, kind: NotificationTokenKind): Promise<string | null | undefined> {
  const found = await readTokenField(userId, kind);
  return found === undefined ? undefined : found.token;
}

/**
 * The user's token of `kind`, created on first use; null when the user does
 * not exist. Idempotent and race-safe: the profile update is conditional on
 * the field being absent, so a loser re-reads the winner's token.
 */
export async function ensureNotificationToken(userId: string, kind: NotificationTokenKind): Promise<string | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await currentToken(userId, kind);
    if (existing === undefined) return null;
    if (existing) return existing;
    const token = newToken();
    const key = notificationTokenKey(kind, token);
    try {
      await table.transactWrite([
        {
          Put: {
            Item: entityItem(`${kind}_token`, key, { kind, user_id: userId }),
            ...expressions({ condition: cond.itemAbsent() }),
          },
        },
        {
          Update: {
            Key: userKey(userId),
            ...update({ set: { [FIELD[kind]]: token }, append: { external_keys: [key] } }, cond.and(cond.itemExists(), cond.absent(FIELD[kind]))),
          },
        },
      ]);
      return token;
    } catch (err) {
      if (!transactionReasons(err)) throw err;
      // Another request created the token first, or the random token collided: read again.
    }
  }
  throw new Error(`Could not create the ${kind} token of user ${userId}`);
}

/**
 * Replaces the user's token of `kind` with a new one and returns it; null
 * when the user does not exist. One transaction deletes the old token item,
 * puts the new one and swaps the profile's field and its external_keys entry
 * (in place, conditioned on still holding the old token), so a concurrent
 * rotation or creation makes this one re-read rather than leave an orphan:
 * when another rotation replaced the token it read, that rotation did what
 * this one was asked (the old token revoked, a fresh one made), and its
 * token is the answer; concurrent rotations never fail. A user without a
 * token gets their first one.
 */
export async function rotateNotificationToken(userId: string, kind: NotificationTokenKind): Promise<string | null> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const current = await readTokenField(userId, kind);
    if (current === undefined) return null;
    if (!current.token) {
      await ensureNotificationToken(userId, kind);
      continue;
    }
    const oldKey = notificationTokenKey(kind, current.token);
    const token = newToken();
    const key = notificationTokenKey(kind, token);
    const at = current.externalKeys.findIndex((k) => k.pk === oldKey.pk && k.sk === oldKey.sk);
    try {
      await table.transactWrite([
        { Delete: { Key: oldKey } },
        {
          Put: {
            Item: entityItem(`${kind}_token`, key, { kind, user_id: userId }),
            ...expressions({ condition: cond.itemAbsent() }),
          },
        },
        {
          Update: {
            Key: userKey(userId),
            ...(at >= 0
              ? update(
                  { set: { [FIELD[kind]]: token }, setPaths: [[['external_keys', at], key]] },
                  cond.and(cond.eq(FIELD[kind], current.token), cond.eq(['external_keys', at, 'pk'], oldKey.pk)),
                )
              : // A token stored before it was listed: list the new one.
                update({ set: { [FIELD[kind]]: token }, append: { external_keys: [key] } }, cond.eq(FIELD[kind], current.token))),
          },
        },
      ]);
      return token;
    } catch (err) {
      if (!transactionReasons(err)) throw err;
      // Another rotation won, or the user is gone: read again. A token that changed since it was read was rotated by a
      // concurrent call of the same user: the old token is revoked and a fresh one exists, which is what this call asked for.
      const now = await readTokenField(userId, kind);
      if (now === undefined) return null;
      if (now.token && now.token !== current.token) return now.token;
    }
  }
  throw new Error(`Could not rotate the ${kind} token of user ${userId}`);
}

/** The user a token belongs to, or null (strongly consistent, A14). */
export async function resolveNotificationToken(kind: NotificationTokenKind, token: string): Promise<string | null> {
  const out = await table.getItem({ Key: notificationTokenKey(kind, token), ConsistentRead: true });
  return typeof out.Item?.user_id === 'string' ? out.Item.user_id : null;
}
