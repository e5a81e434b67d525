/**
 * The roll calls of a bill's amendments, for the bill's vote fetch
 * (shared/use-cases/bills/bill-tasks.ts), which stores them with the bill's
 * own: the references their actions give, and the links from each stored
 * roll call to the amendments it belongs to (shared/domain/amendments/
 * amendment-votes.ts: named by the amendment's actions, or by the clerk's
 * amendment-num and amendment-author). A link is one idempotent write, so a
 * fetch that dies between a roll call and its link links it on its next run
 * (the roll call is stored, and stored roll calls are linked too).
 */
import { linkAmendmentRollCall, listAllBillAmendments, type StoredAmendment } from '#shared/adapters/db/amendments.repository.ts';
import type { AmendmentRollCall } from '#shared/domain/amendments/amendment.schema.ts';
import { amendmentVoteRefs, clerkNamesAmendment, type ClerkAmendment } from '#shared/domain/amendments/amendment-votes.ts';
import type { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';
import type { RollCall } from '#shared/domain/votes/vote.schema.ts';
import type { ParsedVote } from '#shared/domain/votes/parsed-vote.schema.ts';
import { rollCallFrom, voteIdOf } from '#shared/domain/votes/roll-call.ts';
import { saveRollCall } from '#shared/adapters/db/votes.repository.ts';

export interface BillAmendmentVotes {
  amendments: StoredAmendment[];
  /** The roll calls the amendments' actions name. */
  refs: RecordedVoteRef[];
}

/** The bill's stored amendments and the roll calls their actions name. */
export async function billAmendmentVotes(billId: string): Promise<BillAmendmentVotes> {
  const amendments = await listAllBillAmendments(billId);
  return { amendments, refs: amendments.flatMap(amendmentVoteRefs) };
}

const tally = (r: RollCall): AmendmentRollCall => ({
  vote_id: r.vote_id,
  chamber: r.chamber,
  congress: r.congress,
  session: r.session,
  roll_number: r.roll_number,
  date: r.date,
  question: r.question,
  result: r.result,
  yea: r.yea,
  nay: r.nay,
  present: r.present,
  not_voting: r.not_voting,
});

/** Links a stored roll call to each amendment it belongs to (`clerk`: the clerk's amendment fields, when the roll call has them); returns the ids linked. */
export async function linkRollCall(amendments: readonly StoredAmendment[], rollCall: RollCall, clerk: ClerkAmendment | null): Promise<string[]> {
  const owners = amendments.filter(
    (a) =>
      amendmentVoteRefs(a).some((r) => voteIdOf(r) === rollCall.vote_id) ||
      (clerk !== null && clerkNamesAmendment({ congress: rollCall.congress, bill: billOf(rollCall.bill_id), amendment: clerk }, a)),
  );
  const linked = await Promise.all(owners.map(async (a) => ((await linkAmendmentRollCall(a.id, tally(rollCall))) ? [a.id] : [])));
  return linked.flat();
}

/** Links the bill's stored roll calls that an amendment names and is not linked to yet (a roll call stored before its amendment). */
export async function linkStoredRollCalls(amendments: readonly StoredAmendment[], votes: readonly RollCall[]): Promise<number> {
  let linked = 0;
  for (const vote of votes) {
    const unlinked = amendments.filter((a) => !a.roll_calls.some((r) => r.vote_id === vote.vote_id));
    linked += (await linkRollCall(unlinked, vote, null)).length;
  }
  return linked;
}

const billOf = (billId: string | null) => {
  const m = billId ? /^\d+-([a-z]+)-(\d+)$/.exec(billId) : null;
  return m ? { type: m[1] ?? '', number: Number(m[2]) } : null;
};

/**
 * Stores one roll call on a bill read from its clerk file and links it to the bill's amendments it decides (the offline
 * demo's shipped roll calls: local/demo/demo-amendment-votes.ts); the same writes as the bill's vote fetch.
 */
export async function saveBillRollCall(billId: string, parsed: ParsedVote, sourceUrl: string, now: Date): Promise<{ vote_id: string; linked: string[] }> {
  const { rollCall, positions } = rollCallFrom(parsed, billId, sourceUrl, now.toISOString());
  await saveRollCall(rollCall, positions);
  return { vote_id: rollCall.vote_id, linked: await linkRollCall(await listAllBillAmendments(billId), rollCall, parsed.amendment) };
}
