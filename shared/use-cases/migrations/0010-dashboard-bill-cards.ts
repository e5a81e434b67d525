/**
 * Migration 0010: the dashboard feed carries the cards (summary fields) of
 * the bills Most Popular shows (docs/data-model.md P8b), so the dashboard
 * reads none of those bills. The feed's writers and every write of a bill's
 * summary fields keep them from now on; this gives the bills Most Popular
 * shows today their cards, read from their records. Idempotent: a feed
 * whose cards already match writes nothing. Before it runs, the dashboard
 * reads those bills as it did, so the answer is the same.
 */
import { coverBillCards } from '#shared/adapters/db/dashboard-feed.repository.ts';
import type { Migration } from './migration.ts';

export const dashboardBillCards: Migration = {
  id: '0010',
  description: 'Put the cards of the bills Most Popular shows on the dashboard feed',
  up: async () => ({ cards_added: await coverBillCards({ heal: true }) }),
};
