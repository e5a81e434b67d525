/**
 * Roll-call votes. The vote record sits with its bill (BILL#{id} /
 * VOTE#{chamber}#{congress}#{session}#{roll}) so bill detail reads it in its
 * one Query; positions are ROLLCALL#{vote_id} / POS#{member_id}, each
 * carrying the vote's date, question, type and kind, and indexed on gsi2
 * MEMBERVOTES#{member_id} / {date}#{vote_id} for a member's record.
 */
import { randomUUID } from 'node:crypto';
import { MemberVote, RollCall, type VotePosition } from '#shared/domain/votes/vote.schema.ts';
import { VoteFetchRecord, type MissingVote } from '#shared/domain/votes/vote-fetch.ts';
import { conditional, batchGet, batchWrite, queryAll, queryPage, type Item, type Page } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { voteKeys } from './keys/vote.keys.ts';
import { noteRecentVotes } from './member-recent-votes.repository.ts';
import { staleRecordWrites } from './member-records.repository.ts';
import { partyMajorities } from '#shared/domain/votes/party-majority.ts';
import { cond, expressions, query, update } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem, entityTag } from './entities.ts';

export type { MemberVote, RollCall, VotePosition } from '#shared/domain/votes/vote.schema.ts';

/**
 * Stores a roll call, every position (with how most of the member's party
 * voted), a stale mark on each member's report card of its Congress, and
 * each member's recent votes (idempotent: a re-fetch rewrites the same items).
 */
export async function saveRollCall(rollCall: RollCall, positions: VotePosition[]): Promise<void> {
  const writes: Item[] = [entityItem('roll_call', voteKeys.rollCall(rollCall.vote_id), { ...rollCall })];
  const joinedPositions: MemberVote[] = [];
  const majorities = partyMajorities(positions);
  for (const p of positions) {
    const joined: MemberVote = {
      ...p,
      vote_id: rollCall.vote_id,
      bill_id: rollCall.bill_id,
      chamber: rollCall.chamber,
      date: rollCall.date,
      question: rollCall.question,
      vote_type: rollCall.vote_type,
      kind: rollCall.kind,
      result: rollCall.result,
      party_majority: p.party ? (majorities.get(p.party) ?? null) : null,
    };
    joinedPositions.push(joined);
    writes.push(entityItem('vote_position', voteKeys.position(rollCall.vote_id, p.member_id), { ...joined, ...voteKeys.byMember.keys(p.member_id, rollCall) }));
  }
  const stale = staleRecordWrites(
    rollCall.congress,
    positions.map((p) => p.member_id),
    randomUUID(),
  );
  await batchWrite([...writes.map((put) => ({ put })), ...stale]);
  await noteRecentVotes(joinedPositions);
  // Last: the bill's vote item is what tells a later fetch the roll call is stored, so a crash
  // before it leaves the roll call to be fetched and written again (every write above is idempotent).
  if (rollCall.bill_id) await batchWrite([{ put: entityItem('bill_vote', voteKeys.billVote(rollCall.bill_id, rollCall), { ...rollCall }) }]);
}

/** The roll calls of a bill, oldest first. */
export async function listBillVotes(billId: string): Promise<RollCall[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: voteKeys.billVotePrefix }));
  return items.map((i) => RollCall().parse(i)).sort((a, b) => a.date.localeCompare(b.date) || a.roll_number - b.roll_number);
}

/** Positions of the given members in one roll call (BatchGet); all positions when no ids are given. */
export async function listRollCallPositions(voteId: string, memberIds?: string[]): Promise<MemberVote[]> {
  const items = memberIds
    ? await batchGet(memberIds.map((m) => voteKeys.position(voteId, m)))
    : await queryAll(query({ pk: voteKeys.rollCallPartition(voteId), skPrefix: voteKeys.positionPrefix }));
  return items.map((i) => MemberVote().parse(i));
}

/** A member's recorded positions, newest first. */
export async function listMemberVotes(memberId: string, opts: { limit: number; cursor?: string }): Promise<Page<MemberVote>> {
  const page = await queryPage(
    {
      ...query({ index: voteKeys.byMember.index, pk: voteKeys.byMember.partition(memberId) }),
      ScanIndexForward: false,
      Limit: opts.limit,
    },
    opts.cursor,
  );
  return { items: page.items.map((i) => MemberVote().parse(i)), next_cursor: page.next_cursor };
}

/** Claims the one background vote fetch of a bill's first votes view; true only for the first caller. */
export async function claimVoteFetch(billId: string, now = new Date()): Promise<boolean> {
  return conditional(() =>
    table.putItem({
      Item: entityItem('vote_fetch', voteKeys.fetchClaim(billId), { requested_at: now.toISOString() }),
      ...expressions({ condition: cond.itemAbsent() }),
    }),
  );
}

/**
 * Asks again for a fetch that last ran at `checkedAt` without trying a recorded vote the actions now name: true
 * only for the first caller since that run (the request must not be newer than the run already).
 */
export async function reclaimVoteFetch(billId: string, checkedAt: string, now = new Date()): Promise<boolean> {
  return conditional(() =>
    table.updateItem({
      Key: voteKeys.fetchClaim(billId),
      ...update(
        { set: { requested_at: now.toISOString() } },
        cond.and(cond.eq('checked_at', checkedAt), cond.or(cond.absent('requested_at'), cond.lte('requested_at', checkedAt))),
      ),
    }),
  );
}

/** Releases that claim, so the next votes view queues the fetch again (the fetch was skipped). */
export async function releaseVoteFetch(billId: string): Promise<void> {
  await table.deleteItem({ Key: voteKeys.fetchClaim(billId) });
}

/** What became of a bill's vote fetch (its claim item): null when none was ever asked for or run. */
export async function getVoteFetch(billId: string): Promise<VoteFetchRecord | null> {
  const out = await table.getItem({ Key: voteKeys.fetchClaim(billId) });
  return out.Item ? VoteFetchRecord().parse(out.Item) : null;
}

/** Records a run of the bill's vote fetch: when it ran and the votes it could not store (the claim stays taken). */
export async function noteVoteFetch(billId: string, checkedAt: string, missing: MissingVote[]): Promise<void> {
  await table.updateItem({
    Key: voteKeys.fetchClaim(billId),
    ...update({ set: { ...entityTag('vote_fetch'), checked_at: checkedAt, missing } }),
  });
}

/**
 * Puts how most of each member's party voted on every position of a stored
 * roll call that lacks it (positions stored before it was kept), and marks
 * the members' report cards of its Congress stale; false when every position
 * had it already (migration 0018: idempotent).
 */
export async function addPartyMajorities(rollCall: Pick<RollCall, 'vote_id' | 'congress'>): Promise<boolean> {
  const items = await queryAll(query({ pk: voteKeys.rollCallPartition(rollCall.vote_id), skPrefix: voteKeys.positionPrefix }));
  if (items.every((i) => 'party_majority' in i)) return false;
  const majorities = partyMajorities(items.map((i) => MemberVote().parse(i)));
  const rewritten = items.map((i) => ({ put: { ...i, party_majority: typeof i.party === 'string' ? (majorities.get(i.party) ?? null) : null } }));
  const stale = staleRecordWrites(
    rollCall.congress,
    items.map((i) => String(i.member_id)),
    randomUUID(),
  );
  await batchWrite([...rewritten, ...stale]);
  return true;
}
