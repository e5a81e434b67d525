/**
 * What a Bill Status file adds to a bill (docs/data-model.md B23):
 *   BILL#{bill_id} / SUMMARY#{version_code}#{action_date}   one CRS summary
 *   BILL#{bill_id} / FACTS                                  subjects, laws and committee reports
 * Both sit in the bill's partition, so the detail's one Query reads them.
 */
import { billKeys } from './bill.keys.ts';
import { UNDATED, type ItemKey } from './key.ts';

const SUMMARY = 'SUMMARY#';
const FACTS = 'FACTS';

export const billFactsKeys = {
  summary: (billId: string, versionCode: string, actionDate: string | null): ItemKey => ({
    pk: billKeys.partition(billId),
    sk: `${SUMMARY}${versionCode}#${actionDate ?? UNDATED}`,
  }),
  /** begins_with prefix of a bill's CRS summaries. */
  summaryPrefix: SUMMARY,
  facts: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: FACTS }),
  factsSk: FACTS,
} as const;
