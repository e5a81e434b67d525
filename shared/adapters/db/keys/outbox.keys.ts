/**
 * The table outbox (docs/data-model.md A18): OUTBOX#{id} / OUTBOX holds the
 * messages a state change owes a queue, written in the same transaction as
 * that change and deleted once they are sent; the sparse listing OUTBOX /
 * {created_at}#{id} on secondaryListings is what the relay job reads, oldest
 * first. Entry ids are deterministic (the change they belong to), so writing
 * one twice is one entry.
 */
import { onIndex, type ItemKey } from './key.ts';

const PREFIX = 'OUTBOX#';
const ENTRY = 'OUTBOX';
const LIST = 'OUTBOX';

export const outboxKeys = {
  entry: (id: string): ItemKey => ({ pk: `${PREFIX}${id}`, sk: ENTRY }),
  /** A18: every entry not sent yet, oldest first. */
  pending: {
    index: 'secondaryListings',
    partition: LIST,
    keys: (id: string, createdAt: string) => onIndex('secondaryListings', LIST, `${createdAt}#${id}`),
  },
} as const;
