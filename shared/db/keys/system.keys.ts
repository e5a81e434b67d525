/**
 * The SYSTEM partition's singletons (docs/data-model.md A4, A13): the
 * first-admin claim and the poller's state.
 */
import type { ItemKey } from './key.ts';

const PARTITION = 'SYSTEM';
/** A4: only one registration can create it. */
const firstAdmin: ItemKey = { pk: PARTITION, sk: 'FIRST_ADMIN' };
/** A13: the last poll time and the updated-since cursor. */
const pollState: ItemKey = { pk: PARTITION, sk: 'POLL_STATE' };

export const systemKeys = { firstAdmin, pollState } as const;
