/** The news RSS cache (docs/data-model.md A16): one partition, NEWSRSS / Q#{sha256(query)}. */
import { createHash } from 'node:crypto';
import type { ItemKey } from './key.ts';

const PARTITION = 'NEWSRSS';

export const newsCacheKeys = {
  /** The one partition of the cache (an admin clears it with one Query). */
  partition: PARTITION,
  query: (query: string): ItemKey => ({ pk: PARTITION, sk: `Q#${createHash('sha256').update(query).digest('hex')}` }),
} as const;
