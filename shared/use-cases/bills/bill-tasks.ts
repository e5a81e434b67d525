/**
 * The per-bill follow-up tasks of the ingest-tasks queue, each idempotent:
 * bill detail (sponsor, dates, links), actions (every page, new triples
 * only, then the bill's status), cosponsors, and roll-call votes from the
 * actions' recordedVotes. A task whose source an admin switched off
 * (data_sources) does nothing and succeeds, naming the switch: nightly and
 * admin jobs queue them again later.
 */
import { getBill, refreshBill, setBillSponsor, setLatestActionCategory } from '#shared/adapters/db/bills.repository.ts';
import { insertActions, listActions, actionSk } from '#shared/adapters/db/actions.repository.ts';
import { saveCosponsors } from '#shared/adapters/db/cosponsors.repository.ts';
import { forecastInputStored } from '#shared/adapters/db/forecast-inputs.repository.ts';
import { bioguideIdsForLis } from '#shared/adapters/db/members.repository.ts';
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { getVoteFetch, listBillVotes, noteVoteFetch, releaseVoteFetch, saveRollCall } from '#shared/adapters/db/votes.repository.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import { DOCUMENT_FETCH_CATEGORIES } from '#shared/domain/bills/action-categories.ts';
import { latestActionCategory } from '#shared/domain/bills/categorize-action.ts';
import * as congress from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { fetchRollCall } from '#shared/adapters/providers/roll-calls/roll-call.client.ts';
import { UnrecordedResponseError } from '#shared/adapters/providers/transport/provider-error.ts';
import { sendMessage, sendMessages } from '#shared/adapters/messaging/send.ts';
import { parseBillId } from '#shared/domain/bills/bill-id.ts';
import { actionFromProvider, cosponsorFromProvider, detailFields } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { rollCallFrom, voteIdOf } from '#shared/domain/votes/roll-call.ts';
import { rollCallXmlUrl } from '#shared/domain/votes/roll-call-source.ts';
import type { MissingVote } from '#shared/domain/votes/vote-fetch.ts';
import type { RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';
import type { ParsedVote } from '#shared/domain/votes/parsed-vote.schema.ts';
import { resolveSenateIds } from '#shared/adapters/providers/roll-calls/senate-vote.parser.ts';
import { updateBillStatus } from './status-tracking.ts';
import { milestoneAlert } from './milestone-alert.ts';
import { billAmendmentVotes, linkRollCall, linkStoredRollCalls } from '#shared/use-cases/amendments/amendment-votes.ts';
import type { ListedMilestone } from '#shared/adapters/messaging/messages.ts';
import { afterBillDetail } from './related-bills.ts';
import { noteCommitteeActivity } from '#shared/use-cases/committees/committee-activity.ts';
import { providerFields } from '#shared/domain/bills/provider-fields.ts';

/**
 * Bill detail: links the sponsor (bills are saved without one) and fills the
 * introduced date, policy area and congress.gov link; then queues the related
 * bills when their count changed and looks for reintroductions.
 */
/** An action that tells of an amendment (House floor and Senate wording alike). */
const AMENDMENT_ACTION = /\bamendment\b|\bS\.?\s?Amdt\.|\bSA \d+/i;

export async function fetchBillDetail(billId: string, now: Date) {
  if (!(await getDataSources()).congress_api.enabled) return { bill_id: billId, skipped: disabledByAdmin('congress_api') };
  const bill = await getBill(billId);
  if (!bill) return { bill_id: billId, skipped: 'unknown bill' };
  const { congress: c, type, number } = parseBillId(billId);
  const detail = await congress.getBillDetail(c, type, number);
  const fields = detailFields(detail);
  const needsRefresh =
    (!bill.introduced_date && fields.introduced_date) || (!bill.congress_gov_url && fields.congress_gov_url) || (!bill.policy_area && fields.policy_area);
  if (needsRefresh) {
    await refreshBill(billId, {
      ...providerFields(bill),
      policy_area: bill.policy_area ?? fields.policy_area,
      provenance: { source: bill.provenance.source, fetched_at: now.toISOString() },
      introduced_date: fields.introduced_date,
      congress_gov_url: fields.congress_gov_url,
    });
  }
  const linked = fields.sponsor ? await setBillSponsor(billId, fields.sponsor) : false;
  // The sponsor is stored (or the detail names none), and the forecast reads it: re-scored, a new bill once its
  // cosponsors are stored too (a task that dies between the two is retried whole; nightly forecast_bills is the net).
  await forecastInputStored(billId, 'sponsor');
  await sendMessage('ingest-tasks', { v: 1, type: 'score_bill_forecast', bill_id: billId });
  // Congress.gov counts more (or fewer) amendments than are stored: fetch them.
  const amendmentsListed = detail.amendments?.count ?? 0;
  const amendmentFetch = amendmentsListed !== (bill.amendment_summary?.count ?? 0);
  if (amendmentFetch) await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_amendments', bill_id: billId });
  // With the sponsor known: related bills when their count moved, and reintroductions (related-bills.ts).
  const related = await afterBillDetail(billId, detail, now);
  return { bill_id: billId, sponsor_linked: linked, metadata_filled: Boolean(needsRefresh), amendment_fetch_queued: amendmentFetch, ...related };
}

/**
 * Actions, every page. Only triples not stored yet are inserted (the key
 * condition guards races). When the bill already had actions, a new action of
 * a document category asks for a document fetch; new recorded votes ask for a
 * vote fetch; both are sent before the actions are stored (see the body). The
 * bill's status is then recomputed from all its actions, and a change of
 * status is announced before it is stored (status-tracking.ts). A
 * `milestone` handed over by the listing save is announced once: by that
 * status change when it made one, else as bill_updated (milestone-alert.ts).
 */
export async function fetchBillActions(billId: string, now: Date, milestone?: ListedMilestone, demo?: true) {
  if (!(await getDataSources()).congress_api.enabled) return { bill_id: billId, skipped: disabledByAdmin('congress_api') };
  const { congress: c, type, number } = parseBillId(billId);
  const [remote, stored, bill] = await Promise.all([congress.getBillActions(c, type, number), listActions(billId), getBill(billId)]);
  const known = new Set(stored.map(actionSk));
  const fresh = remote.map((a) => actionFromProvider(billId, a, now.toISOString())).filter((a) => !known.has(actionSk(a)));
  // Messages first, then the actions: a task that dies in between finds the same actions new when it is retried and
  // sends them again (both consumers skip what is stored), where inserting first would leave them seen and the sends lost.
  if (stored.length > 0 && fresh.some((a) => DOCUMENT_FETCH_CATEGORIES.has(a.category))) {
    await sendMessage('document-fetch', { v: 1, type: 'fetch_bill_text', bill_id: billId, reason: 'action', ...(demo ? { demo } : {}) });
  }
  // The vote fetch may run before the insert below: it is told the new actions' recorded votes, not left to find them.
  const freshVotes = fresh.flatMap((a) => a.recorded_votes);
  if (freshVotes.length > 0) await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_votes', bill_id: billId, votes: freshVotes.slice(0, 1000) });
  // An action about an amendment (offered, decided, printed): its records and its followers' alerts come from Congress.gov's amendments.
  if (fresh.some((a) => AMENDMENT_ACTION.test(a.action_text))) await sendMessage('ingest-tasks', { v: 1, type: 'fetch_bill_amendments', bill_id: billId });
  // Committee pages' referrals and reports, noted before the insert that would make a retry skip these actions.
  await noteCommitteeActivity(fresh);
  const inserted = await insertActions(fresh);
  // Every fresh action is stored now: by this task, or by a concurrent one when its insert found the key taken.
  // A demo replay's changes are announced as demo events (local/demo/demo-replay.ts).
  const mark = <E extends object>(event: E) => (demo ? { ...event, demo } : event);
  const status = bill ? await updateBillStatus(bill, [...stored, ...fresh], { now, send: (event) => sendMessage('notification-dispatch', mark(event)) }) : null;
  // After the status: one change, one alert. The hint rides on this message, so a retry decides again, the same way.
  const updated = bill && milestone ? milestoneAlert(billId, milestone, bill.status_timeline, Boolean(status?.event_id), now) : null;
  if (updated) await sendMessage('notification-dispatch', mark(updated));
  // A new status moves the forecast: re-scored now (a task that dies here leaves it to the nightly forecast_bills).
  if (status?.written) await sendMessage('ingest-tasks', mark({ v: 1 as const, type: 'score_bill_forecast' as const, bill_id: billId }));
  // The listing gave the bill its latest action's text alone; its action list categorised it with its type: one category for both.
  if (bill?.latest_action_date && bill.latest_action_text) {
    const latest = { date: bill.latest_action_date, text: bill.latest_action_text };
    const category = latestActionCategory(latest, [...stored, ...fresh]);
    if (category !== bill.latest_action_category) await setLatestActionCategory(billId, latest, category);
  }
  return {
    bill_id: billId,
    fetched: remote.length,
    inserted: inserted.length,
    status: status?.status ?? null,
    status_event: status?.event_id ?? null,
    milestone_event: updated?.event_id ?? null,
  };
}

/** Cosponsors, every page (rewriting the same items is harmless). */
export async function fetchBillCosponsors(billId: string) {
  if (!(await getDataSources()).congress_api.enabled) return { bill_id: billId, skipped: disabledByAdmin('congress_api') };
  const { congress: c, type, number } = parseBillId(billId);
  const cosponsors = (await congress.getBillCosponsors(c, type, number)).map((x) => cosponsorFromProvider(billId, x));
  await saveCosponsors(cosponsors);
  // The forecast reads cosponsors: re-scored now, a new bill once its sponsor is linked too (as the detail above).
  await forecastInputStored(billId, 'cosponsors');
  await sendMessage('ingest-tasks', { v: 1, type: 'score_bill_forecast', bill_id: billId });
  return { bill_id: billId, cosponsors: cosponsors.length };
}

/**
 * How long after a vote fetch stores roll calls the report cards they made
 * stale are computed: long enough that a floor session's run of roll calls
 * (or the offline demo's staggered fetches) makes one computation of each
 * card rather than one per roll call.
 */
const RECORDS_DELAY_SECONDS = 120;

/** A roll call from the House clerk or Senate LIS; null when the offline recording holds no record of it. */
async function rollCallOrAbsent(chamber: 'house' | 'senate', url: string): Promise<ParsedVote | null> {
  try {
    return await fetchRollCall(chamber, url);
  } catch (err) {
    // Offline, a roll call the recording lacks can never arrive: absent, not an error to retry until the DLQ.
    if (err instanceof UnrecordedResponseError) return null;
    throw err;
  }
}

/**
 * Roll calls named by the bill's recorded votes and its amendments' actions
 * that are not stored yet, each fetched from its XML address
 * (roll-call-source.ts) and linked to the amendments it belongs to
 * (shared/use-cases/amendments/amendment-votes.ts). The run is recorded on
 * the bill's vote-fetch item (when, and which votes it could not store and
 * why) before a failure is thrown for the queue to retry, so the votes view
 * says what happened instead of "being fetched". While the roll-call switch
 * is off, the claim of the bill's background vote fetch (B18) is released,
 * so its next votes view asks again.
 */
export async function fetchBillVotes(billId: string, now: Date, named: readonly RecordedVoteRef[] = []) {
  if (!(await getDataSources()).roll_calls.enabled) {
    await releaseVoteFetch(billId);
    return { bill_id: billId, skipped: disabledByAdmin('roll_calls') };
  }
  const [actions, votes, amendments, before] = await Promise.all([
    listActions(billId),
    listBillVotes(billId),
    billAmendmentVotes(billId),
    getVoteFetch(billId),
  ]);
  const have = new Set(votes.map((v) => v.vote_id));
  const refs = new Map([...actions.flatMap((a) => a.recorded_votes), ...named, ...amendments.refs].map((r) => [voteIdOf(r), r]));
  await linkStoredRollCalls(amendments.amendments, votes);
  let stored = 0;
  const missing: MissingVote[] = [];
  let failure: unknown;
  for (const [voteId, ref] of refs) {
    if (have.has(voteId)) continue;
    const url = rollCallXmlUrl(ref);
    let parsed: ParsedVote | null;
    try {
      parsed = await rollCallOrAbsent(ref.chamber, url);
    } catch (err) {
      failure ??= err;
      missing.push({ vote_id: voteId, reason: 'fetch_failed', detail: (err as Error).message });
      continue;
    }
    if (!parsed) {
      missing.push({ vote_id: voteId, reason: 'not_in_offline_data', detail: null });
      continue;
    }
    if (parsed.chamber === 'senate') parsed = resolveSenateIds(parsed, await bioguideIdsForLis(parsed.positions.flatMap((p) => (p.lis_id ? [p.lis_id] : []))));
    const { rollCall, positions } = rollCallFrom(parsed, billId, url, now.toISOString());
    await saveRollCall(rollCall, positions);
    await linkRollCall(amendments.amendments, rollCall, parsed.amendment);
    stored++;
  }
  // The report cards of the members these roll calls list are stale now: computed two minutes on, so one bill's several
  // roll calls (and other bills' fetched meanwhile) make one computation; the hourly job catches a lost message.
  if (stored > 0) await sendMessages('ingest-tasks', [{ body: { v: 1, type: 'compute_member_records' }, delaySeconds: RECORDS_DELAY_SECONDS }]);
  // A run that stored nothing and found what the last run found changes nothing (a redelivery, a nightly repeat).
  const same = before?.checked_at && stored === 0 && JSON.stringify(before.missing) === JSON.stringify(missing);
  if (!same) await noteVoteFetch(billId, now.toISOString(), missing);
  if (failure) throw failure;
  // One line for the task (the worker logs this result at info), not one error per retry.
  const unrecorded = missing.map((m) => m.vote_id);
  return { bill_id: billId, roll_calls: refs.size, stored, ...(unrecorded.length ? { not_recorded: unrecorded } : {}) };
}
