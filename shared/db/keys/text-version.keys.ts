/** Bill text versions (docs/data-model.md B5): BILL#{bill_id} / TEXT#{version_code}. */
import { billKeys } from './bill.keys.ts';
import type { ItemKey } from './key.ts';

const PREFIX = 'TEXT#';

export const textVersionKeys = {
  version: (billId: string, versionCode: string): ItemKey => ({ pk: billKeys.partition(billId), sk: `${PREFIX}${versionCode}` }),
  /** begins_with prefix of a bill's text versions. */
  prefix: PREFIX,
} as const;
