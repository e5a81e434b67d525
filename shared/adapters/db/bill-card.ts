/**
 * How a bill's dashboard card (#shared/domain/personal/bill-card.schema.ts)
 * is read from its stored record (docs/data-model.md P8b). A card holds the
 * bill's `summary_version`, which every write of one of those fields raises
 * (bills.repository.ts), so of two racing card writes the older one never
 * lands last.
 */
import type { Item } from './dynamo.ts';
import type { BillCard } from '#shared/domain/personal/bill-card.schema.ts';
import { DashboardBill } from '#shared/domain/personal/bill-card.schema.ts';

/** The attribute of a bill record counting the writes of its summary fields (absent: none since the record was created). */
export const SUMMARY_VERSION = 'summary_version';

/** The attributes a bill read needs to make its card (for a ProjectionExpression). */
export const billCardAttributes = (): readonly string[] => [...Object.keys(DashboardBill().shape), SUMMARY_VERSION];

/** The card of a stored bill item (a whole record, or one read with billCardAttributes()). */
export function billCardFromItem(item: Item): BillCard {
  const version = item[SUMMARY_VERSION];
  return { ...DashboardBill().parse(item), v: typeof version === 'number' ? version : 0 };
}
