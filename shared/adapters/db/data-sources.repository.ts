/**
 * The data-source switches in the settings store (docs/data-model.md A11,
 * key `data_sources`): one GetItem read, kept for DATA_SOURCES_CACHE_MS per
 * container, and a read-modify-write guarded by a revision so two admins
 * changing different switches at once both win.
 */
import { ConflictError } from '#shared/errors/app-error.ts';
import { readStoredDataSources, type DataSources } from '#shared/domain/settings/data-sources.ts';
import { isConditionFailed } from './dynamo.ts';
import { settingKeys } from './keys/settings.keys.ts';
import { SETTING_KEYS } from './settings.repository.ts';
import { tableName } from './table.ts';
import { cond, expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/**
 * How long a container trusts the switches it read: a worker batch or a burst
 * of ingest tasks then costs one GetItem per 30 s rather than one per message,
 * and an admin's change reaches every other container within 30 s. The
 * container that writes a change forgets its copy at once.
 */
export const DATA_SOURCES_CACHE_MS = 30_000;

let cached: { table: string; readAt: number; value: DataSources } | undefined;

const KEY = () => settingKeys.setting(SETTING_KEYS.dataSources);

async function readStored(): Promise<{ value: unknown; revision: number | null; exists: boolean }> {
  const out = await table.getItem({ Key: KEY(), ConsistentRead: true });
  if (!out.Item) return { value: undefined, revision: null, exists: false };
  return { value: out.Item.value, revision: typeof out.Item.revision === 'number' ? out.Item.revision : null, exists: true };
}

/** The switches in force: the cached copy when younger than `maxAgeMs`, else one GetItem. */
export async function getDataSources(options: { maxAgeMs?: number } = {}): Promise<DataSources> {
  const maxAge = options.maxAgeMs ?? DATA_SOURCES_CACHE_MS;
  const now = Date.now();
  if (cached && cached.table === tableName() && now - cached.readAt < maxAge) return cached.value;
  const value = readStoredDataSources((await readStored()).value);
  cached = { table: tableName(), readAt: now, value };
  return value;
}

/** Drops this container's copy (after a write here, and between tests). */
export function forgetDataSources(): void {
  cached = undefined;
}

const ATTEMPTS = 3;

/**
 * Applies `change` to the stored switches and writes the result in full (the
 * old free-form keys are dropped); null removes the setting, so every source
 * is on. The write is conditional on the revision read, and re-read on a race.
 */
export async function updateDataSources(change: (current: DataSources) => DataSources | null, updatedBy: string): Promise<DataSources> {
  forgetDataSources();
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const stored = await readStored();
    const next = change(readStoredDataSources(stored.value));
    const unchanged = expressions({ condition: stored.revision === null ? cond.absent('revision') : cond.eq('revision', stored.revision) });
    try {
      if (next === null) {
        if (stored.exists) await table.deleteItem({ Key: KEY(), ...unchanged });
      } else {
        await table.putItem({
          Item: entityItem('setting', KEY(), {
            value: next,
            revision: (stored.revision ?? 0) + 1,
            updated_at: new Date().toISOString(),
            updated_by: updatedBy,
          }),
          ...unchanged,
        });
      }
      forgetDataSources();
      return readStoredDataSources(next);
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
  }
  throw new ConflictError('The data-source switches changed while this change was applied; send it again', 'settings.conflict');
}
