/**
 * The offline demo's load marker (SYSTEM / DEMO_DATA): the local stack writes
 * it after the demo data is fully loaded, carrying a hash of that data, so a
 * warm restart is one GetItem and a changed demo dataset loads again.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { systemKeys } from './keys/system.keys.ts';
import { tableName } from './table.ts';

/** The version the last complete demo load recorded, or null when none completed. */
export async function getDemoDataVersion(): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: systemKeys.demoData }));
  const version: unknown = out.Item?.version;
  return typeof version === 'string' ? version : null;
}

/** Records a complete demo load; called only once every demo write has succeeded. */
export async function putDemoDataVersion(version: string, loadedAt: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...systemKeys.demoData, entity: 'demo_data', version, loaded_at: loadedAt } }));
}
