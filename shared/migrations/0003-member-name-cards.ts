/**
 * Migration 0003: name search items carry the member's card, so a member
 * search is one Query. Name items written before that hold only the id; this
 * rewrites every stored member's name items from its record. Reads members
 * through the gsi3 everyone-by-name listing (a few hundred rows), no Scan.
 */
import { listMembers, refreshNameItems } from '#shared/db/members.repository.ts';
import type { Migration } from './migration.ts';

const PAGE = 100;

export const memberNameCards: Migration = {
  id: '0003',
  description: 'Copy each member card onto its name search items',
  up: async () => {
    let members = 0;
    let cursor: string | undefined;
    do {
      const page = await listMembers({}, PAGE, cursor);
      await Promise.all(page.items.map((m) => refreshNameItems(m)));
      members += page.items.length;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return { members };
  },
};
