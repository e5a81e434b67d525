/**
 * Migration 0011: a member's recent-votes item (docs/data-model.md M7a) now
 * keeps the three positions the dashboard shows, trimmed once it holds more
 * than five, where it kept five and trimmed at fifteen; the dashboard reads
 * every entry of each followed member's item, so the entries past the three
 * were read for nothing. The vote writer keeps the new bound from now on;
 * this trims the items stored before to their newest three (members through
 * the gsi3 everyone-by-name listing, no Scan; a GetItem each, and one
 * UpdateItem for an item holding more). Idempotent.
 */
import { trimRecentVotes } from '#shared/adapters/db/member-recent-votes.repository.ts';
import { listAllMembers } from '#shared/adapters/db/members.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

export const recentVotesThree: Migration = {
  id: '0011',
  description: "Trim each member's recent-votes item to the three positions the dashboard shows",
  up: async () => {
    const members = await listAllMembers();
    const trimmed = await mapLimit(members, 8, async (m) => ((await trimRecentVotes(m.id)) ? 1 : 0));
    return { members: members.length, trimmed: trimmed.reduce<number>((a, b) => a + b, 0) };
  },
};
