/**
 * The bill types of Congress.gov. Their own module, without zod, so that the
 * bill id (./bill-id.ts), which every route with a bill in its path
 * validates, does not build the bill and member schemas of ./bill.schema.ts.
 */
export const BILL_TYPES = ['hr', 's', 'hjres', 'sjres', 'hconres', 'sconres', 'hres', 'sres'] as const;
export type BillType = (typeof BILL_TYPES)[number];
