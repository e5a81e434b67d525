/**
 * The Amendments reads (GET /api/bills/{id}/amendments, GET /api/amendments/{id}):
 * a Query of the bill's amendment listing, and one GetItem of the amendment
 * plus one Query of positions per roll call linked to it.
 */
import { getAmendment, listBillAmendments } from '#shared/adapters/db/amendments.repository.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { listRollCallPositions } from '#shared/adapters/db/votes.repository.ts';
import { amendmentDetailView, amendmentListItem, type AmendmentDetailView, type AmendmentListItem } from '#shared/domain/amendments/amendment-views.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';

/** A page of the bill's amendments, House then Senate, by number; 404 for a bill not stored. */
export async function billAmendmentsView(
  billId: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: AmendmentListItem[]; next_cursor: string | null }> {
  const [bill, listed] = await Promise.all([getBill(billId), listBillAmendments(billId, page)]);
  if (!bill) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  return { items: listed.items.map(amendmentListItem), next_cursor: listed.next_cursor };
}

/** One amendment with its actions, text versions and every member's position on each of its roll calls; 404 when not stored. */
export async function amendmentView(id: string): Promise<AmendmentDetailView> {
  const amendment = await getAmendment(id);
  if (!amendment) throw new NotFoundError(`No amendment ${id}`, 'amendment.not_found');
  const positions = new Map(await Promise.all(amendment.roll_calls.map(async (r) => [r.vote_id, await listRollCallPositions(r.vote_id)] as const)));
  return amendmentDetailView(amendment, positions);
}
