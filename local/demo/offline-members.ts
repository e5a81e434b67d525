/**
 * The offline membership: the congress-legislators files bundled in
 * shared/adapters/providers/legislators/data/ (see its SOURCE.md), loaded into the
 * members table at the local stack's first start, so every ZIP of the
 * bundled crosswalk answers with its senators and House members without
 * any provider.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundledLegislators } from '#shared/use-cases/members/bundled-legislators.ts';

export const LEGISLATORS_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/adapters/providers/legislators/data');

/** Loads the bundled dataset into the table; returns the counts. */
export async function loadOfflineMembers(now = new Date()) {
  const read = (name: string) => readFile(path.join(LEGISLATORS_DATA_DIR, name), 'utf8');
  const [legislators, committees, membership] = await Promise.all([
    read('legislators-current.json'),
    read('committees-current.json'),
    read('committee-membership-current.json'),
  ]);
  return loadBundledLegislators({ legislators, committees, membership }, now);
}
