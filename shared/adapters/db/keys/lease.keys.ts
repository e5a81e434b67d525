/**
 * Run leases (docs/data-model.md A9a): LEASE#job#{name} / LEASE is held by
 * the one run of a job that may act at a time. Kept out of the JOB#{name}
 * partition so the run history Query never reads it.
 */
import type { ItemKey } from './key.ts';

export const leaseKeys = {
  job: (job: string): ItemKey => ({ pk: `LEASE#job#${job}`, sk: 'LEASE' }),
} as const;
