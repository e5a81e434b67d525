/**
 * Builds the provider client for a provider name from the configuration:
 * base URLs (OPENAI_BASE_URL, ANTHROPIC_BASE_URL, GEMINI_BASE_URL,
 * OLLAMA_BASE_URL) and keys. Clients are kept per container, one per provider.
 *
 * Each provider module (and its SDK) is imported on first use, not at cold
 * start: a function that may call an LLM runs many invocations that never
 * do, and only ever needs the one provider configured.
 */
import { config } from '#shared/platform/config.ts';
import { providerKey } from './llm-settings.ts';
import type { LlmProvider, ProviderName } from '#shared/domain/llm/llm-provider.ts';

const cache = new Map<string, LlmProvider>();

/** The provider client, or null when its key is missing. */
export async function providerFor(name: ProviderName): Promise<LlmProvider | null> {
  const key = providerKey(name);
  if (key === undefined) return null;
  const c = config();
  const baseURL = { openai: c.OPENAI_BASE_URL, anthropic: c.ANTHROPIC_BASE_URL, gemini: c.GEMINI_BASE_URL, ollama: c.OLLAMA_BASE_URL }[name];
  const cacheKey = `${name}|${baseURL ?? ''}|${key}`;
  let provider = cache.get(cacheKey);
  if (!provider) {
    if (name === 'anthropic') {
      const { anthropicProvider } = await import('./anthropic.provider.ts');
      provider = anthropicProvider({ apiKey: key, baseURL });
    } else {
      const { openAiCompatibleProvider } = await import('./openai-compatible.provider.ts');
      // Ollama accepts any key; the OpenAI client insists on one.
      provider = openAiCompatibleProvider(name, { apiKey: key || 'ollama', baseURL });
    }
    cache.set(cacheKey, provider);
  }
  return provider;
}

/** Forgets cached clients (tests that change base URLs). */
export function resetProviders(): void {
  cache.clear();
}
