/**
 * The settings store (docs/data-model.md A11): key-value items SETTINGS /
 * {key} for the admin's LLM provider and model, the LLM batch state and the
 * data-source settings. Values are JSON; readers parse them with their zod
 * schema, so a bad stored value is ignored rather than trusted.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { settingKeys } from './keys/settings.keys.ts';
import { tableName } from './table.ts';
import { query } from './expressions.ts';

/** The keys in use; one place so that the admin endpoints and readers agree. */
export const SETTING_KEYS = {
  llmProvider: 'llm_provider',
  llmModel: 'llm_model',
  llmBatch: 'llm_batch',
  /** 'realtime' (the brief worker calls the model) or 'batch' (documents wait for submit_llm_batch). */
  briefMode: 'llm_brief_mode',
  dataSources: 'data_sources',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS] | (string & {});

/** One setting parsed with `schema`, or null when absent or not valid. */
export async function getSetting<S extends z.ZodType>(k: SettingKey, schema: S): Promise<z.infer<S> | null> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: settingKeys.setting(k), ConsistentRead: true }));
  if (!out.Item) return null;
  const parsed = schema.safeParse(out.Item.value);
  return parsed.success ? parsed.data : null;
}

/** Every setting, raw, keyed by name (one Query on the SETTINGS partition). */
export async function getAllSettings(): Promise<Record<string, unknown>> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      ...query({ pk: settingKeys.partition }),
      ConsistentRead: true,
    }),
  );
  return Object.fromEntries((out.Items ?? []).map((i) => [String(i.sk), i.value]));
}

/** Writes a setting. */
export async function putSetting(k: SettingKey, value: unknown, updatedBy?: string): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...settingKeys.setting(k), entity: 'setting', value, updated_at: new Date().toISOString(), updated_by: updatedBy ?? null },
    }),
  );
}

/** Removes a setting (back to the environment default). */
export async function deleteSetting(k: SettingKey): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: settingKeys.setting(k) }));
}
