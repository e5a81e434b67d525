/**
 * The filters, sort and page of a bill search, as GET /api/search takes them
 * and a `search` follow stores them.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { BillStatus } from '#shared/domain/bills/bill-status.ts';

const IsoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/u, { error: 'must be a date as YYYY-MM-DD' });

export const SearchFilters = lazySchema(() =>
  z.object({
    congress: z.coerce.number().int().min(1).max(200).optional().describe('Only bills of this Congress, such as 118'),
    chamber: z.enum(['house', 'senate']).optional().describe('Only bills of this chamber: house or senate'),
    type: z
      .enum(['hr', 's', 'hjres', 'sjres', 'hconres', 'sconres', 'hres', 'sres'])
      .optional()
      .describe('Only bills of this type: hr, s, hjres, sjres, hconres, sconres, hres or sres'),
    status: BillStatus().optional().describe('Only bills whose status is this, such as INTRODUCED or PASS_OVER:HOUSE'),
    topic: z.string().min(1).max(60).optional().describe('Only bills carrying this topic tag, such as health'),
    sponsor_id: z.string().min(1).max(20).optional().describe('Only bills sponsored by this member (Bioguide id)'),
    has_document: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .describe('true: only bills with published text; false: only bills without'),
    from: IsoDate().optional().describe('Only bills whose latest action (or introduction, before any action) is on or after this date'),
    to: IsoDate().optional().describe('Only bills whose latest action (or introduction) is on or before this date'),
  }),
);
export type SearchFilters = z.infer<ReturnType<typeof SearchFilters>>;

export type SearchSort = 'relevance' | 'date';

/** One page of a bill search as the engine answers it. */
export interface SearchRequest {
  q: string;
  filters: SearchFilters;
  sort: SearchSort;
  limit: number;
  offset: number;
}

/** Where a bill matched: the passage's label and a snippet with the matched words in <mark>. */
export interface SearchMatch {
  section: string;
  snippet: string;
}

export interface SearchHit {
  bill_id: string;
  match: SearchMatch | null;
}

export interface SearchHits {
  hits: SearchHit[];
  total: number;
}
