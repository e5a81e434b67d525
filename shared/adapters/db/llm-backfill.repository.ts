/**
 * Reads that only the LLM admin backfills make. They Scan (allowed for admin
 * backfill jobs only, and listed in docs/data-model.md): no index lists bills
 * without a bill_category, since every new brief classifies its bill.
 */
import { cond, expressions } from './expressions.ts';
import * as table from './table-client.ts';
import { ofEntity } from './entities.ts';

/** Ids of bills whose bill_category is missing or null (a filtered Scan). */
export async function scanBillIdsWithoutCategory(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await table.scan({
      ...expressions({
        filter: cond.and(ofEntity('bill'), cond.or(cond.absent('bill_category'), cond.eq('bill_category', null))),
        projection: ['id'],
      }),
      ExclusiveStartKey: start,
    });
    ids.push(...(out.Items ?? []).map((i) => String(i.id)));
    start = out.LastEvaluatedKey;
  } while (start);
  return ids;
}
