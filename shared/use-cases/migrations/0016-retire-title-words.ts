/**
 * Migration 0016: deletes the bill title-word index items (WORD#{word} /
 * {bill_id}, docs/data-model.md B17), retired now that the search engine
 * answers word searches (shared/adapters/search/). Walks the bills-by-latest-action
 * listing a page at a time, no Scan, and deletes the items of each bill's
 * current title words: the writer kept them in step with the titles (a
 * refresh deleted the words a title lost), so these are all there are. A
 * delete of an absent item is harmless, so a re-run after a crash is too.
 */
import { batchWrite } from '#shared/adapters/db/dynamo.ts';
import { wordKeys } from '#shared/adapters/db/keys/word.keys.ts';
import { titleWords } from '#shared/domain/bills/title-words.ts';
import { eachBillPage } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const retireTitleWords: Migration = {
  id: '0016',
  description: 'Delete the bill title-word index items (word search moved to the search engine)',
  up: async () => {
    let deleted = 0;
    const bills = await eachBillPage(async (page) => {
      const keys = page.flatMap((bill) => titleWords(`${bill.short_title ?? ''} ${bill.title}`).map((w) => wordKeys.word(w, bill.id)));
      await batchWrite(keys.map((key) => ({ delete: key })));
      deleted += keys.length;
    });
    return { bills, word_items_deleted: deleted };
  },
};
