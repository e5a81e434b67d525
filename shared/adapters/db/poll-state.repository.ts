/** The poller's state: SYSTEM / POLL_STATE with the last poll time and the updated-since cursor. */
import { systemKeys } from './keys/system.keys.ts';
import { PollState } from '#shared/domain/bills/poll-state.schema.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** The last poll's state, or null before the first poll. */
export async function getPollState(): Promise<PollState | null> {
  const out = await table.getItem({ Key: systemKeys.pollState, ConsistentRead: true });
  return out.Item ? PollState().parse(out.Item) : null;
}

/** Records a finished poll. */
export async function savePollState(state: PollState): Promise<void> {
  await table.putItem({ Item: entityItem('poll_state', systemKeys.pollState, { ...state }) });
}
