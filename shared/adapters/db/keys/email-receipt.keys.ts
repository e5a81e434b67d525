/** Emails SES reported accepting (docs/data-model.md A19): EMAILSENT#{message identity} / EMAILSENT. */
import type { ItemKey } from './key.ts';

export const emailReceiptKeys = {
  message: (identity: string): ItemKey => ({ pk: `EMAILSENT#${identity}`, sk: 'EMAILSENT' }),
} as const;
