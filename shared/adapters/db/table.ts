/**
 * The single table's physical shape: key attributes, the overloaded
 * global secondary indexes and the TTL attribute. The CDK stack, the local
 * stack and the tests all create the table from this one definition.
 * docs/data-model.md lists which access pattern uses which index.
 */
import { config } from '#shared/platform/config.ts';

export const KEY = { pk: 'pk', sk: 'sk' } as const;
export const TTL_ATTRIBUTE = 'ttl';

/**
 * The three global secondary indexes, named by the access patterns they serve
 * (docs/data-model.md); `name`, `pk` and `sk` are the physical index and
 * attribute names, which never change. Each index is overloaded by several
 * entities: shared/adapters/db/keys/*.keys.ts declare which listing lives on which.
 */
export const INDEX = {
  /** gsi1, sorted listings: bills by latest action, a state's members, users by signup, a day's trending bills. */
  sortedListings: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  /** gsi2, reverse lookups: followers of a target, a member's sponsored and cosponsored bills and votes, held notifications. */
  reverseLookups: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  /** gsi3, secondary listings: members by name, news by owner, saved searches (search follows), and sparse work lists (missing data, pending and uncited briefs, news requests). */
  secondaryListings: { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
  /** gsi4, change feeds: bills of one Congress and members, by content updated_at (GET /api/bills and /api/members, sort=updated_asc). */
  changeFeed: { name: 'gsi4', pk: 'gsi4pk', sk: 'gsi4sk' },
} as const;
export type IndexName = keyof typeof INDEX;

export const tableName = (): string => config().TABLE_NAME;

/** Seconds since the epoch, the unit DynamoDB TTL expects. */
export const ttlIn = (seconds: number, now = Date.now()): number => Math.floor(now / 1000) + seconds;
