/** Leaves a meeting as a save that died between its record and its stale pointers' removal leaves it (for the crash test). */
import { entityItem } from '#shared/adapters/db/entities.ts';
import { cond, update } from '#shared/adapters/db/expressions.ts';
import { meetingKeys } from '#shared/adapters/db/keys/meeting.keys.ts';
import type { ItemKey } from '#shared/adapters/db/keys/key.ts';
import * as table from '#shared/adapters/db/table-client.ts';

export async function putStalePointerForTest(meetingId: string, pointer: ItemKey, revision: number): Promise<void> {
  await table.putItem({ Item: entityItem('meeting_pointer', pointer, { meeting_id: meetingId, starts_at: '2026-12-10T14:00:00-05:00' }) });
  await table.updateItem({
    Key: meetingKeys.meta(meetingId),
    ...update({ append: { index_keys: [`${pointer.pk}|${pointer.sk}`] } }, cond.eq('revision', revision)),
  });
}
