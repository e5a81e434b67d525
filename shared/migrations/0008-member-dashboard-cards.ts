/**
 * Migration 0008: the dashboard reads a followed member's card from their
 * recent-votes item (docs/data-model.md M7a) instead of their record, so the
 * dashboard's BatchGet holds one small item per member rather than two. The
 * member writers keep the card from now on; this puts it on every stored
 * member's item (creating the item for members with no recorded vote). Reads
 * members through the gsi3 everyone-by-name listing, no Scan. Idempotent:
 * each write sets the card and leaves the positions as they are.
 */
import { memberCard } from '#shared/domain/bills/bill.schema.ts';
import { noteMemberCard } from '#shared/db/member-recent-votes.repository.ts';
import { listAllMembers } from '#shared/db/members.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

/** Puts every stored member's card on their recent-votes item. */
export async function fillMemberDashboardCards(): Promise<Record<string, number>> {
  const members = await listAllMembers();
  await mapLimit(members, 8, (m) => noteMemberCard(memberCard(m)));
  return { members: members.length };
}

export const memberDashboardCards: Migration = {
  id: '0008',
  description: 'Copy each member card onto the recent-votes item the dashboard reads',
  up: () => fillMemberDashboardCards(),
};
