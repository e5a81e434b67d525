/**
 * Admin use cases of the brief pipeline: processing statistics, per-bill
 * reprocess, and the backfills (citations, labels, categories) and resume of
 * stalled documents that the llm job group runs.
 */
import { getBill, setBillCategory } from '#shared/adapters/db/bills.repository.ts';
import { countPendingBriefs, listPendingBriefs } from '#shared/adapters/db/brief-pending.repository.ts';
import { deleteBrief, getLatestBrief, listUncitedBriefs } from '#shared/adapters/db/briefs.repository.ts';
import { scanBillIdsWithoutCategory } from '#shared/adapters/db/llm-backfill.repository.ts';
import { getStats, incrementStats } from '#shared/adapters/db/stats.repository.ts';
import { listTextVersions } from '#shared/adapters/db/texts.repository.ts';
import { resolveLlm } from '#shared/adapters/providers/llm/llm-settings.ts';
import { providerFor } from '#shared/adapters/providers/llm/provider-factory.ts';
import { sendMessages } from '#shared/adapters/messaging/send.ts';
import { hasVerifiedCitation } from '#shared/domain/briefs/citation-check.ts';
import { classifyBill } from './classify.ts';
import { locateStoredCitations } from './locate-stored-citations.ts';

/** GET /api/admin/stats: the counters plus "remaining" (documents waiting for a brief). */
export async function adminStats() {
  const [stats, remaining] = await Promise.all([getStats(), countPendingBriefs()]);
  return { ...stats, remaining };
}

const briefMessage = (bill_id: string, version_code: string, force: boolean) => ({
  v: 1 as const,
  type: 'brief_bill_text' as const,
  bill_id,
  version_code,
  force,
});

/** Re-runs document fetch and briefing of one bill; null when the bill is unknown. */
export async function reprocessBill(billId: string) {
  if (!(await getBill(billId))) return null;
  const versions = await listTextVersions(billId);
  await sendMessages('document-fetch', [{ v: 1, type: 'fetch_bill_text', bill_id: billId, reason: 'reprocess' }]);
  const latest = versions.at(-1);
  // The fetch answers "unchanged" for a text it has, so the stored latest text is re-briefed directly.
  if (latest) await sendMessages('brief', [briefMessage(billId, latest.version_code, true)]);
  return { bill_id: billId, document_fetch_queued: true, brief_queued_for: latest?.version_code ?? null };
}

/**
 * backfill_citations: deletes the briefs flagged uncited that have no
 * verified citation at all (hasVerifiedCitation) and re-queues their texts
 * (LLM calls only). A flagged brief with at least one verified citation is
 * kept; so is one stored before points carried labels, which backfill_labels
 * must label first. The re-brief announces nothing: its text version was
 * announced by the brief it replaces.
 */
export async function backfillCitations() {
  const flagged = await listUncitedBriefs();
  const unlabeled = flagged.filter((b) => b.points === null);
  const kept = flagged.filter((b) => b.points !== null && hasVerifiedCitation(b.points));
  const deleted: typeof flagged = [];
  for (const b of flagged.filter((f) => !unlabeled.includes(f) && !kept.includes(f))) {
    const brief = await deleteBrief(b.bill_id, b.version);
    if (!brief) continue;
    deleted.push(b);
    await incrementStats({ uncited_briefs: brief.uncited ? -1 : 0, [brief.type === 'full' ? 'briefs_full' : 'briefs_amendment']: -1 });
  }
  await sendMessages(
    'brief',
    deleted.map((b) => briefMessage(b.bill_id, b.text_version_code, false)),
  );
  return { deleted: deleted.length, requeued: deleted.length, kept_with_citations: kept.length, skipped_unlabeled: unlabeled.length };
}

/**
 * backfill_labels: puts every stored brief through the citation check in place (labels legacy points, locates
 * every quote, withholds those not in the text); see ./locate-stored-citations.ts.
 */
export const backfillLabels = () => locateStoredCitations();

/** backfill_categories: classifies bills without bill_category from their latest brief (an admin Scan). */
export async function backfillCategories() {
  const resolved = await resolveLlm();
  const provider = resolved.kind === 'llm' ? await providerFor(resolved.provider) : null;
  const llm = provider && resolved.kind === 'llm' ? { provider, model: resolved.model } : null;
  let classified = 0;
  for (const id of await scanBillIdsWithoutCategory()) {
    const bill = await getBill(id);
    if (!bill || bill.bill_category) continue;
    const brief = await getLatestBrief(id);
    const result = await classifyBill(bill, brief?.summary ?? bill.title, llm);
    await setBillCategory(id, result.category);
    classified += 1;
  }
  return { classified, method: llm ? 'llm' : 'rule' };
}

/** resume_analysis: re-queues documents whose brief has been pending longer than `olderThanMinutes`. */
export async function resumeAnalysis(now: Date, olderThanMinutes = 15) {
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000).toISOString();
  const stalled = (await listPendingBriefs(10_000)).filter((p) => p.queued_at <= cutoff);
  await sendMessages(
    'brief',
    stalled.map((p) => briefMessage(p.bill_id, p.version_code, false)),
  );
  return { requeued: stalled.length };
}
