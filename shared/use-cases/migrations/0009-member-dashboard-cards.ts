/**
 * Migration 0009: the dashboard reads a followed member's card from their
 * recent-votes item (docs/data-model.md M7a) instead of their record, so the
 * dashboard's BatchGet holds one small item per member rather than two. The
 * member writers keep the card from now on; this puts it on every stored
 * member's item (creating the item for members with no recorded vote). Reads
 * members through the gsi3 everyone-by-name listing, no Scan. It also
 * rewrites each item's positions in their slim form (the fields the dashboard
 * shows), newest five. Idempotent: the card is set again, the positions kept.
 */
import { memberCard } from '#shared/domain/members/member.schema.ts';
import { noteMemberCard, slimRecentVotes } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { listAllMembers } from '#shared/adapters/db/members.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

/** Puts every stored member's card on their recent-votes item. */
export async function fillMemberDashboardCards(): Promise<Record<string, number>> {
  const members = await listAllMembers();
  const slimmed = await mapLimit(members, 8, async (m) => {
    await noteMemberCard(memberCard(m));
    return (await slimRecentVotes(m.id)) ? 1 : 0;
  });
  return { members: members.length, slimmed: slimmed.reduce<number>((a, b) => a + b, 0) };
}

export const memberDashboardCards: Migration = {
  id: '0009',
  description: 'Copy each member card onto the recent-votes item the dashboard reads, and slim its positions',
  up: () => fillMemberDashboardCards(),
};
