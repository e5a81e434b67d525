/**
 * GPO Bill Status XML (BILLSTATUS-*.xml, v3 and the legacy format) → the
 * bill (with the status and status timeline its actions give it), its
 * actions with recorded votes, cosponsors, related bills and text versions, in our record
 * shapes. Used by `npm run cli -- parse bill-status` and backfills.
 */
import * as z from 'zod';
import { ProviderError, parsePayload } from '#shared/providers/transport/provider-error.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { billId, billLabel, chamberOfType } from '#shared/domain/bills/bill-id.ts';
import { categorizeAction, latestActionCategory } from '#shared/domain/bills/categorize-action.ts';
import { deriveStatus } from '#shared/domain/bills/status-timeline.ts';
import type { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { billTypeOf, congressGovBillUrl, relatedBillEntry } from './normalise-congress.ts';
import { stateCode } from '#shared/domain/members/state-codes.ts';
import { xmlParser } from '#shared/providers/transport/xml.ts';

export const GOVINFO_BILLSTATUS = 'govinfo-billstatus';
const items = <T extends z.ZodType>(item: T) =>
  z
    .union([z.object({ item: z.array(item) }).passthrough(), z.literal('')])
    .optional()
    .transform((v) => (v && typeof v === 'object' ? v.item : []));
const opt = z.string().optional();

const RecordedVote = z.object({ rollNumber: z.string(), url: z.string(), chamber: z.string(), congress: z.string(), date: opt, sessionNumber: z.string() });
const Action = z.object({
  actionDate: z.string(),
  text: z.string(),
  type: opt,
  actionCode: opt,
  recordedVotes: z.union([z.object({ recordedVote: z.array(RecordedVote) }), z.literal('')]).optional(),
});
const Person = z.object({
  bioguideId: z.string(),
  firstName: opt,
  lastName: opt,
  fullName: opt,
  party: opt,
  state: opt,
  district: opt,
  sponsorshipDate: opt,
  isOriginalCosponsor: opt,
  sponsorshipWithdrawnDate: opt,
});
const TextVersion = z.object({ type: z.string(), date: opt, formats: items(z.object({ url: z.string() })) });
const RelatedBill = z.object({
  title: opt,
  congress: z.string().regex(/^\d+$/),
  number: z.string().regex(/^\d+$/),
  type: z.string(),
  relationshipDetails: items(z.object({ type: z.string(), identifiedBy: z.string() })),
});
const BillNode = z.object({
  number: opt,
  billNumber: opt,
  type: opt,
  billType: opt,
  congress: z.string().regex(/^\d+$/),
  title: z.string().min(1),
  introducedDate: opt,
  originChamber: opt,
  updateDate: opt,
  policyArea: z.union([z.object({ name: z.string() }), z.literal('')]).optional(),
  sponsors: items(Person),
  cosponsors: items(Person),
  actions: items(Action),
  textVersions: items(TextVersion),
  relatedBills: items(RelatedBill),
  latestAction: z.object({ actionDate: z.string(), text: z.string() }).optional(),
});

/** Parses one Bill Status document into {bill, actions, cosponsors, text_versions}. */
export function parseBillStatus(xml: string, fetchedAt = new Date().toISOString()) {
  let doc: Record<string, unknown>;
  try {
    doc = xmlParser(['item', 'recordedVote']).parse(xml) as Record<string, unknown>;
  } catch (err) {
    throw new ProviderError(GOVINFO_BILLSTATUS, `not well-formed XML: ${(err as Error).message}`, { cause: err });
  }
  const b = parsePayload(GOVINFO_BILLSTATUS, 'bill status', z.object({ billStatus: z.object({ bill: BillNode }) }), doc).billStatus.bill;
  const rawType = b.type ?? b.billType;
  const rawNumber = b.number ?? b.billNumber;
  if (!rawType || !rawNumber || !/^\d+$/.test(rawNumber))
    throw new ProviderError(GOVINFO_BILLSTATUS, 'malformed bill status: field billStatus.bill.number/type: missing', { field: 'billStatus.bill.number' });
  const type = billTypeOf(rawType);
  const congress = Number(b.congress);
  const number = Number(rawNumber);
  const id = billId(congress, type, number);
  const provenance = { source: 'govinfo bill status', fetched_at: fetchedAt };
  const actions: BillAction[] = b.actions.map((a) => ({
    bill_id: id,
    action_date: a.actionDate,
    action_text: a.text,
    category: categorizeAction(a.text, a.type),
    action_code: a.actionCode ?? null,
    action_type: a.type ?? null,
    recorded_votes: (a.recordedVotes ? a.recordedVotes.recordedVote : []).map((v) => ({
      chamber: v.chamber.toLowerCase().startsWith('s') ? ('senate' as const) : ('house' as const),
      congress: Number(v.congress),
      session: Number(v.sessionNumber),
      roll_number: Number(v.rollNumber),
      date: v.date ?? null,
      url: v.url,
    })),
    provenance,
  }));
  const latest = b.latestAction ?? (actions[0] ? { actionDate: actions[0].action_date, text: actions[0].action_text } : undefined);
  const derived = deriveStatus({ type, number, title: b.title }, actions);
  const cosponsors: Cosponsor[] = b.cosponsors.map((c) => ({
    bill_id: id,
    member_id: c.bioguideId,
    name: c.lastName && c.firstName ? `${c.lastName}, ${c.firstName}` : (c.fullName ?? c.bioguideId),
    party: c.party ?? null,
    state: stateCode(c.state),
    district: c.district && /^\d+$/.test(c.district) ? Number(c.district) : null,
    sponsorship_date: c.sponsorshipDate ?? null,
    is_original: c.isOriginalCosponsor === 'True' || c.isOriginalCosponsor === 'true',
    withdrawn_date: c.sponsorshipWithdrawnDate ?? null,
  }));
  return {
    bill: {
      id,
      congress,
      type,
      number,
      label: billLabel(type, number),
      title: b.title,
      chamber: b.originChamber ? (b.originChamber.toLowerCase().startsWith('s') ? 'senate' : 'house') : chamberOfType(type),
      introduced_date: b.introducedDate ?? null,
      sponsor_id: b.sponsors[0]?.bioguideId ?? null,
      policy_area: b.policyArea ? b.policyArea.name : null,
      latest_action_date: latest?.actionDate ?? null,
      latest_action_text: latest?.text ?? null,
      latest_action_category: latest ? latestActionCategory({ date: latest.actionDate, text: latest.text }, actions) : null,
      congress_gov_url: congressGovBillUrl(congress, type, number),
      update_date: b.updateDate ?? null,
      status: derived.status,
      status_timeline: derived.timeline,
      provenance,
    },
    actions,
    cosponsors,
    related_bills: b.relatedBills.flatMap(
      (r) =>
        relatedBillEntry({ congress: Number(r.congress), number: Number(r.number), type: r.type, title: r.title, relationships: r.relationshipDetails }) ?? [],
    ),
    text_versions: b.textVersions.map((t) => ({ label: t.type, date: t.date ? t.date.slice(0, 10) : null, urls: t.formats.map((f) => f.url) })),
  };
}
