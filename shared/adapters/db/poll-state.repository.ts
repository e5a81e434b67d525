/** The poller's state: SYSTEM / POLL_STATE with the last poll time and the updated-since cursor. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { systemKeys } from './keys/system.keys.ts';
import { tableName } from './table.ts';
import { PollState } from '#shared/domain/bills/poll-state.schema.ts';

/** The last poll's state, or null before the first poll. */
export async function getPollState(): Promise<PollState | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: systemKeys.pollState, ConsistentRead: true }));
  return out.Item ? PollState().parse(out.Item) : null;
}

/** Records a finished poll. */
export async function savePollState(state: PollState): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...systemKeys.pollState, entity: 'poll_state', ...state } }));
}
