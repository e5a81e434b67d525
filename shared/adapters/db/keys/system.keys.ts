/**
 * The SYSTEM partition's singletons (docs/data-model.md A4, A4a, A13): the
 * first-admin claim, the admin count and the poller's state.
 */
import type { ItemKey } from './key.ts';

const PARTITION = 'SYSTEM';
/** A4: only one registration can create it. */
const firstAdmin: ItemKey = { pk: PARTITION, sk: 'FIRST_ADMIN' };
/** A4a: how many users are admins; every is_admin change moves it in the same transaction, conditioned on it. */
const adminCount: ItemKey = { pk: PARTITION, sk: 'ADMIN_COUNT' };
/** A13: the last poll time and the updated-since cursor. */
const pollState: ItemKey = { pk: PARTITION, sk: 'POLL_STATE' };

/** The offline demo's load marker: written last by the local stack's demo load, with the demo data's version. */
const demoData: ItemKey = { pk: PARTITION, sk: 'DEMO_DATA' };

/** The offline demo replay's progress (shared/adapters/db/demo-replay.repository.ts). */
const demoReplay: ItemKey = { pk: PARTITION, sk: 'DEMO_REPLAY' };

export const systemKeys = { firstAdmin, adminCount, pollState, demoData, demoReplay } as const;
