/**
 * Migration 0016: deletes the bill title-word index items (WORD#{word} /
 * {bill_id}, docs/data-model.md B17), retired now that the search engine
 * answers word searches (shared/search/). Walks the bills-by-latest-action
 * listing a page at a time, no Scan, and deletes the items of each bill's
 * current title words: the writer kept them in step with the titles (a
 * refresh deleted the words a title lost), so these are all there are. A
 * delete of an absent item is harmless, so a re-run after a crash is too.
 */
import { listBillsByLatestAction } from '#shared/db/bills.repository.ts';
import { batchWrite } from '#shared/db/dynamo.ts';
import { wordKeys } from '#shared/db/keys/word.keys.ts';
import { titleWords } from '#shared/domain/bills/title-words.ts';
import type { Migration } from './migration.ts';

const PAGE = 100;

export const retireTitleWords: Migration = {
  id: '0016',
  description: 'Delete the bill title-word index items (word search moved to the search engine)',
  up: async () => {
    let bills = 0;
    let deleted = 0;
    let cursor: string | undefined;
    do {
      const page = await listBillsByLatestAction({ limit: PAGE, cursor });
      const keys = page.items.flatMap((bill) => titleWords(`${bill.short_title ?? ''} ${bill.title}`).map((w) => wordKeys.word(w, bill.id)));
      await batchWrite(keys.map((key) => ({ delete: key })));
      bills += page.items.length;
      deleted += keys.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { bills, word_items_deleted: deleted };
  },
};
