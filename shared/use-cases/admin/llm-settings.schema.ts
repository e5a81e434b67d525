/**
 * The schemas of the admin's LLM and data-source settings change, apart from
 * the use case (llm-settings-admin.ts) so the route table can name them
 * without pulling in the provider clients that use case reaches.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { DataSourcesUpdate } from '#shared/domain/settings/data-sources.ts';
import { ProviderChoice } from '#shared/adapters/providers/llm/llm-settings.ts';

export const BriefMode = lazySchema(() => z.enum(['realtime', 'batch']));

export const SettingsUpdate = lazySchema(() =>
  z
    .object({
      llm_provider: ProviderChoice().nullable().optional().describe('The LLM provider in force; null for the default'),
      llm_model: z.string().trim().min(1).max(200).nullable().optional().describe('The model in force; null for the provider default'),
      brief_mode: BriefMode().optional().describe('realtime (brief as texts arrive) or batch (an admin submits LLM batches)'),
      data_sources: DataSourcesUpdate().nullable().optional().describe('Switches to change (the others keep theirs); null turns every source back on.'),
    })
    .strict()
    .refine((v) => Object.keys(v).length > 0, { message: 'give at least one setting to change' }),
);
export type SettingsUpdate = z.infer<ReturnType<typeof SettingsUpdate>>;
