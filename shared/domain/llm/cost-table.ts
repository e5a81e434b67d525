/**
 * Prices per million tokens, for the cost recorded on each brief. Matched by
 * model-name prefix (dated snapshots share their family's price); unknown
 * and self-hosted models cost 0. Cached input is billed at the cached rate.
 */
interface Price {
  input: number;
  cachedInput: number;
  output: number;
}

// USD per 1M tokens, from the providers' published price lists (standard tier).
const PRICES: Array<[prefix: string, price: Price]> = [
  ['gpt-4o-mini', { input: 0.15, cachedInput: 0.075, output: 0.6 }],
  ['gpt-4o', { input: 2.5, cachedInput: 1.25, output: 10 }],
  ['gpt-4.1-mini', { input: 0.4, cachedInput: 0.1, output: 1.6 }],
  ['gpt-4.1-nano', { input: 0.1, cachedInput: 0.025, output: 0.4 }],
  ['gpt-4.1', { input: 2, cachedInput: 0.5, output: 8 }],
  ['claude-3-5-haiku', { input: 0.8, cachedInput: 0.08, output: 4 }],
  ['claude-haiku-4', { input: 1, cachedInput: 0.1, output: 5 }],
  ['claude-sonnet-4', { input: 3, cachedInput: 0.3, output: 15 }],
  ['claude-3-7-sonnet', { input: 3, cachedInput: 0.3, output: 15 }],
  ['claude-opus-4', { input: 15, cachedInput: 1.5, output: 75 }],
  ['gemini-2.0-flash-lite', { input: 0.075, cachedInput: 0.01875, output: 0.3 }],
  ['gemini-2.0-flash', { input: 0.1, cachedInput: 0.025, output: 0.4 }],
  ['gemini-2.5-flash', { input: 0.3, cachedInput: 0.075, output: 2.5 }],
];

/** Batch APIs bill half the standard price (OpenAI Batch, Anthropic Message Batches). */
export const BATCH_DISCOUNT = 0.5;

/** The price of a model, or null when unknown (self-hosted or unlisted). */
export function priceOf(model: string): Price | null {
  const m = model.toLowerCase();
  // Longest prefix first, so gpt-4o-mini wins over gpt-4o.
  const hit = [...PRICES].sort((a, b) => b[0].length - a[0].length).find(([prefix]) => m.startsWith(prefix));
  return hit ? hit[1] : null;
}

/** The USD cost of one call's usage. */
export function costUsd(model: string, usage: { input_tokens: number; output_tokens: number; cached_input_tokens: number }, batch = false): number {
  const price = priceOf(model);
  if (!price) return 0;
  const uncached = Math.max(0, usage.input_tokens - usage.cached_input_tokens);
  const cost = (uncached * price.input + usage.cached_input_tokens * price.cachedInput + usage.output_tokens * price.output) / 1_000_000;
  return Math.round(cost * (batch ? BATCH_DISCOUNT : 1) * 1e6) / 1e6;
}
