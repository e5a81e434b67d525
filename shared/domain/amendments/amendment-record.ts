/**
 * One amendment record from what a provider says of it (Bill Status XML or
 * the Congress.gov API): the id and label, the amended bill and amendment as
 * ids, the actions newest first (each once, text trimmed), the status by the
 * rule of ./amendment-status.ts, the House floor sequence its actions give,
 * and its latest action (the provider's, else the newest action).
 */
import { billId, billLabel, normaliseBillType } from '#shared/domain/bills/bill-id.ts';
import type { SponsorSummary } from '#shared/domain/bills/bill.schema.ts';
import { amendmentId, amendmentLabel, chamberOfAmendment, normaliseAmendmentType, type AmendmentType } from './amendment-id.ts';
import type { Amendment, AmendmentAction, AmendmentTextVersion } from './amendment.schema.ts';
import { amendmentStatus } from './amendment-status.ts';
import { houseSequence } from './amendment-votes.ts';

export interface AmendmentInput {
  congress: number;
  type: AmendmentType;
  number: number;
  sponsor: SponsorSummary | null;
  sponsor_committee?: string | null;
  cosponsor_count: number | null;
  purpose: string | null;
  description: string | null;
  amended_bill: { congress: number; type: string; number: number; title: string | null } | null;
  amended_amendment: { congress: number; type: string; number: number } | null;
  amended_treaty: { congress: number; number: number } | null;
  submitted_date: string | null;
  proposed_date: string | null;
  latest_action: { date: string; text: string } | null;
  actions: AmendmentAction[];
  text_versions: AmendmentTextVersion[];
  update_date: string | null;
  provenance: { source: string; fetched_at: string };
}

/** Text of a provider field: trimmed, null when empty. */
export const textOrNull = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

/** A provider's date or date-time as a date (midnight Eastern is 04:00 or 05:00 UTC, the same day). */
export const dateOnly = (s: string | null | undefined): string | null => (s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null);

const newestFirst = (a: AmendmentAction, b: AmendmentAction) =>
  b.action_date.localeCompare(a.action_date) || (b.action_time ?? '').localeCompare(a.action_time ?? '');

/** The record; see the header. */
export function amendmentRecord(input: AmendmentInput): Amendment {
  const seen = new Set<string>();
  const actions = input.actions
    .map((a) => ({ ...a, text: a.text.trim() }))
    .filter((a) => {
      const key = `${a.action_date}#${a.action_time ?? ''}#${a.text}`;
      if (!a.text || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(newestFirst);
  const latest = input.latest_action ? { date: input.latest_action.date, text: input.latest_action.text.trim() } : null;
  // Without actions (a detail read alone), the latest action is the one the status can be read from.
  const { status, status_date } = amendmentStatus(actions.length ? actions : latest ? [{ action_date: latest.date, text: latest.text }] : []);
  const billType = input.amended_bill ? normaliseBillType(input.amended_bill.type) : null;
  const amendedType = input.amended_amendment ? normaliseAmendmentType(input.amended_amendment.type) : null;
  return {
    id: amendmentId(input.congress, input.type, input.number),
    congress: input.congress,
    type: input.type,
    number: input.number,
    label: amendmentLabel(input.type, input.number),
    chamber: chamberOfAmendment(input.type),
    sponsor_id: input.sponsor?.id ?? null,
    sponsor: input.sponsor,
    sponsor_committee: textOrNull(input.sponsor_committee),
    cosponsor_count: input.cosponsor_count,
    purpose: textOrNull(input.purpose),
    description: textOrNull(input.description),
    amended_bill_id: input.amended_bill && billType ? billId(input.amended_bill.congress, billType, input.amended_bill.number) : null,
    amended_bill_label: input.amended_bill && billType ? billLabel(billType, input.amended_bill.number) : null,
    amended_bill_title: textOrNull(input.amended_bill?.title),
    amended_amendment_id:
      input.amended_amendment && amendedType ? amendmentId(input.amended_amendment.congress, amendedType, input.amended_amendment.number) : null,
    amended_treaty: input.amended_treaty,
    house_sequence: input.type === 'hamdt' ? houseSequence([...(latest ? [latest.text] : []), ...actions.map((a) => a.text)]) : null,
    submitted_date: input.submitted_date,
    proposed_date: input.proposed_date,
    status,
    status_date,
    latest_action: latest ?? (actions[0] ? { date: actions[0].action_date, text: actions[0].text } : null),
    actions,
    text_versions: input.text_versions,
    update_date: input.update_date,
    provenance: input.provenance,
  };
}
