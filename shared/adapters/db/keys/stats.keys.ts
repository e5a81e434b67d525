/** The processing counters (docs/data-model.md A13a): one item, STATS / COUNTERS. */
import type { ItemKey } from './key.ts';

const counters: ItemKey = { pk: 'STATS', sk: 'COUNTERS' };

export const statsKeys = { counters } as const;
