/**
 * Congress.gov API v3 amendment payloads → our amendment record: the detail,
 * and when fetched its actions (every page) and text versions. Without the
 * actions (a detail file read alone, as `npm run cli -- parse
 * congress-gov-amendment` does) the status is read from the latest action.
 */
import { ProviderError, parseJsonBody, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import { normaliseAmendmentType } from '#shared/domain/amendments/amendment-id.ts';
import type { Amendment } from '#shared/domain/amendments/amendment.schema.ts';
import { amendmentRecord, dateOnly } from '#shared/domain/amendments/amendment-record.ts';
import { AmendmentDetail, type AmendmentActionItem, type AmendmentTextItem } from './amendment.schema.ts';
import { recordedVote } from './normalise-congress.ts';
import { sponsorOf } from './person-name.ts';

const CONGRESS_GOV = 'congress-gov';
const SOURCE = 'congress.gov';

/** The record of one amendment from its detail and, when fetched, its actions and text versions. */
export function amendmentFromCongressGov(
  a: AmendmentDetail,
  fetched: { actions?: AmendmentActionItem[]; texts?: AmendmentTextItem[] },
  fetchedAt: string,
): Amendment {
  const type = normaliseAmendmentType(a.type);
  if (!type)
    throw new ProviderError(CONGRESS_GOV, `malformed amendment detail: field amendment.type: unknown amendment type "${a.type}"`, { field: 'amendment.type' });
  return amendmentRecord({
    congress: a.congress,
    type,
    number: a.number,
    sponsor: a.sponsors?.[0] ? sponsorOf(a.sponsors[0]) : null,
    cosponsor_count: a.cosponsors?.count ?? null,
    purpose: a.purpose ?? null,
    description: a.description ?? null,
    amended_bill: a.amendedBill
      ? { congress: a.amendedBill.congress, type: a.amendedBill.type, number: a.amendedBill.number, title: a.amendedBill.title ?? null }
      : null,
    amended_amendment: a.amendedAmendment ? { congress: a.amendedAmendment.congress, type: a.amendedAmendment.type, number: a.amendedAmendment.number } : null,
    amended_treaty: a.amendedTreaty ? { congress: a.amendedTreaty.congress, number: a.amendedTreaty.treatyNumber } : null,
    submitted_date: dateOnly(a.submittedDate),
    proposed_date: dateOnly(a.proposedDate),
    latest_action: a.latestAction ? { date: a.latestAction.actionDate, text: a.latestAction.text } : null,
    actions: (fetched.actions ?? []).map((x) => ({
      action_date: x.actionDate,
      action_time: x.actionTime ?? null,
      text: x.text,
      action_code: x.actionCode === undefined || x.actionCode === null ? null : String(x.actionCode),
      source: x.sourceSystem?.name ?? null,
      recorded_votes: (x.recordedVotes ?? []).map(recordedVote),
    })),
    text_versions: (fetched.texts ?? [])
      .map((t) => ({ type: t.type, date: dateOnly(t.date), formats: t.formats.map((f) => ({ type: f.type, url: f.url })) }))
      .sort((x, y) => (y.date ?? '').localeCompare(x.date ?? '')),
    update_date: a.updateDate ?? null,
    provenance: { source: SOURCE, fetched_at: fetchedAt },
  });
}

/** One amendment detail payload (JSON text) as our record; a malformed payload throws a ProviderError naming the field. */
export function parseCongressGovAmendment(text: string, fetchedAt = new Date().toISOString()): Amendment {
  const detail = parsePayload(CONGRESS_GOV, 'amendment detail', AmendmentDetail, parseJsonBody(CONGRESS_GOV, 'amendment detail', text)).amendment;
  return amendmentFromCongressGov(detail, {}, fetchedAt);
}
