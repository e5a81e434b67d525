/**
 * Bill cosponsors: BILL#{id} / COSPONSOR#{member_id}, indexed on gsi2
 * COSPONSOR#{member_id} / {sponsorship_date}#{bill_id} for a member's
 * cosponsored bills. Puts are idempotent.
 */
import { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { batchWrite, queryAll, queryPage, type Page } from './dynamo.ts';
import { query } from './expressions.ts';
import { billKeys } from './keys/bill.keys.ts';
import { cosponsorKeys } from './keys/cosponsor.keys.ts';
import { entityItem } from './entities.ts';

/** Stores a bill's cosponsors (a re-fetch rewrites the same items). */
export async function saveCosponsors(cosponsors: Cosponsor[]): Promise<void> {
  await batchWrite(
    cosponsors.map((c) => ({
      put: entityItem('cosponsor', cosponsorKeys.cosponsor(c.bill_id, c.member_id), { ...c, ...cosponsorKeys.byMember.keys(c) }),
    })),
  );
}

/** A bill's cosponsors, by sponsorship date. */
export async function listCosponsors(billId: string): Promise<Cosponsor[]> {
  const items = await queryAll(query({ pk: billKeys.partition(billId), skPrefix: cosponsorKeys.prefix }));
  return items
    .map((i) => Cosponsor().parse(i))
    .sort((a, b) => (a.sponsorship_date ?? '').localeCompare(b.sponsorship_date ?? '') || a.name.localeCompare(b.name));
}

/** Bill ids a member cosponsored, newest first. */
export async function listCosponsoredBillIds(memberId: string, limit: number, cursor?: string): Promise<Page<string>> {
  const page = await queryPage(
    { ...query({ index: cosponsorKeys.byMember.index, pk: cosponsorKeys.byMember.partition(memberId) }), ScanIndexForward: false, Limit: limit },
    cursor,
  );
  return { items: page.items.map((i) => String(i.bill_id)), next_cursor: page.next_cursor };
}
