/**
 * Bill forecasts (docs/data-model.md F1-F6):
 *   BILL#{bill_id} / FORECAST#{as_of}#{version:00000}   every forecast published for the
 *       bill, kept (append-only; its outcomes are set once each as they resolve)
 *   BILL#{bill_id} / FORECASTNOW                        the bill's latest forecast, its
 *       version and the P(enacted) its followers were last told of; while any of the
 *       bill's forecasts has an open event it is listed on secondaryListings (gsi3)
 *       FORECASTS_OPEN#{congress} / {bill_id}, which the Congress-end sweep reads
 *   FORECASTRECORD / TOTALS                             the track record's counters
 * Both bill items sort under the prefix FORECAST, so the forecast read is one Query.
 */
import { billKeys } from './bill.keys.ts';
import { onIndex, type ItemKey } from './key.ts';

const HISTORY = 'FORECAST#';
const LATEST = 'FORECASTNOW';
const openList = (congress: number) => `FORECASTS_OPEN#${congress}`;

export const forecastKeys = {
  /** One published forecast (the version zero-padded, so a day's forecasts sort in order). */
  published: (billId: string, asOf: string, version: number): ItemKey => ({
    pk: billKeys.partition(billId),
    sk: `${HISTORY}${asOf}#${String(version).padStart(5, '0')}`,
  }),
  /** begins_with prefix of a bill's published forecasts. */
  historyPrefix: HISTORY,
  /** begins_with prefix of a bill's forecast items: its published forecasts and FORECASTNOW. */
  prefix: 'FORECAST',
  latest: (billId: string): ItemKey => ({ pk: billKeys.partition(billId), sk: LATEST }),
  isLatest: (item: { sk?: unknown }) => item.sk === LATEST,
  /** F4: the bills of a Congress with a forecast whose events are not all resolved (secondaryListings). */
  open: {
    index: 'secondaryListings',
    partition: openList,
    keys: (congress: number, billId: string) => onIndex('secondaryListings', openList(congress), billId),
  },
  /** F5: the track record's counters. */
  trackRecord: (): ItemKey => ({ pk: 'FORECASTRECORD', sk: 'TOTALS' }),
} as const;
