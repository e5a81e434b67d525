/** Applied migrations (docs/data-model.md A10): MIGRATION / {id}, one partition read with one Query. */
import type { ItemKey } from './key.ts';

const PARTITION = 'MIGRATION';

export const migrationKeys = {
  partition: PARTITION,
  applied: (id: string): ItemKey => ({ pk: PARTITION, sk: id }),
} as const;
