/**
 * The table outbox (docs/data-model.md A18, docs/architecture.md "Nothing
 * lost, nothing sent twice"): messages a state change owes a queue, stored in
 * the transaction that makes the change (the caller adds `outboxPut` to its
 * TransactWriteItems), deleted once sent. The relay job resends what a crash
 * left behind. This layer stores messages as data; the sender checks them
 * against their queue's schema.
 */
import { collectPages, queryPage } from './dynamo.ts';
import { outboxKeys } from './keys/outbox.keys.ts';
import { OutboxEntry } from '#shared/domain/notify/outbox-entry.schema.ts';
import { query } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** The Put of an entry, for the transaction of the change that owes its messages. */
export function outboxPut(entry: OutboxEntry): table.TransactItem {
  return {
    Put: {
      Item: entityItem('outbox', outboxKeys.entry(entry.id), { ...outboxKeys.pending.keys(entry.id, entry.created_at), ...entry }),
    },
  };
}

/**
 * Stores an entry on its own, before the change that owes its messages (a change that is not one
 * transaction, such as a bill's refresh): a crash after the change leaves the entry for the relay,
 * a crash before it leaves messages that only repeat work already done.
 */
export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  const put = outboxPut(entry).Put;
  if (!put) return;
  await table.putItem(put);
}

/** Removes an entry once its messages are sent. */
export async function deleteOutboxEntry(id: string): Promise<void> {
  await table.deleteItem({ Key: outboxKeys.entry(id) });
}

/** Up to `limit` entries created before `before` (ISO), oldest first: one Query of the sparse listing. */
export async function listOutboxEntries(before: string, limit: number): Promise<OutboxEntry[]> {
  const items = await collectPages(
    (n, cursor) =>
      queryPage(
        {
          ...query({ index: outboxKeys.pending.index, pk: outboxKeys.pending.partition, skBefore: before }),
          Limit: n,
        },
        cursor,
      ),
    limit,
  );
  return items.map((i) => OutboxEntry().parse(i));
}
