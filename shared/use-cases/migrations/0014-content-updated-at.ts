/**
 * Migration 0012: every stored bill and member gets its content hash, its
 * content `updated_at` (the time of this run: the first moment the service
 * vouches for its content) and its place on the change feed (docs/data-model.md
 * B24, M13). Walks the bills-by-latest-action listing and the members-by-name
 * listing a page at a time, no Scan. Each write is conditional on the hash
 * differing, so a re-run writes nothing and a record written since keeps the
 * updated_at its writer set.
 */
import { noteBillContent } from '#shared/adapters/db/bills.repository.ts';
import { listAllMembers, noteMemberContent } from '#shared/adapters/db/members.repository.ts';
import type { Item } from '#shared/adapters/db/dynamo.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { rewriteEachBill } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const contentUpdatedAt: Migration = {
  id: '0014',
  description: 'Give every bill and member a content hash, a content updated_at and a place on its change feed',
  up: async () => {
    // A parsed record carries no hash, so each note is a conditional write that the stored hash decides.
    const { bills, written: billsWritten } = await rewriteEachBill((bill) => noteBillContent(bill as unknown as Item));
    const members = await listAllMembers();
    await mapLimit(members, 8, (member) => noteMemberContent(member as unknown as Item));
    return { bills, bills_written: billsWritten, members: members.length };
  },
};
