/**
 * The settings store (docs/data-model.md A11): key-value items SETTINGS /
 * {key} for the admin's LLM provider and model, the LLM batch state and the
 * data-source settings. Values are JSON; readers parse them with their zod
 * schema, so a bad stored value is ignored rather than trusted.
 */
import type * as z from 'zod';
import { settingKeys } from './keys/settings.keys.ts';
import { query } from './expressions.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

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
  const out = await table.getItem({ Key: settingKeys.setting(k), ConsistentRead: true });
  if (!out.Item) return null;
  const parsed = schema.safeParse(out.Item.value);
  return parsed.success ? parsed.data : null;
}

/** Every setting, raw, keyed by name (one Query on the SETTINGS partition). */
export async function getAllSettings(): Promise<Record<string, unknown>> {
  const out = await table.query({
    ...query({ pk: settingKeys.partition }),
    ConsistentRead: true,
  });
  return Object.fromEntries((out.Items ?? []).map((i) => [String(i.sk), i.value]));
}

/** Writes a setting. */
export async function putSetting(k: SettingKey, value: unknown, updatedBy?: string): Promise<void> {
  await table.putItem({
    Item: entityItem('setting', settingKeys.setting(k), { value, updated_at: new Date().toISOString(), updated_by: updatedBy ?? null }),
  });
}

/** Removes a setting (back to the environment default). */
export async function deleteSetting(k: SettingKey): Promise<void> {
  await table.deleteItem({ Key: settingKeys.setting(k) });
}
