/** Leaves a meeting as a save that died between its record and its stale pointers' removal leaves it (for the crash test). */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { tableName } from '#shared/adapters/db/table.ts';
import { meetingKeys } from '#shared/adapters/db/keys/meeting.keys.ts';
import type { ItemKey } from '#shared/adapters/db/keys/key.ts';

export async function putStalePointerForTest(meetingId: string, pointer: ItemKey, revision: number): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...pointer, entity: 'meeting_pointer', meeting_id: meetingId, starts_at: '2026-12-10T14:00:00-05:00' } }),
  );
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: meetingKeys.meta(meetingId),
      UpdateExpression: 'SET index_keys = list_append(index_keys, :k)',
      ConditionExpression: 'revision = :r',
      ExpressionAttributeValues: { ':k': [`${pointer.pk}|${pointer.sk}`], ':r': revision },
    }),
  );
}
