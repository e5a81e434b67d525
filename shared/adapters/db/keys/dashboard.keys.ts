/**
 * The dashboard feed (docs/data-model.md P8a): one item that the writers of
 * trend scores and of bills' latest actions keep current, so the dashboard
 * reads its Most Popular list with one GetItem.
 */
import type { ItemKey } from './key.ts';

const feed: ItemKey = { pk: 'DASHBOARD', sk: 'FEED' };

export const dashboardKeys = { feed } as const;
