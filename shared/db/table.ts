/**
 * The single table's physical shape: key attributes, the three overloaded
 * global secondary indexes and the TTL attribute. The CDK stack, the local
 * stack and the tests all create the table from this one definition.
 * docs/data-model.md lists which access pattern uses which index.
 */
import { config } from '#shared/platform/config.ts';

export const KEY = { pk: 'pk', sk: 'sk' } as const;
export const TTL_ATTRIBUTE = 'ttl';

/** Index names; each one is overloaded by several entities (see docs/data-model.md). */
export const INDEX = {
  /** Sorted listings: bills by latest action, members by state, users by signup. */
  gsi1: { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  /** Reverse lookups: followers of a target, bills by sponsor, held notifications. */
  gsi2: { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  /** Token lookups: share, RSS and unsubscribe tokens; secondary listings. */
  gsi3: { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
} as const;
export type IndexName = keyof typeof INDEX;

export const tableName = (): string => config().TABLE_NAME;

/** Seconds since the epoch, the unit DynamoDB TTL expects. */
export const ttlIn = (seconds: number, now = Date.now()): number => Math.floor(now / 1000) + seconds;
