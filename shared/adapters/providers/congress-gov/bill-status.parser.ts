/**
 * GPO Bill Status XML (BILLSTATUS-*.xml, v3 and the legacy format) → the
 * bill (with the status and status timeline its actions give it, its short
 * title and policy area), its actions with recorded votes (the legacy
 * format's bill-level votes attached to their actions: ./bill-status-votes.ts),
 * cosponsors, related bills, text versions, CRS summaries, subjects, laws and
 * committee reports, in our record shapes. Used by `npm run cli -- parse
 * bill-status` and the bulk import (shared/use-cases/bills/import-bill-status.ts).
 */
import * as z from 'zod';
import { ProviderError, parsePayload } from '#shared/adapters/providers/transport/provider-error.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { billId, billLabel, chamberOfType } from '#shared/domain/bills/bill-id.ts';
import { categorizeAction, latestActionCategory } from '#shared/domain/bills/categorize-action.ts';
import { actionCommitteeCodes, withCommittees } from './action-committees.ts';
import { deriveStatus } from '#shared/domain/bills/status-timeline.ts';
import type { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { billTypeOf, congressGovBillUrl, relatedBillEntry } from './normalise-congress.ts';
import { stateCode } from '#shared/domain/members/state-codes.ts';
import { xmlParser } from '#shared/adapters/providers/transport/xml.ts';
import type { BillLaw, CrsSummary } from '#shared/domain/bills/bill-status-facts.schema.ts';
import type { SponsorSummary } from '#shared/domain/bills/bill.schema.ts';
import { partyCode } from '#shared/domain/members/party.ts';
import { attachBillLevelVotes } from './bill-status-votes.ts';

export const GOVINFO_BILLSTATUS = 'govinfo-billstatus';
/** Sections of the bill no record is made from, left unparsed: amendments alone are most of a large file. */
const UNREAD_SECTIONS = [
  'amendments',
  'committees',
  'cboCostEstimates',
  'notes',
  'calendarNumbers',
  'constitutionalAuthorityStatementText',
  'actionTypeCounts',
  'actionByCounts',
];
const items = <T extends z.ZodType>(item: T) =>
  z
    .union([z.object({ item: z.array(item) }).passthrough(), z.literal('')])
    .optional()
    .transform((v) => (v && typeof v === 'object' ? v.item : []));
const opt = z.string().optional();

const RecordedVote = z.object({ rollNumber: z.string(), url: z.string(), chamber: z.string(), congress: z.string(), date: opt, sessionNumber: z.string() });
const RecordedVotes = z.union([z.object({ recordedVote: z.array(RecordedVote) }), z.literal('')]).optional();
/** v3 lists `summary` elements; the legacy format and the 115th's `billSummaries/item`. */
const Summary = z.object({ versionCode: opt, actionDate: opt, actionDesc: opt, updateDate: opt, lastSummaryUpdateDate: opt, name: opt, text: opt });
const Summaries = z
  .union([z.object({ summary: z.array(Summary).optional(), billSummaries: items(Summary) }), z.literal('')])
  .optional()
  .transform((v) => (v && typeof v === 'object' ? [...(v.summary ?? []), ...v.billSummaries] : []));
const SubjectList = z.union([z.object({ item: z.array(z.object({ name: z.string() }).passthrough()) }), z.literal('')]).optional();
const SubjectLists = z.object({ legislativeSubjects: SubjectList, otherSubjects: SubjectList }).passthrough();
const Subjects = z.union([SubjectLists.extend({ billSubjects: z.union([SubjectLists, z.literal('')]).optional() }), z.literal('')]).optional();
const Named = z.union([z.object({ name: z.string() }).passthrough(), z.literal('')]).optional();
const Action = z.object({
  actionDate: z.string(),
  text: z.string(),
  type: opt,
  actionCode: opt,
  recordedVotes: RecordedVotes,
  // The legacy layout's <committee>, today's <committees> (left unparsed with the bill's own committees section).
  committee: z.unknown().optional(),
  committees: z.unknown().optional(),
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
  policyArea: Named,
  primarySubject: Named,
  titles: items(z.object({ titleType: opt, title: opt }).passthrough()),
  summaries: Summaries,
  subjects: Subjects,
  laws: items(z.object({ type: opt, number: opt }).passthrough()),
  committeeReports: z
    .union([z.object({ committeeReport: z.array(z.object({ citation: opt }).passthrough()) }), z.literal('')])
    .optional()
    .transform((v) => (v && typeof v === 'object' ? v.committeeReport : [])),
  recordedVotes: RecordedVotes,
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
    doc = xmlParser(['item', 'recordedVote', 'summary', 'committeeReport'], UNREAD_SECTIONS).parse(xml) as Record<string, unknown>;
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
  const listed: BillAction[] = b.actions.map((a) => ({
    bill_id: id,
    action_date: a.actionDate,
    action_text: a.text,
    category: categorizeAction(a.text, a.type),
    action_code: a.actionCode ?? null,
    action_type: a.type ?? null,
    recorded_votes: (a.recordedVotes ? a.recordedVotes.recordedVote : []).map(voteRef),
    ...withCommittees(actionCommitteeCodes([a.committee, a.committees])),
    provenance,
  }));
  const actions = attachBillLevelVotes(listed, (b.recordedVotes ? b.recordedVotes.recordedVote : []).map(voteRef));
  const latest = b.latestAction ?? (actions[0] ? { actionDate: actions[0].action_date, text: actions[0].action_text } : undefined);
  const derived = deriveStatus({ type, number, title: b.title }, actions);
  const shortTitle = shortTitleOf(b.titles);
  const cosponsors: Cosponsor[] = b.cosponsors.map((c) => ({
    bill_id: id,
    member_id: c.bioguideId,
    name: personName(c),
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
      short_title: shortTitle,
      sponsor_id: b.sponsors[0]?.bioguideId ?? null,
      sponsor: b.sponsors[0] ? sponsorOf(b.sponsors[0]) : null,
      policy_area: (b.policyArea && b.policyArea.name) || (b.primarySubject && b.primarySubject.name) || null,
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
    summaries: summariesOf(b.summaries),
    subjects: subjectsOf(b.subjects),
    laws: b.laws.flatMap((l): BillLaw[] => (l.number ? [{ type: l.type ?? 'Public Law', number: l.number }] : [])),
    committee_reports: [...new Set(b.committeeReports.flatMap((r) => (r.citation ? [r.citation] : [])))],
    other_titles: otherTitles([b.title, shortTitle], b.titles),
  };
}

export type ParsedBillStatus = ReturnType<typeof parseBillStatus>;

function voteRef(v: z.infer<typeof RecordedVote>) {
  return {
    chamber: v.chamber.toLowerCase().startsWith('s') ? ('senate' as const) : ('house' as const),
    congress: Number(v.congress),
    session: Number(v.sessionNumber),
    roll_number: Number(v.rollNumber),
    date: v.date ?? null,
    url: v.url,
  };
}

/**
 * Every title the bill is listed under besides its official and short ones, once each (letter case aside): its short titles
 * through every stage, those of its portions (an omnibus carries the acts it enacts) and popular titles, so a search by
 * any name a reader knows finds it. Official titles of later stages and display titles are variants of the official one.
 */
function otherTitles(own: (string | null)[], titles: { titleType?: string; title?: string }[]): string[] {
  const seen = new Set(own.flatMap((t) => (t ? [t.toLowerCase()] : [])));
  const out: string[] = [];
  for (const t of titles) {
    if (!t.title || !t.titleType || /official title|display title/i.test(t.titleType)) continue;
    const key = t.title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t.title);
  }
  return out;
}

/** The short title as introduced, else the first short title of the whole bill; null when there is none. */
function shortTitleOf(titles: { titleType?: string; title?: string }[]): string | null {
  const short = titles.filter((t) => t.title && t.titleType && /short title/i.test(t.titleType) && !/portions/i.test(t.titleType));
  return (short.find((t) => /introduced/i.test(t.titleType ?? '')) ?? short[0])?.title ?? null;
}

/** The sponsor summary; the legacy format gives party, state and district only inside fullName ("Rep. Meehan, Patrick [R-PA-7]"). */
function sponsorOf(p: z.infer<typeof Person>): SponsorSummary {
  const bracket = /\[([A-Z]+)-([A-Z]{2})(?:-(\d+|At Large))?\]/.exec(p.fullName ?? '');
  const district = p.district ?? bracket?.[3];
  return {
    id: p.bioguideId,
    name: personName(p),
    party: partyCode(p.party ?? bracket?.[1]),
    state: stateCode(p.state ?? bracket?.[2]),
    district: district && /^\d+$/.test(district) ? Number(district) : null,
  };
}

/**
 * 'Last, First'; the legacy format may give only fullName ("Rep. Miller, Jeff [R-FL-1]"), which is trimmed to that,
 * and gives the name parts in capitals ("BALDWIN", "TAMMY"), which take fullName's spelling ("Sen. Baldwin, Tammy
 * [D-WI]") as the Congress.gov API has it.
 */
function personName(p: z.infer<typeof Person>): string {
  if (p.lastName && p.firstName) {
    const plain = `${p.lastName}, ${p.firstName}`;
    const at = p.fullName?.toLowerCase().indexOf(plain.toLowerCase()) ?? -1;
    return p.fullName && at >= 0 ? p.fullName.slice(at, at + plain.length) : plain;
  }
  const full = p.fullName
    ?.replace(/\s*\[[^\]]*\]\s*$/, '')
    .replace(/^(Rep|Sen|Del|Resident Commissioner)\.?\s+/, '')
    .trim();
  return full || p.bioguideId;
}

/** CRS summaries carry HTML: paragraphs and line breaks become blank lines, every other tag is dropped. */
export function summaryText(html: string): string {
  return html
    .replace(/<\s*(\/p|br\s*\/?|\/li|\/ul)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

function summariesOf(summaries: z.infer<typeof Summary>[]): CrsSummary[] {
  const seen = new Set<string>();
  return summaries.flatMap((s) => {
    const text = summaryText(s.text ?? '');
    const version = s.versionCode ?? '00';
    const key = `${version}#${s.actionDate ?? ''}`;
    if (!text || seen.has(key)) return [];
    seen.add(key);
    return [
      {
        version_code: version,
        action_date: s.actionDate ? s.actionDate.slice(0, 10) : null,
        action_desc: s.actionDesc ?? s.name ?? null,
        updated_at: s.lastSummaryUpdateDate ?? s.updateDate ?? null,
        text,
      },
    ];
  });
}

function subjectsOf(subjects: z.infer<typeof Subjects>): string[] {
  if (!subjects) return [];
  const lists = [subjects, ...(subjects.billSubjects ? [subjects.billSubjects] : [])];
  const names = lists.flatMap((l) => [l.legislativeSubjects, l.otherSubjects].flatMap((x) => (x ? x.item.map((i) => i.name) : [])));
  return [...new Set(names)].sort();
}
