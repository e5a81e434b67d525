/**
 * The entities the single table stores, and the one place an item gets its
 * `entity` attribute (docs/data-model.md: "the item's entity name, for humans
 * and backfills"; the admin Scans of B12a filter on it). Repositories build
 * items with entityItem(), give an UpdateItem its tag with entityTag() and
 * filter on it with ofEntity(), so a misspelt entity is a type error and no
 * request spells the attribute by hand (test/unit/shared/adapters/db/table-boilerplate.test.ts).
 */
import { cond, type Condition } from './expressions.ts';
import type { ItemKey } from './keys/key.ts';

/** Every entity name an item may carry; a new entity adds its name here. */
export const ENTITIES = [
  // Bills and what hangs off them (BILL#{id} partitions and their listings).
  'bill',
  'action',
  'text_version',
  'cosponsor',
  'crs_summary',
  'bill_facts',
  'brief',
  'brief_key',
  'brief_pending',
  'brief_token',
  'bill_vote',
  'vote_fetch',
  'related_bill',
  'related_sync',
  'reintroduction',
  'title_fingerprint',
  'missing',
  'followups',
  'forecast_input_pending',
  'document_fetch_pending',
  'news_article',
  'news_claim',
  'news_request',
  'bill_trend',
  'amendment',
  'bill_forecast',
  'bill_forecast_latest',
  'topic',
  'topic_bill',
  // Retired title-word items (B17), deleted by migration 0016.
  'word',
  // Members and votes.
  'member',
  'member_name',
  'member_recent_votes',
  'member_trend',
  'lis_id',
  'enrich_claim',
  'roll_call',
  'vote_position',
  'member_record',
  'member_record_stale',
  // Committees and the schedule.
  'committee',
  'committee_seat',
  'committee_activity',
  'meeting',
  'meeting_change',
  'meeting_pointer',
  // Accounts and what people own.
  'user',
  'email',
  'first_admin',
  'admin_count',
  'follow',
  'note',
  'collection',
  'collection_bill',
  'collection_name',
  'collection_token',
  'saved_search',
  'notification',
  'dedupe',
  'rss_token',
  'calendar_token',
  'unsubscribe_token',
  // The platform: jobs, settings, caches, quotas, progress records.
  'dashboard_feed',
  'job_run',
  'job_lease',
  'migration',
  'setting',
  'poll_state',
  'etag',
  'news_rss_cache',
  'news_quota',
  'llm_bucket',
  'provider_bucket',
  'outbox',
  'email_receipt',
  'forecast_track_record',
  'bill_backfill',
  'bulk_import',
  'bulk_import_step',
  'demo_data',
  'demo_replay',
] as const;
export type EntityName = (typeof ENTITIES)[number];

/** The `entity` attribute of an item of `entity`: spread into an UpdateItem's SET, or into a base that becomes an item. */
export const entityTag = (entity: EntityName): { entity: EntityName } => ({ entity });

/**
 * An item of `entity` stored under `key`: its key attributes, its entity tag,
 * then its attributes (which come last, as every repository wrote them: an
 * index key or a ttl among them lands on the item as given).
 */
export const entityItem = <A extends Record<string, unknown>>(
  entity: EntityName,
  key: ItemKey,
  attributes: A = {} as A,
): ItemKey & { entity: EntityName } & A => ({
  ...key,
  ...entityTag(entity),
  ...attributes,
});

/** Items of `entity` (the filter of an admin backfill's Scan, docs/data-model.md B12a). */
export const ofEntity = (entity: EntityName): Condition => cond.eq('entity', entity);
