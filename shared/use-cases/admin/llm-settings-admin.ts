/**
 * Admin use cases of the LLM settings: read the effective settings, change
 * provider / model / brief mode / data-source switches, list a provider's
 * models live, and ping the provider in force (max_tokens 20).
 */
import { llmDidNotAnswer } from '#shared/adapters/providers/llm/llm-unavailable.ts';
import { deleteSetting, getAllSettings, putSetting, SETTING_KEYS } from '#shared/adapters/db/settings.repository.ts';
import { updateDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { applyDataSourcesUpdate, readStoredDataSources } from '#shared/domain/settings/data-sources.ts';
import { DEFAULT_MODELS, providerKey, resolveLlm } from '#shared/adapters/providers/llm/llm-settings.ts';
import { BriefMode, type SettingsUpdate } from './llm-settings.schema.ts';
import { providerFor } from '#shared/adapters/providers/llm/provider-factory.ts';
import { PROVIDER_NAMES, type ProviderName } from '#shared/domain/llm/llm-provider.ts';
import { withLlmRetries } from '#shared/adapters/providers/llm/retry.ts';
import { InvalidInputError } from '#shared/errors/app-error.ts';
import { errorText } from '#shared/errors/error-text.ts';

/** A settings change or test that cannot work as asked; `path` names the setting at fault. */
export class SettingsError extends InvalidInputError {
  override name = 'SettingsError';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message, [{ path, message }], 'settings.invalid');
  }
}

/** The effective LLM choice and the public settings. */
export async function readSettings() {
  const [resolved, stored] = await Promise.all([resolveLlm(), getAllSettings()]);
  const mode = BriefMode().safeParse(stored[SETTING_KEYS.briefMode]);
  return {
    llm_provider: resolved.provider,
    llm_model: resolved.model,
    llm_source: resolved.kind === 'llm' ? resolved.source : 'extractive',
    batch_supported: resolved.provider === 'openai' || resolved.provider === 'anthropic',
    brief_mode: mode.success ? mode.data : 'realtime',
    data_sources: readStoredDataSources(stored[SETTING_KEYS.dataSources]),
    providers: PROVIDER_NAMES.map((p) => ({ provider: p, configured: providerKey(p) !== undefined, default_model: DEFAULT_MODELS[p] })),
  };
}

/** Applies an admin's settings change; null removes a stored choice (back to the environment). */
export async function updateSettings(update: SettingsUpdate, userId: string) {
  if (update.llm_provider && update.llm_provider !== 'none' && providerKey(update.llm_provider) === undefined) {
    throw new SettingsError(`${update.llm_provider} has no API key configured`, 'body.llm_provider');
  }
  const writes: Array<Promise<void>> = [];
  const set = (key: string, value: unknown) => writes.push(value === null ? deleteSetting(key) : putSetting(key, value, userId));
  if (update.llm_provider !== undefined) set(SETTING_KEYS.llmProvider, update.llm_provider);
  // A provider change without a model clears the stored model, so the new provider's default applies.
  if (update.llm_model !== undefined) set(SETTING_KEYS.llmModel, update.llm_model);
  else if (update.llm_provider !== undefined) set(SETTING_KEYS.llmModel, null);
  if (update.brief_mode !== undefined) set(SETTING_KEYS.briefMode, update.brief_mode);
  const sources = update.data_sources;
  if (sources !== undefined)
    writes.push(updateDataSources((current) => (sources === null ? null : applyDataSourcesUpdate(current, sources)), userId).then(() => undefined));
  await Promise.all(writes);
  return readSettings();
}

/** A provider's models, fetched live; `error` says why a list is unavailable. */
export async function listModels(provider?: ProviderName): Promise<{ provider: ProviderName | 'none'; models: string[]; error?: string }> {
  const name = provider ?? (await resolveLlm()).provider;
  if (name === 'extractive') return { provider: 'none', models: [], error: 'No LLM provider is configured; briefs are extractive' };
  const client = await providerFor(name);
  if (!client) return { provider: name, models: [], error: `${name} has no API key configured` };
  try {
    return { provider: name, models: await client.listModels() };
  } catch (err) {
    return { provider: name, models: [], error: `Could not list ${name} models: ${errorText(err)}` };
  }
}

/** Pings the provider in force with max_tokens 20: proof that it answers, at almost no cost. */
export async function pingLlm(): Promise<{ provider: string; model: string; reply: string }> {
  const resolved = await resolveLlm();
  if (resolved.kind !== 'llm') throw new SettingsError(`No LLM provider to test: ${resolved.reason}`, 'settings.llm_provider');
  const client = await providerFor(resolved.provider);
  if (!client) throw new SettingsError(`${resolved.provider} has no API key configured`, 'settings.llm_provider');
  try {
    const out = await withLlmRetries(() => client.complete(resolved.model, { system: 'Reply with one short word.', user: 'ping', maxTokens: 20 }), {
      attempts: 2,
    });
    return { provider: resolved.provider, model: out.model || resolved.model, reply: out.text ?? '' };
  } catch (err) {
    throw llmDidNotAnswer(resolved.provider, err);
  }
}
