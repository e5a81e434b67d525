/**
 * Bills (docs/data-model.md B1, B2, B8, B10, B11, B16, B19):
 *   BILL#{bill_id} / META                    the bill record; its partition also
 *                                            holds actions, texts, briefs, cosponsors,
 *                                            votes, news and trend days (their own files)
 *   gsi1 BILLS / {latest_action_date}#{id}   all bills by latest action (undated last)
 *   gsi2 SPONSOR#{member} / {introduced}#{id} a member's sponsored bills
 *   gsi3 BILLSTATUS#{status family} / {latest_action_date}#{id}  the bills of one status
 *                                            family (the code's first part: ENACTED, FAIL,
 *                                            VETOED), by latest action (B3a)
 *   BILL#{bill_id} / MISSING#{what}          marker of a bill missing its sponsor or metadata,
 *                                            listed on gsi3 MISSING#{what} / {bill_id}
 *   gsi4 BILLCHANGES#{congress} / {updated_at}#{id}  a Congress's bills by content updated_at (B24)
 *   BILL#{bill_id} / FOLLOWUPS               outbox marker: a new bill whose follow-up fetches
 *                                            are not known to be queued yet (B19)
 *   BILL#{bill_id} / FORECASTINPUT#{input}   a new bill's sponsor or cosponsors not stored yet:
 *                                            its forecast waits for them (B25)
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { FetchedInput } from '#shared/domain/bill-forecast/forecast-facts.ts';
import { META, UNDATED, onIndex, type ItemKey } from './key.ts';

export type MissingKind = 'sponsor' | 'metadata';

const partition = (billId: string) => `BILL#${billId}`;
const LATEST_ACTION = 'BILLS';
const sponsorPartition = (memberId: string) => `SPONSOR#${memberId}`;
// A status filter names a code or a prefix of whole parts of one, so its first part is the family every match shares.
const statusPartition = (statusOrFilter: string) => `BILLSTATUS#${statusOrFilter.split(':')[0]}`;
const missingList = (what: MissingKind) => `MISSING#${what}`;
const FOLLOW_UPS = 'FOLLOWUPS';
const FORECAST_INPUT = 'FORECASTINPUT#';

export const billKeys = {
  /** BILL#{id}: the partition a bill detail reads with one Query. */
  partition,
  /** The bill record. */
  meta: (billId: string): ItemKey => ({ pk: partition(billId), sk: META }),
  /** True for the record among the items of a bill's partition. */
  isMeta: (item: { sk?: unknown }) => item.sk === META,

  /** B2, B10: every bill, newest latest action first (sortedListings). */
  byLatestAction: {
    index: 'sortedListings',
    partition: LATEST_ACTION,
    keys: (b: Pick<Bill, 'latest_action_date' | 'id'>) => onIndex('sortedListings', LATEST_ACTION, `${b.latest_action_date ?? UNDATED}#${b.id}`),
  },

  /** B8: a member's sponsored bills (reverseLookups); only bills with a sponsor carry it. */
  bySponsor: {
    index: 'reverseLookups',
    partition: sponsorPartition,
    keys: (sponsorId: string, b: Pick<Bill, 'introduced_date' | 'id'>) =>
      onIndex('reverseLookups', sponsorPartition(sponsorId), `${b.introduced_date ?? UNDATED}#${b.id}`),
  },

  /**
   * B3a: the bills of one status family, newest latest action first
   * (secondaryListings), so `?status=` reads the bills it lists; a deeper
   * filter (FAIL:SECOND) narrows the family's partition.
   */
  byStatus: {
    index: 'secondaryListings',
    partition: statusPartition,
    keys: (b: Pick<Bill, 'status' | 'latest_action_date' | 'id'>) =>
      onIndex('secondaryListings', statusPartition(b.status), `${b.latest_action_date ?? UNDATED}#${b.id}`),
  },

  /** B11: the marker of a bill missing its sponsor or metadata, deleted once filled. */
  missing: (billId: string, what: MissingKind): ItemKey => ({ pk: partition(billId), sk: missingList(what) }),
  /** B11: the sparse list of bills carrying a marker (secondaryListings). */
  missingList: {
    index: 'secondaryListings',
    partition: missingList,
    keys: (billId: string, what: MissingKind) => onIndex('secondaryListings', missingList(what), billId),
  },

  /** B24: a Congress's bills in the order their content last changed (changeFeed). */
  byContentChange: {
    index: 'changeFeed',
    partition: (congress: number) => `BILLCHANGES#${congress}`,
    keys: (b: Pick<Bill, 'congress' | 'id'>, updatedAt: string) => onIndex('changeFeed', `BILLCHANGES#${b.congress}`, `${updatedAt}#${b.id}`),
  },

  /** B19: written with a new bill, deleted once its follow-ups (sponsor, actions, cosponsors, text) are queued. */
  followUps: (billId: string): ItemKey => ({ pk: partition(billId), sk: FOLLOW_UPS }),

  /** B25: written with a new bill, one per fetched input, deleted by the task that stores that input. */
  forecastInputPending: (billId: string, input: FetchedInput): ItemKey => ({ pk: partition(billId), sk: `${FORECAST_INPUT}${input}` }),
} as const;
