/** The poller's state: SYSTEM / POLL_STATE with the last poll time and the updated-since cursor. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { systemKeys } from './keys/system.keys.ts';
import { tableName } from './table.ts';

export const PollState = lazySchema(() =>
  z.object({
    last_poll_at: z.string(),
    /** The provider's "updated since" lower bound for the next poll. */
    updated_since: z.string(),
  }),
);
export type PollState = z.infer<ReturnType<typeof PollState>>;

/** The last poll's state, or null before the first poll. */
export async function getPollState(): Promise<PollState | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: systemKeys.pollState, ConsistentRead: true }));
  return out.Item ? PollState().parse(out.Item) : null;
}

/** Records a finished poll. */
export async function savePollState(state: PollState): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...systemKeys.pollState, entity: 'poll_state', ...state } }));
}
