/**
 * Notification preferences on the user profile (USER#{id} / PROFILE, field
 * `notification_prefs`, owned by the notifications domain): read with the
 * profile, written with UpdateItem so no other field of the profile is
 * touched; recipients' profiles are read in BatchGets of 100.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { readPrefs, type NotificationPrefs } from '#shared/domain/notify/prefs.schema.ts';
import { conditional, batchGet } from './dynamo.ts';
import { tableName } from './table.ts';
import { userKey } from './users.repository.ts';

/** What delivery needs of a user. */
export interface NotifiableUser {
  id: string;
  email: string;
  prefs: NotificationPrefs;
  rss_token: string | null;
  email_unsubscribe_token: string | null;
}

/** Replaces the user's stored preferences; false when the user does not exist. */
export async function savePrefs(userId: string, prefs: NotificationPrefs): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET notification_prefs = :p',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':p': prefs },
      }),
    ),
  );
}

/** Sets email_enabled alone (unsubscribe, re-subscribe); false when the user has no stored prefs. */
export async function setEmailEnabled(userId: string, enabled: boolean): Promise<boolean> {
  return conditional(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET notification_prefs.email_enabled = :e',
        ConditionExpression: 'attribute_exists(pk) AND attribute_type(notification_prefs, :map)',
        ExpressionAttributeValues: { ':e': enabled, ':map': 'M' },
      }),
    ),
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
