/**
 * What the nightly effectiveness job reads and writes, through the keys the
 * bills, actions, cosponsors and members already have: a member's sponsored
 * bills (gsi2 SPONSOR#{member}, B8), a bill's action texts (BILL#{id} /
 * ACTION#…, B4) and cosponsor parties (BILL#{id} / COSPONSOR#…), each a Query
 * projected to the few attributes the score needs, and the score fields set
 * on MEMBER#{id} / PROFILE by one UpdateItem that leaves every other field alone.
 */
import type * as z from 'zod';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { conditional, queryAll, type Item } from './dynamo.ts';
import { noteMemberContent } from './members.repository.ts';
import { actionKeys } from './keys/action.keys.ts';
import { billKeys } from './keys/bill.keys.ts';
import { cosponsorKeys } from './keys/cosponsor.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { SponsoredBill, StageActionItem, CosponsorParty } from '#shared/domain/scores/effectiveness-inputs.schema.ts';
import { cond, expressions, query } from './expressions.ts';
import * as table from './table-client.ts';

/** Every bill a member sponsored (B8), with what the score reads of it. */
export async function listSponsoredBills(memberId: string): Promise<SponsoredBill[]> {
  const sponsored = billKeys.bySponsor;
  const items = await queryAll(
    query({ index: sponsored.index, pk: sponsored.partition(memberId) }, { projection: ['id', 'bill_category', 'latest_action_text'] }),
  );
  return items.map((i) => SponsoredBill().parse(i));
}

/** A bill's action texts and types (B4), in any order. */
export async function listStageActions(billId: string): Promise<z.infer<ReturnType<typeof StageActionItem>>[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: actionKeys.prefix }, { projection: ['action_text', 'action_type'] }));
  return items.map((i) => StageActionItem().parse(i));
}

/** The parties of a bill's cosponsors who have not withdrawn. */
export async function listCosponsorParties(billId: string): Promise<(string | null)[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: cosponsorKeys.prefix }, { projection: ['party', 'withdrawn_date'] }));
  return items
    .map((i) => CosponsorParty().parse(i))
    .filter((c) => c.withdrawn_date === null)
    .map((c) => c.party);
}

export type MemberScoreFields = Pick<Member, 'effectiveness_score' | 'percentile' | 'tier' | 'seniority_tier' | 'effectiveness_computed_at'>;

/** Sets the score fields of a stored member; false when the member is gone (removed since it was listed). */
export async function saveMemberScore(memberId: string, fields: MemberScoreFields): Promise<boolean> {
  let item: Item | undefined;
  const written = await conditional(async () => {
    const out = await table.updateItem({
      Key: memberKeys.profile(memberId),
      ...expressions({ update: { set: fields }, condition: cond.itemExists() }),
      ReturnValues: 'ALL_NEW',
    });
    item = out.Attributes as Item | undefined;
  });
  // A new score is new content of the member (its change feed); the same score recomputed is not.
  if (written && item) await noteMemberContent(item);
  return written;
}
