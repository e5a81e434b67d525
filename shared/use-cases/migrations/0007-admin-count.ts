/**
 * Migration 0007: counts the admins into SYSTEM/ADMIN_COUNT, which every
 * promote, demote and admin deletion now moves in the same transaction, so
 * the last admin cannot be removed (docs/data-model.md A4a). Reads the users
 * listing (A5, a Query) once; idempotent, since the count is only written
 * when absent. Until it runs, the first admin change counts on its own.
 */
import { ensureAdminCount } from '#shared/adapters/db/users.repository.ts';
import type { Migration } from './migration.ts';

export const adminCount: Migration = {
  id: '0007',
  description: 'Count the admins into the admin count that guards the last admin',
  up: async () => ({ admins: await ensureAdminCount() }),
};
