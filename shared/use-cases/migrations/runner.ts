/**
 * Applies pending migrations in id order and records each one as
 * MIGRATION/{id}. A migration that throws stops the run; the next run
 * retries it, since only applied ones are recorded.
 */
import { queryAll } from '#shared/adapters/db/dynamo.ts';
import { query } from '#shared/adapters/db/expressions.ts';
import { migrationKeys } from '#shared/adapters/db/keys/migration.keys.ts';
import { MIGRATIONS } from './index.ts';
import type { Migration } from './migration.ts';
import * as table from '#shared/adapters/db/table-client.ts';
import { entityItem } from '#shared/adapters/db/entities.ts';

export interface MigrationReport {
  applied: string[];
  already_applied: number;
}

/** Runs every migration not yet recorded, in order. */
export async function runPendingMigrations(migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length || ids.some((id) => !/^\d{4}$/.test(id))) {
    throw new Error(`Migration ids must be unique four-digit numbers: ${ids.join(', ')}`);
  }
  const done = new Set((await queryAll(query({ pk: migrationKeys.partition }))).map((i) => String(i.sk)));
  const applied: string[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    if (done.has(migration.id)) continue;
    const result = await migration.up();
    await table.putItem({
      Item: entityItem('migration', migrationKeys.applied(migration.id), { description: migration.description, applied_at: new Date().toISOString(), result }),
    });
    applied.push(migration.id);
  }
  return { applied, already_applied: done.size };
}
