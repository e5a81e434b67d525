/** The settings store (docs/data-model.md A11): SETTINGS / {key}, one partition read with one Query. */
import type { ItemKey } from './key.ts';

const PARTITION = 'SETTINGS';

export const settingKeys = {
  partition: PARTITION,
  setting: (key: string): ItemKey => ({ pk: PARTITION, sk: key }),
} as const;
