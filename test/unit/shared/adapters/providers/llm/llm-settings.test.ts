// Provider/model resolution (settings first, then environment) and the retry rules.
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#shared/platform/config.ts';
import { resolveLlmChoice } from '#shared/adapters/providers/llm/llm-settings.ts';
import { isRetryable, retryAfterMs, withLlmRetries } from '#shared/adapters/providers/llm/retry.ts';

const KEYS = ['LLM_PROVIDER', 'LLM_MODEL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY'] as const;
function env(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetConfig();
}
afterEach(() => env({}));

describe('provider and model resolution', () => {
  it('uses the extractive briefer when nothing is configured', () => {
    env({});
    expect(resolveLlmChoice({ provider: null, model: null })).toMatchObject({ kind: 'extractive', provider: 'extractive' });
  });

  it('prefers the stored admin choice over the environment', () => {
    env({ LLM_PROVIDER: 'openai', LLM_MODEL: 'gpt-4o', OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'a' });
    expect(resolveLlmChoice({ provider: 'anthropic', model: null })).toEqual({
      kind: 'llm',
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      source: 'settings',
    });
    expect(resolveLlmChoice({ provider: 'anthropic', model: 'claude-haiku-4-5' })).toMatchObject({ model: 'claude-haiku-4-5' });
    expect(resolveLlmChoice({ provider: null, model: null })).toEqual({ kind: 'llm', provider: 'openai', model: 'gpt-4o', source: 'environment' });
    expect(resolveLlmChoice({ provider: null, model: 'gpt-4.1-mini' })).toEqual({ kind: 'llm', provider: 'openai', model: 'gpt-4.1-mini', source: 'settings' });
  });

  it('defaults gemini to gemini-2.0-flash and picks the first hosted provider with a key', () => {
    env({ GEMINI_API_KEY: 'g' });
    expect(resolveLlmChoice({ provider: null, model: null })).toMatchObject({ provider: 'gemini', model: 'gemini-2.0-flash' });
  });

  it('falls back to extractive for a chosen provider without a key, or for none', () => {
    env({ OPENAI_API_KEY: 'k' });
    expect(resolveLlmChoice({ provider: 'anthropic', model: null })).toMatchObject({ kind: 'extractive' });
    expect(resolveLlmChoice({ provider: 'none', model: null })).toMatchObject({ kind: 'extractive' });
    expect(resolveLlmChoice({ provider: 'ollama', model: null })).toMatchObject({ kind: 'llm', provider: 'ollama', model: 'llama3.1' });
  });
});

describe('retries', () => {
  it('reads Retry-After in seconds, as an HTTP date and as retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ headers: new Headers({ 'retry-after': '7' }) }, now)).toBe(7000);
    expect(retryAfterMs({ headers: new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }) }, now)).toBe(5000);
    expect(retryAfterMs({ headers: new Headers({ 'retry-after-ms': '250' }) }, now)).toBe(250);
    expect(retryAfterMs({ headers: new Headers() }, now)).toBeNull();
  });

  it('retries 429, 408 and 5xx and connection errors, not other 4xx', () => {
    expect([429, 408, 500, 503].map((status) => isRetryable({ status }))).toEqual([true, true, true, true]);
    expect([400, 401, 404, 422].map((status) => isRetryable({ status }))).toEqual([false, false, false, false]);
    expect(isRetryable(Object.assign(new Error('x'), { name: 'APIConnectionError' }))).toBe(true);
  });

  it('backs off exponentially when a 429 gives no Retry-After, and takes a rate-limit slot per attempt', async () => {
    const waits: number[] = [];
    let slots = 0;
    let calls = 0;
    const out = await withLlmRetries(
      async () => {
        calls += 1;
        if (calls < 3) throw Object.assign(new Error('busy'), { status: 429, headers: new Headers() });
        return 'ok';
      },
      { baseDelayMs: 1000, acquire: async () => void (slots += 1), sleep: async (ms) => void waits.push(ms) },
    );
    expect(out).toBe('ok');
    expect(slots).toBe(3);
    expect(waits[0]).toBeGreaterThanOrEqual(500);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeLessThanOrEqual(2000);
  });
});
