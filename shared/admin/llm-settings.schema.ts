/**
 * The schemas of the admin's LLM settings change, apart from the use case
 * (llm-settings-admin.ts) so the route table can name them without pulling
 * in the provider clients that use case reaches.
 */
import * as z from 'zod';
import { ProviderChoice } from '#shared/providers/llm/llm-settings.ts';

export const BriefMode = z.enum(['realtime', 'batch']);
export const DataSources = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const SettingsUpdate = z
  .object({
    llm_provider: ProviderChoice.nullable().optional(),
    llm_model: z.string().trim().min(1).max(200).nullable().optional(),
    brief_mode: BriefMode.optional(),
    data_sources: DataSources.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'give at least one setting to change' });
export type SettingsUpdate = z.infer<typeof SettingsUpdate>;
