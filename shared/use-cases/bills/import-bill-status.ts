/**
 * Saves one parsed Bill Status file (GPO's bulk BILLSTATUS XML) through the
 * poller's per-bill path: the bill record (createBill / refreshBill /
 * setBillSponsor), its actions (batched: a whole history at once) and then its status and
 * timeline from all its stored actions (updateBillStatus), its cosponsors,
 * CRS summaries, subjects, laws and committee reports, related bills, its
 * amendments (shared/use-cases/amendments/save-bill-amendments.ts), and
 * the follow-ups the file points at: a document fetch when it lists text
 * versions not stored, a vote fetch when its recorded votes (or its
 * amendments' roll calls) name roll calls not stored.
 *
 * A new bill is created with the topic tags of its policy area and CRS
 * subjects (its topic listings written just before), so a bill is filed
 * under its topics before any brief tags it; a brief's tags replace them.
 *
 * History is not news: nothing here sends a notification. The status is
 * stored without an announcement, a refreshed bill sends no bill_updated
 * event, and the follow-ups' own rules already keep a bill's first text and
 * roll calls quiet. Only changes seen after the import (the poller's) notify.
 *
 * Idempotent and cheap to repeat: the bill's partition is read once and only
 * what differs is written, so a re-import of an unchanged file is one Query
 * and no write (its text and vote fetches are asked for again while the
 * documents they name are not stored; each finds what is stored and skips it). Dying anywhere is safe: every write is a conditional create
 * or a rewrite of the same value, and the next import of the file completes
 * what is missing.
 */
import { voteIdOf } from '#shared/domain/votes/roll-call.ts';
import { putActions, readStoredBill, type StoredBill } from '#shared/adapters/db/bill-import.repository.ts';
import { saveFacts, saveSummaries } from '#shared/adapters/db/bill-facts.repository.ts';
import { createBill, getBills, refreshBill, setBillSponsor } from '#shared/adapters/db/bills.repository.ts';
import { actionSk } from '#shared/adapters/db/actions.repository.ts';
import { noteCommitteeActivity } from '#shared/use-cases/committees/committee-activity.ts';
import { saveCosponsors } from '#shared/adapters/db/cosponsors.repository.ts';
import { saveRelatedBills, saveRelatedBillsOfNewBill } from '#shared/adapters/db/related-bills.repository.ts';
import { Bill } from '#shared/domain/bills/bill.schema.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import type { BillFacts } from '#shared/domain/bills/bill-status-facts.schema.ts';
import type { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { relationshipToken } from '#shared/domain/bills/related-bills.ts';
import { subjectTopicTags } from '#shared/domain/briefs/topics.ts';
import { syncBillTopics } from '#shared/adapters/db/search-index.repository.ts';
import type { ParsedBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { updateBillStatus } from './status-tracking.ts';
import { requestIndexing } from './search-index-requests.ts';
import { saveBillAmendments } from '#shared/use-cases/amendments/save-bill-amendments.ts';
import { amendmentVoteRefs } from '#shared/domain/amendments/amendment-votes.ts';

export interface ImportOptions {
  now: Date;
  /**
   * Queue the document and vote fetches the file points at (default true).
   * The offline demo turns them off: its providers are a recording that
   * holds none of those documents.
   */
  fetchLinked?: boolean;
}

export interface ImportedBill {
  bill_id: string;
  created: boolean;
  refreshed: boolean;
  actions: number;
  actions_completed: number;
  status_written: boolean;
  cosponsors: number;
  summaries: number;
  facts: boolean;
  related: number;
  /** Amendment records written (new or changed). */
  amendments: number;
  text_fetch_queued: boolean;
  vote_fetch_queued: boolean;
  /** Table items written; 0 for a re-import of an unchanged file (the follow-ups above are messages, not counted). */
  writes: number;
}

/** Update dates are ISO dates or date-times, so they order as strings; an unknown stored one is older than any. */
const isNewer = (incoming: string | null, stored: string | null) => incoming !== null && (stored === null || incoming > stored);

const cosponsorChanged = (a: Cosponsor, b: Cosponsor | undefined) =>
  !b || a.withdrawn_date !== b.withdrawn_date || a.sponsorship_date !== b.sponsorship_date || a.is_original !== b.is_original;

/** The stored actions whose recorded votes the file completes (older readings lost bill-level votes: issue 24.8). */
function actionsToComplete(parsed: BillAction[], stored: Map<string, BillAction>): BillAction[] {
  return parsed.flatMap((a) => {
    const before = stored.get(actionSk(a));
    if (!before) return [];
    const have = new Set(before.recorded_votes.map(voteIdOf));
    const missing = a.recorded_votes.filter((v) => !have.has(voteIdOf(v)));
    return missing.length ? [{ ...before, recorded_votes: [...before.recorded_votes, ...missing] }] : [];
  });
}

async function saveRecord(
  parsed: ParsedBillStatus,
  stored: StoredBill,
  now: Date,
): Promise<{ bill: Bill; created: boolean; refreshed: boolean; writes: number }> {
  const incoming = Bill().parse({ ...parsed.bill, topic_tags: subjectTopicTags(parsed.bill.policy_area, parsed.subjects) });
  const before = stored.bill;
  if (!before) {
    // The topic listings go first: dying before the bill is created leaves them for the next import to find in place
    // (each is written once); once the bill exists, a re-import writes neither.
    await syncBillTopics(incoming, [], incoming.topic_tags);
    if (await createBill(incoming)) return { bill: incoming, created: true, refreshed: false, writes: 1 + 2 * incoming.topic_tags.length };
    // Created meanwhile by a concurrent import or poll: carry on as a refresh of that record.
    const raced = (await readStoredBill(incoming.id)).bill;
    if (!raced) throw new Error(`bill ${incoming.id} was neither created nor found`);
    return saveRecord(parsed, { ...stored, bill: raced }, now);
  }
  let bill = before;
  let writes = 0;
  let refreshed = false;
  const fills =
    (!before.short_title && incoming.short_title) || (!before.policy_area && incoming.policy_area) || (!before.introduced_date && incoming.introduced_date);
  if (isNewer(incoming.update_date, before.update_date) || fills) {
    const newer = isNewer(incoming.update_date, before.update_date);
    const pick = newer ? incoming : before;
    bill =
      (await refreshBill(before.id, {
        title: pick.title,
        short_title: before.short_title ?? incoming.short_title,
        policy_area: before.policy_area ?? incoming.policy_area,
        latest_action_date: pick.latest_action_date,
        latest_action_text: pick.latest_action_text,
        latest_action_category: pick.latest_action_category,
        update_date: pick.update_date,
        provenance: newer ? incoming.provenance : before.provenance,
        introduced_date: before.introduced_date ?? incoming.introduced_date,
        congress_gov_url: before.congress_gov_url ?? incoming.congress_gov_url,
      })) ?? before;
    refreshed = true;
    writes++;
  }
  if (!before.sponsor_id && incoming.sponsor && (await setBillSponsor(before.id, incoming.sponsor))) {
    bill = { ...bill, sponsor_id: incoming.sponsor.id, sponsor: incoming.sponsor };
    writes++;
  }
  return { bill, created: false, refreshed, writes };
}

/** Saves one parsed Bill Status file; see the header. */
export async function importBillStatus(parsed: ParsedBillStatus, options: ImportOptions): Promise<ImportedBill> {
  const { now, fetchLinked = true } = options;
  const id = parsed.bill.id;
  const stored = await readStoredBill(id);
  // Related bills: an entry not stored, or with relationships the stored item lacks; both sides when the other bill is stored.
  const related = parsed.related_bills.filter(
    (e) => e.bill_id !== id && (stored.related.get(e.bill_id) ?? -1) < new Set(e.relationships.map(relationshipToken)).size,
  );
  const others = related.length ? new Set((await getBills(related.map((e) => e.bill_id))).map((b) => b.id)) : new Set<string>();
  const self = { bill_id: id, congress: parsed.bill.congress, label: parsed.bill.label, title: parsed.bill.title };
  // A new bill's side is written whole before its record, when nothing else can write to it (the repository says why).
  if (!stored.bill && related.length) await saveRelatedBillsOfNewBill(self, related, others, now.toISOString());
  const record = await saveRecord(parsed, stored, now);
  if (stored.bill && related.length) await saveRelatedBills(self, related, others, now.toISOString());
  let writes = record.writes + related.length;

  // Actions: new triples inserted, stored ones completed with votes an older reading lost; then the status.
  const storedActions = new Map(stored.actions.map((a) => [actionSk(a), a]));
  // A file may list the same (date, text) twice; the table keeps one.
  const fresh = [...new Map(parsed.actions.filter((a) => !storedActions.has(actionSk(a))).map((a) => [actionSk(a), a])).values()];
  const completed = [...new Map(actionsToComplete(parsed.actions, storedActions).map((a) => [actionSk(a), a])).values()];
  // Committee pages' referrals and reports, noted before the actions that would make a re-import skip them.
  await noteCommitteeActivity(fresh);
  if (fresh.length + completed.length) await putActions([...fresh, ...completed]);
  writes += fresh.length + completed.length;
  const all = [...storedActions.values(), ...fresh];
  // No announcement: a file's actions are the bill's history (status-tracking.ts stores without one).
  const status = await updateBillStatus(record.bill, all);
  if (status.written) writes++;

  const storedCosponsors = new Map(stored.cosponsors.map((c) => [c.member_id, c]));
  const cosponsors = parsed.cosponsors.filter((c) => cosponsorChanged(c, storedCosponsors.get(c.member_id)));
  if (cosponsors.length) await saveCosponsors(cosponsors);
  writes += cosponsors.length;

  const storedSummaries = new Map(stored.summaries.map((s) => [`${s.version_code}#${s.action_date}`, s]));
  const summaries = parsed.summaries.filter((s) => {
    const before = storedSummaries.get(`${s.version_code}#${s.action_date}`);
    return !before || before.text !== s.text || before.updated_at !== s.updated_at;
  });
  if (summaries.length) await saveSummaries(id, summaries);
  writes += summaries.length;

  const facts: BillFacts = {
    bill_id: id,
    subjects: parsed.subjects,
    laws: parsed.laws,
    committee_reports: parsed.committee_reports,
    other_titles: parsed.other_titles,
  };
  const hasFacts = facts.subjects.length + facts.laws.length + facts.committee_reports.length + facts.other_titles.length > 0;
  const factsChanged = hasFacts && JSON.stringify(facts) !== JSON.stringify(stored.facts);
  if (factsChanged) await saveFacts(facts);
  if (factsChanged) writes++;

  const amendments = await saveBillAmendments(record.bill, parsed.amendments);
  writes += amendments.written + (amendments.summary_written ? 1 : 0);

  // What is searched changed (the record, its CRS summaries or subjects): re-index it. Not matched against the saved
  // searches: an imported file is the bill's history, and only what the poller sees after the import alerts.
  if (record.created || record.refreshed || summaries.length > 0 || factsChanged) await requestIndexing([id]);

  let textQueued = false;
  let votesQueued = false;
  if (fetchLinked) {
    if (parsed.text_versions.length > stored.textVersions) {
      await sendMessage('document-fetch', { v: 1, type: 'fetch_bill_text', bill_id: id, reason: 'backfill' });
      textQueued = true;
    }
    const refs = new Set([...all.flatMap((a) => a.recorded_votes), ...parsed.amendments.flatMap(amendmentVoteRefs)].map(voteIdOf));
    if ([...refs].some((v) => !stored.votes.has(v))) {
      await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_votes', bill_id: id });
      votesQueued = true;
    }
  }

  return {
    bill_id: id,
    created: record.created,
    refreshed: record.refreshed,
    actions: fresh.length,
    actions_completed: completed.length,
    status_written: status.written,
    cosponsors: cosponsors.length,
    summaries: summaries.length,
    facts: factsChanged,
    related: related.length,
    amendments: amendments.written,
    text_fetch_queued: textQueued,
    vote_fetch_queued: votesQueued,
    writes,
  };
}
