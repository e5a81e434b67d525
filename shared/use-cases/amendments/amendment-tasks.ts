/**
 * The Congress.gov amendment fetch of one bill (ingest task
 * fetch_bill_amendments, queued by the bill's detail and actions tasks): the
 * bill's amendment listing, then for each amendment new or updated since it
 * was stored (by Congress.gov's updateDate) its detail, actions and text
 * versions, saved as records (./save-bill-amendments.ts). The bill's
 * followers are told of a decision or a new text
 * (shared/domain/amendments/amendment-events.ts).
 *
 * The events go before the records: a task that dies in between finds the
 * same amendments changed when it is retried and sends the same event ids,
 * which the dispatcher recognises; the other order could lose them. Roll
 * calls the amendments' actions name are fetched by the bill's vote fetch,
 * queued when one is named.
 */
import { amendmentStates, getAmendment } from '#shared/adapters/db/amendments.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import type { BillEvent } from '#shared/adapters/messaging/messages.ts';
import { sendMessage, sendMessages } from '#shared/adapters/messaging/send.ts';
import { amendmentFromCongressGov } from '#shared/adapters/providers/congress-gov/amendment.parser.ts';
import { getAmendmentItems, listBillAmendments } from '#shared/adapters/providers/congress-gov/amendment.client.ts';
import { UnrecordedResponseError } from '#shared/adapters/providers/transport/provider-error.ts';
import { amendmentEvents } from '#shared/domain/amendments/amendment-events.ts';
import { amendmentId, normaliseAmendmentType } from '#shared/domain/amendments/amendment-id.ts';
import { amendmentVoteRefs } from '#shared/domain/amendments/amendment-votes.ts';
import type { Amendment } from '#shared/domain/amendments/amendment.schema.ts';
import { parseBillId } from '#shared/domain/bills/bill-id.ts';
import { saveBillAmendments } from './save-bill-amendments.ts';

/** Amendments fetched per task: a bill with hundreds fills in over the next runs (the rest stay changed until fetched). */
export const AMENDMENTS_PER_TASK = 25;

/** See the header. */
export async function fetchBillAmendments(billId: string, now: Date) {
  if (!(await getDataSources()).congress_api.enabled) return { bill_id: billId, skipped: disabledByAdmin('congress_api') };
  const bill = await getBill(billId);
  if (!bill) return { bill_id: billId, skipped: 'unknown bill' };
  const { congress, type, number } = parseBillId(billId);
  let listed;
  try {
    listed = await listBillAmendments(congress, type, number);
  } catch (err) {
    if (err instanceof UnrecordedResponseError) return { bill_id: billId, skipped: 'offline: the recording holds no amendments of this bill' };
    throw err;
  }
  const stored = await amendmentStates(billId);
  const changed = listed.flatMap((item) => {
    const t = normaliseAmendmentType(item.type);
    if (!t) return [];
    const id = amendmentId(item.congress, t, item.number);
    const known = stored.get(id);
    return !known || known.update_date !== (item.updateDate ?? null) ? [{ id, congress: item.congress, type: t, number: item.number }] : [];
  });
  const batch = changed.slice(0, AMENDMENTS_PER_TASK);
  const records: Amendment[] = [];
  const events: BillEvent[] = [];
  for (const a of batch) {
    const items = await getAmendmentItems(a.congress, a.type, a.number);
    const after = amendmentFromCongressGov(items.detail, items, now.toISOString());
    // Listed under the bill, an amendment to another amendment may name only that one: it is the bill's all the same.
    const record = after.amended_bill_id ? after : { ...after, amended_bill_id: billId, amended_bill_label: bill.label, amended_bill_title: bill.title };
    const before = await getAmendment(a.id);
    for (const e of amendmentEvents(before, record, now)) {
      const { kind, event_id, action_category, action_text, action_date, amendment, text_version } = e;
      events.push({
        v: 1,
        type: 'bill_event',
        event_id,
        kind,
        bill_id: billId,
        action_category,
        occurred_at: now.toISOString(),
        action_text,
        action_date,
        amendment,
        ...(text_version ? { text_version } : {}),
      });
    }
    records.push(record);
  }
  if (events.length) await sendMessages('notification-dispatch', events);
  const saved = await saveBillAmendments(bill, records);
  const votesNamed = records.some((r) => amendmentVoteRefs(r).length > 0);
  if (votesNamed) await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_votes', bill_id: billId });
  return {
    bill_id: billId,
    listed: listed.length,
    fetched: batch.length,
    remaining: changed.length - batch.length,
    written: saved.written,
    events: events.length,
    vote_fetch_queued: votesNamed,
  };
}
