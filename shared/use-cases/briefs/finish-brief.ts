/**
 * Turns a drafted brief into a stored one and does what follows a brief,
 * for the realtime worker and the batch importer alike. Steps:
 *   1. locate each quote in the stored text (the quote locator); a point whose
 *      quote is not there is withheld, not published;
 *   2. store the brief once per (bill, dedupe key) with a new share token;
 *   3. when it was new: count it (briefs_full / briefs_amendment, uncited_briefs,
 *      withheld_points);
 *   4. mark the bill briefed with its topic tags and clear its pending marker;
 *   5. classify the bill once (bill_category) when it has none;
 *   6. announce the text version: new_document / new_amendment goes to the
 *      notification queue once per (bill, text version), from the first brief
 *      of that version to claim it; a re-brief of a version already announced
 *      (admin reprocess, backfill-citations) updates the history and notifies
 *      no one;
 *   7. request the bill's news fetch (an outbox record the news fetcher drains).
 * The search index message is owed (table outbox) before step 2 and sent after
 * step 4 (shared/use-cases/bills/search-index-requests.ts).
 * Every step is idempotent, so a redelivery completes what a crash left and writes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { markBriefEventSent, nextBriefVersion, putBrief } from '#shared/adapters/db/briefs.repository.ts';
import { clearBriefPending } from '#shared/adapters/db/brief-pending.repository.ts';
import { getBill, markBillBriefed, setBillCategory } from '#shared/adapters/db/bills.repository.ts';
import { oweIndexing, sendIndexing } from '#shared/use-cases/bills/search-index-requests.ts';
import { requestNewsFetch } from '#shared/adapters/db/news-requests.repository.ts';
import { incrementStats } from '#shared/adapters/db/stats.repository.ts';
import { claimTextAnnouncement } from '#shared/adapters/db/texts.repository.ts';
import type { LlmProvider } from '#shared/domain/llm/llm-provider.ts';
import type { RetryOptions } from '#shared/adapters/providers/llm/retry.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { briefEvent } from './brief-event.ts';
import type { BriefInput } from '#shared/domain/briefs/brief-input.ts';
import type { Brief } from '#shared/domain/briefs/brief.schema.ts';
import { checkCitations } from '#shared/domain/briefs/citation-check.ts';
import { classifyBill } from './classify.ts';
import type { DraftBrief } from '#shared/domain/briefs/draft-brief.ts';
import { MAX_POINTS } from '#shared/domain/briefs/model-output.schema.ts';
import { PROMPT_VERSION } from '#shared/domain/briefs/prompts.ts';
import { normalizeTopicTags } from '#shared/domain/briefs/topics.ts';

export interface FinishOptions {
  dedupeKey?: string;
  /** The model for the classification call; null classifies by rule. */
  llm: { provider: LlmProvider; model: string } | null;
  retry?: RetryOptions;
  now?: Date;
  /** The text version came from the local stack's demo replay: the announcement is marked demo. */
  demo?: true;
}

/** Builds the Brief record of a draft (citation check included). Pure. */
export function buildBrief(input: BriefInput, draft: DraftBrief, version: number, now: Date): Brief {
  const points = draft.brief.points.slice(0, MAX_POINTS).map((p, i) => ({ id: `p${i + 1}`, text: p.text, label: p.label, citation: p.citation }));
  const checked = checkCitations(points, input);
  return {
    bill_id: input.bill.id,
    version,
    type: input.previous ? 'amendment' : 'full',
    text_version_code: input.version_code,
    previous_text_version_code: input.previous?.version_code ?? null,
    summary: draft.brief.summary,
    points: checked.points,
    topic_tags: normalizeTopicTags(draft.brief.topic_tags),
    uncited: checked.uncited,
    withheld_points: checked.withheld,
    share_token: randomUUID(),
    provider: draft.provider,
    model: draft.model,
    prompt_version: PROMPT_VERSION,
    method: draft.method,
    input_tokens: draft.cost.input_tokens,
    output_tokens: draft.cost.output_tokens,
    cost_usd: draft.cost.cost_usd,
    requests: draft.cost.requests,
    created_at: now.toISOString(),
    event_sent_at: null,
  };
}

/** Stores a drafted brief and runs the steps after it; returns the stored brief and whether it is new. */
export async function finishBrief(input: BriefInput, draft: DraftBrief, options: FinishOptions): Promise<{ brief: Brief; written: boolean }> {
  const now = options.now ?? new Date();
  // The brief's summary and points are searched: owed to the indexer before the brief is stored.
  const owedIndex = await oweIndexing([input.bill.id], now);
  const candidate = buildBrief(input, draft, await nextBriefVersion(input.bill.id), now);
  const { written, brief } = await putBrief(candidate, { dedupeKey: options.dedupeKey ?? input.version_code });
  if (written) {
    await incrementStats({
      [brief.type === 'full' ? 'briefs_full' : 'briefs_amendment']: 1,
      uncited_briefs: brief.uncited ? 1 : 0,
      withheld_points: brief.withheld_points,
    });
  }
  await markBillBriefed(brief.bill_id, { topic_tags: brief.topic_tags });
  await sendIndexing(owedIndex);
  await clearBriefPending(brief.bill_id, brief.text_version_code);
  const bill = await getBill(brief.bill_id);
  if (bill && bill.bill_category === null) {
    const classification = await classifyBill(bill, brief.summary, options.llm, options.retry);
    await setBillCategory(bill.id, classification.category);
  }
  if (!brief.event_sent_at) {
    // The claim comes before the send, so two briefs of one version racing cannot both announce it;
    // the brief holding the claim resends on a redelivery (the event id is the same, so it is recognised downstream).
    const claim = await claimTextAnnouncement(brief.bill_id, brief.text_version_code, { token: brief.share_token, version: brief.version }, now);
    if (claim === 'no_text') throw new Error(`Text ${brief.text_version_code} of ${brief.bill_id} is not listed, so its announcement cannot be recorded`);
    if (claim === 'claimed') {
      await sendMessage('notification-dispatch', briefEvent(brief, options.demo));
      await markBriefEventSent(brief.bill_id, brief.version, new Date().toISOString());
    }
  }
  await requestNewsFetch(brief.bill_id, `brief:${brief.version}`, now);
  return { brief, written };
}
