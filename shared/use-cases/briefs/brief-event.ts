/**
 * The notification event a brief announcing a text version produces:
 * new_document for a full brief, new_amendment for an amendment brief, with
 * an event id fixed by (bill, brief version) so that a re-emit is recognised
 * downstream. Only the first brief of a text version announces it
 * (finish-brief.ts); a re-brief of the same version produces none. A text
 * version the local stack's demo replay released is announced marked demo. Pure.
 */
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';

/** The deterministic event id of a brief's notification. */
export const briefEventId = (billId: string, version: number) => `brief:${billId}:${version}`;

/** The bill_event message announcing a brief to the notification dispatcher. */
export function briefEvent(brief: Pick<Brief, 'bill_id' | 'version' | 'type' | 'created_at'>, demo?: true): BillEvent {
  const kind = brief.type === 'full' ? 'new_document' : 'new_amendment';
  return {
    v: 1,
    type: 'bill_event',
    event_id: briefEventId(brief.bill_id, brief.version),
    kind,
    bill_id: brief.bill_id,
    action_category: kind,
    occurred_at: new Date(brief.created_at).toISOString(),
    brief_version: brief.version,
    ...(demo ? { demo } : {}),
  };
}
