/** The document ETag cache (docs/data-model.md A12): ETAG#{md5(url)} / ETAG. */
import { createHash } from 'node:crypto';
import type { ItemKey } from './key.ts';

export const etagKeys = {
  url: (url: string): ItemKey => ({ pk: `ETAG#${createHash('md5').update(url).digest('hex')}`, sk: 'ETAG' }),
} as const;
