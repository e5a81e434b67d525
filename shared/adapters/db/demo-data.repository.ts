/**
 * The offline demo's load marker (SYSTEM / DEMO_DATA): the local stack writes
 * it after the demo data is fully loaded, carrying a hash of that data, so a
 * warm restart is one GetItem and a changed demo dataset loads again.
 */
import { systemKeys } from './keys/system.keys.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

/** The version the last complete demo load recorded, or null when none completed. */
export async function getDemoDataVersion(): Promise<string | null> {
  const out = await table.getItem({ Key: systemKeys.demoData });
  const version: unknown = out.Item?.version;
  return typeof version === 'string' ? version : null;
}

/** Records a complete demo load; called only once every demo write has succeeded. */
export async function putDemoDataVersion(version: string, loadedAt: string): Promise<void> {
  await table.putItem({ Item: entityItem('demo_data', systemKeys.demoData, { version, loaded_at: loadedAt }) });
}
