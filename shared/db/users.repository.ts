/**
 * Users in the single table. The profile lives at USER#{id}/PROFILE; email
 * uniqueness is an EMAIL#{email} item written in the same transaction; the
 * first-admin claim is a SYSTEM/FIRST_ADMIN item that only one registration
 * can create. Everything a user owns lives in the USER#{id} partition, so
 * deleting a user is one partition plus the email item.
 */
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { User } from '#shared/domain/users/user.schema.ts';
import { batchWrite, queryAll, queryPage, transactionReasons, isConditionFailed, type Page, indexPartition } from './dynamo.ts';
import { systemKeys } from './keys/system.keys.ts';
import { userKeys } from './keys/user.keys.ts';
import { tableName } from './table.ts';

/** The key of a user's profile. */
export const userKey = userKeys.profile;

export class EmailTakenError extends Error {
  override name = 'EmailTakenError';
}

function toItem(user: User) {
  return {
    ...userKey(user.id),
    entity: 'user',
    ...user,
    ...userKeys.bySignup.keys(user),
  };
}

const fromItem = (item: Record<string, unknown> | undefined): User | null => (item ? User.parse(item) : null);

/** Whether some user has already claimed the first-admin slot. */
async function firstAdminClaimed(): Promise<boolean> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: systemKeys.firstAdmin, ConsistentRead: true }));
  return Boolean(out.Item);
}

async function writeUser(user: User, claimAdmin: boolean): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName: tableName(),
            Item: { ...userKeys.email(user.email), entity: 'email', user_id: user.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...(claimAdmin
          ? [
              {
                Put: {
                  TableName: tableName(),
                  Item: { ...systemKeys.firstAdmin, entity: 'first_admin', user_id: user.id, claimed_at: user.created_at },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ]
          : []),
      ],
    }),
  );
}

/**
 * Creates a user; the first user ever becomes admin. Two concurrent "first"
 * registrations both try to create the FIRST_ADMIN item and only one can; the
 * other is retried as a plain user.
 */
export async function createUser(user: Omit<User, 'is_admin'>): Promise<User> {
  let claimAdmin = !(await firstAdminClaimed());
  for (;;) {
    const candidate: User = { ...user, is_admin: claimAdmin };
    try {
      await writeUser(candidate, claimAdmin);
      return candidate;
    } catch (err) {
      const reasons = transactionReasons(err);
      if (!reasons) throw err;
      if (reasons[1] === 'ConditionalCheckFailed') throw new EmailTakenError(user.email);
      if (claimAdmin && reasons[2] === 'ConditionalCheckFailed') {
        claimAdmin = false;
        continue;
      }
      throw err;
    }
  }
}

export async function getUser(id: string): Promise<User | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return fromItem(out.Item);
}

export async function getUserByEmail(email: string): Promise<User | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.email(email) }));
  const userId = out.Item?.user_id;
  return typeof userId === 'string' ? getUser(userId) : null;
}

/** Users in signup order, a page at a time. */
export async function listUsers(limit: number, cursor?: string): Promise<Page<User>> {
  const page = await queryPage(
    {
      ...indexPartition(userKeys.bySignup.index, userKeys.bySignup.partition),
      Limit: limit,
    },
    cursor,
  );
  return { items: page.items.map((i) => User.parse(i)), next_cursor: page.next_cursor };
}

/** Sets is_admin; false when the user does not exist. */
export async function setAdmin(id: string, isAdmin: boolean): Promise<User | null> {
  try {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: 'SET is_admin = :a',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':a': isAdmin },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes);
  } catch (err) {
    if (isConditionFailed(err)) return null;
    throw err;
  }
}

/**
 * Deletes a user and every item of their partition (follows, notes,
 * collections, notifications), plus the items outside it that those items
 * name in `external_keys` (share, RSS and unsubscribe token items).
 */
export async function deleteUser(user: User): Promise<number> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': userKeys.partition(user.id) },
    ProjectionExpression: 'pk, sk, external_keys',
  });
  const external = items.flatMap((i) => (Array.isArray(i.external_keys) ? (i.external_keys as { pk: string; sk: string }[]) : []));
  await batchWrite([...items, ...external].map((i) => ({ delete: { pk: i.pk, sk: i.sk } })));
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: userKeys.email(user.email) }));
  return items.length;
}
