/**
 * The filters of a bill search, declared once: as the engine takes them and a
 * `search` follow stores them (SearchFilters: has_document a boolean), and as
 * GET /api/search reads them from its query string (SearchFiltersQuery: the
 * same fields, numbers and booleans read from text). Pure.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { BILL_TYPES } from '#shared/domain/bills/bill-types.ts';

const IsoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'must be a date as YYYY-MM-DD' });
const CONGRESS = 'Only bills of this Congress, such as 118';
const HAS_DOCUMENT = 'true: only bills with published text; false: only bills without';

export const SearchFilters = lazySchema(() =>
  z.object({
    congress: z.number().int().min(1).max(200).optional().describe(CONGRESS),
    chamber: z.enum(['house', 'senate']).optional().describe('Only bills of this chamber: house or senate'),
    type: z
      .enum(BILL_TYPES)
      .optional()
      .describe(`Only bills of this type: ${BILL_TYPES.join(', ')}`),
    status: BillStatus().optional().describe('Only bills whose status is this, such as INTRODUCED or PASS_OVER:HOUSE'),
    topic: z.string().min(1).max(60).optional().describe('Only bills carrying this topic tag, such as health'),
    sponsor_id: z.string().min(1).max(20).optional().describe('Only bills sponsored by this member (Bioguide id)'),
    has_document: z.boolean().optional().describe(HAS_DOCUMENT),
    from: IsoDate().optional().describe('Only bills whose latest action (or introduction, before any action) is on or after this date'),
    to: IsoDate().optional().describe('Only bills whose latest action (or introduction) is on or before this date'),
  }),
);
export type SearchFilters = z.infer<ReturnType<typeof SearchFilters>>;

/** The filters as a query string carries them: the Congress as digits, has_document as "true" or "false". */
export const SearchFiltersQuery = lazySchema(() =>
  SearchFilters().extend({
    congress: z.coerce.number().int().min(1).max(200).optional().describe(CONGRESS),
    has_document: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .describe(HAS_DOCUMENT),
  }),
);
