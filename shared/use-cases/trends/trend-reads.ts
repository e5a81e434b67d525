/**
 * The read use cases of the trend routes: a bill's or a member's recent daily
 * scores, newest first (one Query on its partition), 404 for an unknown id.
 * An id that exists but has not been scored yet answers an empty list.
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getMember } from '#shared/adapters/db/members.repository.ts';
import { listTrendDays } from '#shared/adapters/db/trend-scores.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';

/** GET /api/bills/{id}/trend. */
export async function billTrendView(id: string, days: number) {
  const [bill, items] = await Promise.all([getBill(id), listTrendDays('bill', id, days)]);
  if (!bill) throw new NotFoundError(`No bill ${id}`, 'bill.not_found');
  return { bill_id: id, items };
}

/** GET /api/members/{id}/trend. */
export async function memberTrendView(id: string, days: number) {
  const [member, items] = await Promise.all([getMember(id), listTrendDays('member', id, days)]);
  if (!member) throw new NotFoundError(`No member ${id}`, 'member.not_found');
  return { member_id: id, items };
}
