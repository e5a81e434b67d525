/**
 * Migration 0003: name search items carry the member's card, so a member
 * search is one Query. Name items written before that hold only the id; this
 * rewrites every stored member's name items from its record. Reads members
 * through the gsi3 everyone-by-name listing (a few hundred rows), no Scan.
 */
import { listAllMembers, refreshNameItems } from '#shared/adapters/db/members.repository.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Migration } from './migration.ts';

export const memberNameCards: Migration = {
  id: '0003',
  description: 'Copy each member card onto its name search items',
  up: async () => {
    const members = await listAllMembers();
    await mapLimit(members, 8, (m) => refreshNameItems(m));
    return { members: members.length };
  },
};
