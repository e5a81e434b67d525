/**
 * Rate limits shared by every Lambda (docs/data-model.md A7, A8):
 *   RATE#{name}#{subject} / SLOTS   a sliding-window limit's slot counters
 *   RATE#llm-rpm / BUCKET           the LLM requests-per-minute token bucket
 *   RATE#provider#{name} / BUCKET   a provider's request budget (Congress.gov: 5,000 an hour)
 */
import type { ItemKey } from './key.ts';

const PREFIX = 'RATE#';
const llmBucket: ItemKey = { pk: `${PREFIX}llm-rpm`, sk: 'BUCKET' };

export const rateKeys = {
  window: (name: string, subject: string): ItemKey => ({ pk: `${PREFIX}${name}#${subject}`, sk: 'SLOTS' }),
  llmBucket,
  providerBucket: (provider: string): ItemKey => ({ pk: `${PREFIX}provider#${provider}`, sk: 'BUCKET' }),
} as const;
