/**
 * Saves the amendments a provider lists for a bill (a Bill Status file's
 * whole `<amendments>`, or one amendment the Congress.gov fetch read): only
 * those whose content changed are written (one Query of the bill's stored
 * amendments, projected, says which), then the bill's amendment summary is
 * set when it moved, which moves the bill on its change feed. A crash
 * between the two leaves the summary behind until the next save of any of
 * the bill's amendments; every write is a rewrite of the same value.
 */
import { amendmentContentHash, amendmentStates, saveAmendments } from '#shared/adapters/db/amendments.repository.ts';
import { setAmendmentSummary } from '#shared/adapters/db/bills.repository.ts';
import { canonicalJson } from '#shared/adapters/db/content-version.ts';
import type { Amendment } from '#shared/domain/amendments/amendment.schema.ts';
import { amendmentSummary } from '#shared/domain/amendments/amendment-summary.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';

export interface SavedAmendments {
  /** Amendment records written (new or changed). */
  written: number;
  summary_written: boolean;
}

/** Saves `amendments` of `bill`; see the header. */
export async function saveBillAmendments(bill: Pick<Bill, 'id' | 'amendment_summary'>, amendments: readonly Amendment[]): Promise<SavedAmendments> {
  const mine = amendments.filter((a) => a.amended_bill_id === bill.id);
  if (mine.length === 0) return { written: 0, summary_written: false };
  const stored = await amendmentStates(bill.id);
  const changed = mine.filter((a) => stored.get(a.id)?.hash !== amendmentContentHash(a));
  if (changed.length) await saveAmendments(changed);
  const states = new Map([...stored].map(([id, s]) => [id, { status: s.status, latest_action: s.latest_action }]));
  for (const a of mine) states.set(a.id, { status: a.status, latest_action: a.latest_action });
  const summary = amendmentSummary([...states.values()]);
  const moved = summary !== null && canonicalJson(summary) !== canonicalJson(bill.amendment_summary ?? null);
  const summaryWritten = moved ? await setAmendmentSummary(bill.id, summary) : false;
  return { written: changed.length, summary_written: summaryWritten };
}
