/**
 * What the nightly effectiveness job reads and writes, through the keys the
 * bills, actions, cosponsors and members already have: a member's sponsored
 * bills (gsi2 SPONSOR#{member}, B8), a bill's action texts (BILL#{id} /
 * ACTION#…, B4) and cosponsor parties (BILL#{id} / COSPONSOR#…), each a Query
 * projected to the few attributes the score needs, and the score fields set
 * on MEMBER#{id} / PROFILE by one UpdateItem that leaves every other field alone.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { BillCategory, type Member } from '#shared/domain/bills/bill.schema.ts';
import { conditional, indexPartition, queryAll, type Item } from './dynamo.ts';
import { noteMemberContent } from './members.repository.ts';
import { actionKeys } from './keys/action.keys.ts';
import { billKeys } from './keys/bill.keys.ts';
import { cosponsorKeys } from './keys/cosponsor.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { tableName } from './table.ts';

/** A Query input reading only `attributes` (names aliased, so reserved words are safe). */
function projected(attributes: string[], names: Record<string, string> = {}) {
  return {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: { ...names, ...Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])) },
  };
}

export const SponsoredBill = lazySchema(() =>
  z.object({
    id: z.string(),
    bill_category: BillCategory().nullable().default(null),
    latest_action_text: z.string().nullable().default(null),
  }),
);
export type SponsoredBill = z.infer<ReturnType<typeof SponsoredBill>>;

/** Every bill a member sponsored (B8), with what the score reads of it. */
export async function listSponsoredBills(memberId: string): Promise<SponsoredBill[]> {
  const partition = indexPartition(billKeys.bySponsor.index, billKeys.bySponsor.partition(memberId));
  const items = await queryAll({
    ...partition,
    ...projected(['id', 'bill_category', 'latest_action_text'], partition.ExpressionAttributeNames),
  });
  return items.map((i) => SponsoredBill().parse(i));
}

const StageActionItem = lazySchema(() => z.object({ action_text: z.string(), action_type: z.string().nullable().default(null) }));

/** A bill's action texts and types (B4), in any order. */
export async function listStageActions(billId: string): Promise<z.infer<ReturnType<typeof StageActionItem>>[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)',
    ExpressionAttributeValues: { ':pk': billKeys.partition(billId), ':a': actionKeys.prefix },
    ...projected(['action_text', 'action_type']),
  });
  return items.map((i) => StageActionItem().parse(i));
}

const CosponsorParty = lazySchema(() => z.object({ party: z.string().nullable().default(null), withdrawn_date: z.string().nullable().default(null) }));

/** The parties of a bill's cosponsors who have not withdrawn. */
export async function listCosponsorParties(billId: string): Promise<(string | null)[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
    ExpressionAttributeValues: { ':pk': billKeys.partition(billId), ':c': cosponsorKeys.prefix },
    ...projected(['party', 'withdrawn_date']),
  });
  return items
    .map((i) => CosponsorParty().parse(i))
    .filter((c) => c.withdrawn_date === null)
    .map((c) => c.party);
}

export type MemberScoreFields = Pick<Member, 'effectiveness_score' | 'percentile' | 'tier' | 'seniority_tier' | 'effectiveness_computed_at'>;

/** Sets the score fields of a stored member; false when the member is gone (removed since it was listed). */
export async function saveMemberScore(memberId: string, fields: MemberScoreFields): Promise<boolean> {
  const entries = Object.entries(fields);
  let item: Item | undefined;
  const written = await conditional(async () => {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKeys.profile(memberId),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    item = out.Attributes as Item | undefined;
  });
  // A new score is new content of the member (its change feed); the same score recomputed is not.
  if (written && item) await noteMemberContent(item);
  return written;
}
