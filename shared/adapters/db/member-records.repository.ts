/**
 * Member report cards in the single table (docs/data-model.md M14, M15):
 * one item per member and Congress in the member's partition, read together
 * with one Query; and the marks of cards to compute again, one small item
 * each in one partition, put beside each position a roll call stores and
 * deleted by compute_member_records once the card is computed, on the
 * condition that no roll call marked it again meanwhile.
 */
import { MemberRecordCongress } from '#shared/domain/members/report-card.schema.ts';
import { Bill } from '#shared/domain/bills/bill.schema.ts';
import { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { batchGet, batchWrite, conditional, queryAll, queryPage, type WriteRequest } from './dynamo.ts';
import { cond, expressions, query } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { cosponsorKeys } from './keys/cosponsor.keys.ts';
import { UNDATED } from './keys/key.ts';
import { memberRecordKeys } from './keys/member-record.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { voteKeys } from './keys/vote.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

export interface StaleRecord {
  member_id: string;
  congress: number;
  /** The mark's token: the delete holds only while it is the one read. */
  mark: string;
}

/** The writes that mark these members' cards of a Congress stale (for a caller's own batch). */
export function staleRecordWrites(congress: number, memberIds: readonly string[], mark: string): WriteRequest[] {
  return [...new Set(memberIds)].map((memberId) => ({
    put: entityItem('member_record_stale', memberRecordKeys.stale(congress, memberId), { member_id: memberId, congress, mark }),
  }));
}

/** Marks these members' cards of a Congress stale. */
export async function markRecordsStale(congress: number, memberIds: readonly string[], mark: string): Promise<void> {
  await batchWrite(staleRecordWrites(congress, memberIds, mark));
}

/** A page of stale marks, oldest Congress first. */
export async function listStaleRecords(limit: number, cursor?: string): Promise<{ items: StaleRecord[]; next_cursor: string | null }> {
  const page = await queryPage({ ...query({ pk: memberRecordKeys.stalePartition }), Limit: limit }, cursor);
  return {
    items: page.items.map((i) => ({ member_id: String(i.member_id), congress: Number(i.congress), mark: String(i.mark) })),
    next_cursor: page.next_cursor,
  };
}

/** Deletes a stale mark unless a roll call marked the card again since it was read; true when deleted. */
export async function clearStaleRecord(r: StaleRecord): Promise<boolean> {
  return conditional(() =>
    table.deleteItem({
      Key: memberRecordKeys.stale(r.congress, r.member_id),
      ...expressions({ condition: cond.eq('mark', r.mark) }),
    }),
  );
}

/** Stores a member's card of one Congress (a recomputation replaces it whole). */
export async function putMemberRecord(memberId: string, card: MemberRecordCongress): Promise<void> {
  await table.putItem({ Item: entityItem('member_record', memberRecordKeys.record(memberId, card.congress), { member_id: memberId, ...card }) });
}

/** A member's cards, newest Congress first (one Query on their partition). */
export async function listMemberRecords(memberId: string): Promise<MemberRecordCongress[]> {
  const items = await queryAll({ ...query({ pk: memberKeys.partition(memberId), skPrefix: memberRecordKeys.recordPrefix }), ScanIndexForward: false });
  return items.map((i) => MemberRecordCongress().parse(i));
}

// What a card is computed from: the member's positions, sponsored bills and cosponsorships of one Congress.

/** The sort-key ranges of a Congress's dates (its two years and the 3 January that ends it), and of undated items. */
function congressDates(congress: number): [string, string] {
  const first = 1789 + 2 * (congress - 1);
  return [`${first}-01-01`, `${first + 2}-01-03~`];
}

/** The member's positions in the roll calls of a Congress (gsi2 MEMBERVOTES#{id}, the Congress's dates, then its vote ids). */
export async function listMemberVotesOfCongress(memberId: string, congress: number): Promise<MemberVote[]> {
  const items = await queryAll(query({ index: voteKeys.byMember.index, pk: voteKeys.byMember.partition(memberId), skBetween: congressDates(congress) }));
  return items.map((i) => MemberVote().parse(i)).filter((v) => Number(v.vote_id.split('-')[1]) === congress);
}

/** The bills of a Congress the member sponsored (gsi2 SPONSOR#{id}: the Congress's introduction dates, and undated ones). */
export async function listSponsoredBillsOfCongress(memberId: string, congress: number): Promise<Bill[]> {
  const pk = billKeys.bySponsor.partition(memberId);
  const [dated, undated] = await Promise.all([
    queryAll(query({ index: billKeys.bySponsor.index, pk, skBetween: congressDates(congress) })),
    queryAll(query({ index: billKeys.bySponsor.index, pk, skPrefix: `${UNDATED}#` })),
  ]);
  return [...dated, ...undated].map((i) => Bill().parse(i)).filter((b) => b.congress === congress);
}

/** The member's cosponsorships of bills of a Congress, withdrawn ones left out (gsi2 COSPONSOR#{id}: the Congress's dates, and undated ones). */
export async function listCosponsorshipsOfCongress(memberId: string, congress: number): Promise<Cosponsor[]> {
  const pk = cosponsorKeys.byMember.partition(memberId);
  const [dated, undated] = await Promise.all([
    queryAll(query({ index: cosponsorKeys.byMember.index, pk, skBetween: congressDates(congress) })),
    queryAll(query({ index: cosponsorKeys.byMember.index, pk, skPrefix: `${UNDATED}#` })),
  ]);
  return [...dated, ...undated].map((i) => Cosponsor().parse(i)).filter((c) => !c.withdrawn_date && Number(c.bill_id.split('-')[0]) === congress);
}

/** The sponsor's party and label of each bill (BatchGet, projected), by bill id. */
export async function billSponsorParties(billIds: readonly string[]): Promise<Map<string, { label: string; sponsor_party: string | null }>> {
  const items = await batchGet(
    [...new Set(billIds)].map((id) => billKeys.meta(id)),
    ['id', 'label', 'sponsor'],
  );
  return new Map(
    items.map((i) => {
      const sponsor = i.sponsor as { party?: string | null } | null | undefined;
      return [String(i.id), { label: String(i.label), sponsor_party: sponsor?.party ?? null }];
    }),
  );
}
