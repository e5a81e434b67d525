/**
 * The RSS feed and email unsubscribe tokens (data-model A14, N5, N6): an item
 * TOKEN#{rss|unsubscribe}#{token} / TOKEN points at its user, and the user
 * profile keeps the token (`rss_token`, `email_unsubscribe_token`) and lists
 * the token item in `external_keys`, so deleting the user removes it. Both
 * are written in one transaction whose conditions make a token unique and
 * keep the first token when two requests race.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { transactionReasons } from './dynamo.ts';
import { tokenKeys } from './keys/token.keys.ts';
import { tableName } from './table.ts';
import { userKey } from './users.repository.ts';

export type NotificationTokenKind = 'rss' | 'unsubscribe';

const FIELD: Record<NotificationTokenKind, 'rss_token' | 'email_unsubscribe_token'> = {
  rss: 'rss_token',
  unsubscribe: 'email_unsubscribe_token',
};

/** The key of a token item. */
export const notificationTokenKey = (kind: NotificationTokenKind, token: string) => tokenKeys.token(kind, token);

/** 192 random bits, URL-safe. */
const newToken = () => randomBytes(24).toString('base64url');

async function currentToken(userId: string, kind: NotificationTokenKind): Promise<string | null | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: userKey(userId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, #f',
      ExpressionAttributeNames: { '#f': FIELD[kind] },
    }),
  );
  if (!out.Item) return undefined;
  const value = out.Item[FIELD[kind]];
  return typeof value === 'string' ? value : null;
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
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { ...key, entity: `${kind}_token`, kind, user_id: userId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: userKey(userId),
                UpdateExpression: 'SET #f = :t, external_keys = list_append(if_not_exists(external_keys, :none), :k)',
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#f)',
                ExpressionAttributeNames: { '#f': FIELD[kind] },
                ExpressionAttributeValues: { ':t': token, ':none': [], ':k': [key] },
              },
            },
          ],
        }),
      );
      return token;
    } catch (err) {
      if (!transactionReasons(err)) throw err;
      // Another request created the token first, or the random token collided: read again.
    }
  }
  throw new Error(`Could not create the ${kind} token of user ${userId}`);
}

/** The user a token belongs to, or null (strongly consistent, A14). */
export async function resolveNotificationToken(kind: NotificationTokenKind, token: string): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: notificationTokenKey(kind, token), ConsistentRead: true }));
  return typeof out.Item?.user_id === 'string' ? out.Item.user_id : null;
}
