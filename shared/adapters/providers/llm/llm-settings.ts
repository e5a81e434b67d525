/**
 * Which provider and model write briefs: the admin's choice in the settings
 * store first, then the environment (LLM_PROVIDER, LLM_MODEL), then the first
 * hosted provider with a key. A provider without its key (or 'none') means
 * the offline extractive briefer.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { config } from '#shared/platform/config.ts';
import { getSetting, SETTING_KEYS } from '#shared/adapters/db/settings.repository.ts';
import { PROVIDER_NAMES, type ProviderName } from '#shared/domain/llm/llm-provider.ts';

export const ProviderChoice = lazySchema(() => z.enum([...PROVIDER_NAMES, 'none']));
export type ProviderChoice = z.infer<ReturnType<typeof ProviderChoice>>;

/** Default model per provider, used when neither the settings store nor LLM_MODEL names one. */
export const DEFAULT_MODELS: Record<ProviderName, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-6',
  gemini: 'gemini-2.0-flash',
  ollama: 'llama3.1',
};

export type ResolvedLlm =
  | { kind: 'llm'; provider: ProviderName; model: string; source: 'settings' | 'environment' }
  | { kind: 'extractive'; provider: 'extractive'; model: 'extractive'; reason: string };

/** The API key a provider needs, or '' for ollama (self-hosted, no key); undefined when missing. */
export function providerKey(provider: ProviderName): string | undefined {
  const c = config();
  switch (provider) {
    case 'openai':
      return c.OPENAI_API_KEY;
    case 'anthropic':
      return c.ANTHROPIC_API_KEY;
    case 'gemini':
      return c.GEMINI_API_KEY;
    case 'ollama':
      return '';
  }
}

/** The pure resolution rule, given the stored settings and the configuration. */
export function resolveLlmChoice(stored: { provider: ProviderChoice | null; model: string | null }): ResolvedLlm {
  const c = config();
  const fromSettings = stored.provider !== null;
  const choice: ProviderChoice | undefined = stored.provider ?? c.LLM_PROVIDER ?? (['openai', 'anthropic', 'gemini'] as const).find((p) => providerKey(p));
  if (!choice || choice === 'none') return { kind: 'extractive', provider: 'extractive', model: 'extractive', reason: 'no LLM provider is configured' };
  if (providerKey(choice) === undefined) {
    return { kind: 'extractive', provider: 'extractive', model: 'extractive', reason: `${choice} is chosen but has no API key` };
  }
  // A stored model is the admin's choice for the provider in force (changing the provider clears it);
  // LLM_MODEL applies only to the provider LLM_PROVIDER names, or to the one picked by key.
  const envModel = !fromSettings || choice === c.LLM_PROVIDER ? c.LLM_MODEL : undefined;
  const model = stored.model ?? envModel ?? DEFAULT_MODELS[choice];
  return { kind: 'llm', provider: choice, model, source: fromSettings || stored.model ? 'settings' : 'environment' };
}

/** The provider and model in force now (settings store, then environment). */
export async function resolveLlm(): Promise<ResolvedLlm> {
  const [provider, model] = await Promise.all([getSetting(SETTING_KEYS.llmProvider, ProviderChoice()), getSetting(SETTING_KEYS.llmModel, z.string().min(1))]);
  return resolveLlmChoice({ provider, model });
}
