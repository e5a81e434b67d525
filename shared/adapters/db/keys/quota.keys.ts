/** Daily request quotas (docs/data-model.md A15): QUOTA#news-search / DAY#{YYYY-MM-DD}, the UTC day. */
import type { ItemKey } from './key.ts';

export const quotaKeys = {
  newsSearchDay: (now: Date): ItemKey => ({ pk: 'QUOTA#news-search', sk: `DAY#${now.toISOString().slice(0, 10)}` }),
} as const;
