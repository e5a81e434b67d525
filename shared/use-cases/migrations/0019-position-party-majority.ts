/**
 * Migration 0019: each stored vote position now carries how most of the
 * member's party voted on its roll call (party_majority), which the member
 * report cards count votes with the party by. Positions stored before are
 * given it from their roll call's own positions, and the cards of those
 * members are marked stale for compute_member_records. Bills through the
 * bills-by-latest-action listing, their roll calls and positions by Query
 * (no Scan); a roll call whose positions all have it is skipped, so a re-run
 * writes nothing.
 */
import { addPartyMajorities, listBillVotes } from '#shared/adapters/db/votes.repository.ts';
import { eachBillPage } from './each-bill.ts';
import type { Migration } from './migration.ts';

export const positionPartyMajority: Migration = {
  id: '0019',
  description: "Give every stored vote position its party's majority on the roll call, and mark the report cards stale",
  up: async () => {
    let rollCalls = 0;
    let rewritten = 0;
    const bills = await eachBillPage(async (page) => {
      for (const bill of page) {
        for (const rc of await listBillVotes(bill.id)) {
          rollCalls++;
          if (await addPartyMajorities(rc)) rewritten++;
        }
      }
    });
    return { bills, roll_calls: rollCalls, rewritten };
  },
};
