/**
 * Congress.gov payloads → our records: bills, actions (with their recorded
 * votes), cosponsors, members and text-version candidates. Pure functions;
 * the provider schemas have already checked the shapes.
 */
import type * as S from './congress-gov.schema.ts';
import type { BillAction, RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';
import type { Bill, BillType } from '#shared/domain/bills/bill.schema.ts';
import { NOT_SCORED, type Member, type MemberTerm } from '#shared/domain/members/member.schema.ts';
import { billId, billLabel, chamberOfType, normaliseBillType } from '#shared/domain/bills/bill-id.ts';
import { categorizeAction } from '#shared/domain/bills/categorize-action.ts';
import { actionCommitteeCodes, withCommittees } from './action-committees.ts';
import { INITIAL_STATUS } from '#shared/domain/bills/bill-status.ts';
import type { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { partyCode } from '#shared/domain/members/party.ts';
import { stateCode } from '#shared/domain/members/state-codes.ts';
import type { TextFormat } from '#shared/domain/bills/text-version.schema.ts';
import { sortRelationships, type RelatedBillEntry } from '#shared/domain/bills/related-bills.ts';
import { congressOrdinal } from '#shared/domain/bills/reintroduction.ts';

export const CONGRESS_GOV_SOURCE = 'congress.gov';

const URL_SLUGS: Record<BillType, string> = {
  hr: 'house-bill',
  s: 'senate-bill',
  hjres: 'house-joint-resolution',
  sjres: 'senate-joint-resolution',
  hconres: 'house-concurrent-resolution',
  sconres: 'senate-concurrent-resolution',
  hres: 'house-resolution',
  sres: 'senate-resolution',
};

/** The public congress.gov page of a bill. */
export const congressGovBillUrl = (congress: number, type: BillType, number: number) =>
  `https://www.congress.gov/bill/${congressOrdinal(congress)}-congress/${URL_SLUGS[type]}/${number}`;

/** Our bill type of a provider type, or an error naming it (a type we cannot store is a malformed payload). */
export function billTypeOf(raw: string): BillType {
  const type = normaliseBillType(raw);
  if (!type) throw new Error(`congress-gov: unknown bill type "${raw}"`);
  return type;
}

/** A bill first seen in the "updated since" listing: saved at once, sponsor to be linked later. */
export function billFromListItem(item: S.BillListItem, fetchedAt: string): Bill {
  const type = billTypeOf(item.type);
  const latestText = item.latestAction?.text ?? null;
  return {
    id: billId(item.congress, type, item.number),
    congress: item.congress,
    type,
    number: item.number,
    label: billLabel(type, item.number),
    title: item.title,
    short_title: null,
    chamber: item.originChamber?.toLowerCase().startsWith('s') ? 'senate' : item.originChamber ? 'house' : chamberOfType(type),
    introduced_date: null,
    sponsor_id: null,
    sponsor: null,
    bill_category: null,
    policy_area: null,
    latest_action_date: item.latestAction?.actionDate ?? null,
    latest_action_text: latestText,
    latest_action_category: latestText ? categorizeAction(latestText) : null,
    congress_gov_url: congressGovBillUrl(item.congress, type, item.number),
    has_document: false,
    document_status: 'no_text',
    topic_tags: [],
    update_date: item.updateDate,
    // Set when it is first stored, and moved by changes of its content (shared/adapters/db/content-version.ts).
    updated_at: null,
    // Actions come later (an ingest task), and set the status from them.
    status: INITIAL_STATUS,
    status_timeline: [],
    provenance: { source: CONGRESS_GOV_SOURCE, fetched_at: fetchedAt },
  };
}

/** The metadata a bill detail adds: introduced date, policy area, link, sponsor. */
export function detailFields(detail: S.BillDetail) {
  const type = billTypeOf(detail.type);
  const sponsor = detail.sponsors?.[0];
  return {
    introduced_date: detail.introducedDate ?? null,
    policy_area: detail.policyArea?.name ?? null,
    congress_gov_url: detail.legislationUrl ?? congressGovBillUrl(detail.congress, type, detail.number),
    sponsor: sponsor
      ? {
          id: sponsor.bioguideId,
          name: sponsor.lastName && sponsor.firstName ? `${sponsor.lastName}, ${sponsor.firstName}` : (sponsor.fullName ?? sponsor.bioguideId),
          party: sponsor.party ?? null,
          state: stateCode(sponsor.state),
          district: sponsor.district ?? null,
        }
      : null,
  };
}

/** How many related bills the detail says Congress.gov lists (0 when it names none). */
export const relatedBillsCount = (detail: S.BillDetail): number => detail.relatedBills?.count ?? 0;

/**
 * One related bill of a provider listing (the API's relatedbills or Bill
 * Status XML's <relatedBills>) as our entry; null for a bill type we do not
 * store, so one odd entry never fails the whole listing.
 */
export function relatedBillEntry(raw: {
  congress: number;
  number: number;
  type: string;
  title?: string | null;
  relationships: { type: string; identifiedBy: string }[];
}): RelatedBillEntry | null {
  const type = normaliseBillType(raw.type);
  if (!type || !Number.isInteger(raw.number) || raw.number < 1) return null;
  return {
    bill_id: billId(raw.congress, type, raw.number),
    congress: raw.congress,
    label: billLabel(type, raw.number),
    title: raw.title?.trim() || billLabel(type, raw.number),
    relationships: sortRelationships(raw.relationships.map((r) => ({ type: r.type.trim(), identified_by: r.identifiedBy.trim() }))),
  };
}

/** The related bills of a relatedbills listing, each once (a bill listed twice has its relationships merged). */
export function relatedBillsFromProvider(items: S.RelatedBillItem[]): RelatedBillEntry[] {
  const byId = new Map<string, RelatedBillEntry>();
  for (const item of items) {
    const entry = relatedBillEntry({ ...item, relationships: item.relationshipDetails });
    if (!entry) continue;
    const seen = byId.get(entry.bill_id);
    byId.set(entry.bill_id, seen ? { ...seen, relationships: sortRelationships([...seen.relationships, ...entry.relationships]) } : entry);
  }
  return [...byId.values()];
}

export function recordedVote(v: S.Action['recordedVotes'] extends (infer T)[] | undefined ? T : never): RecordedVoteRef {
  return {
    chamber: v.chamber.toLowerCase().startsWith('s') ? 'senate' : 'house',
    congress: v.congress,
    session: v.sessionNumber,
    roll_number: v.rollNumber,
    date: v.date ?? null,
    url: v.url,
  };
}

/** One provider action as our BillAction. */
export function actionFromProvider(bill: string, a: S.Action, fetchedAt: string): BillAction {
  return {
    bill_id: bill,
    action_date: a.actionDate,
    action_text: a.text,
    category: categorizeAction(a.text, a.type),
    action_code: a.actionCode === undefined || a.actionCode === null ? null : String(a.actionCode),
    action_type: a.type ?? null,
    recorded_votes: (a.recordedVotes ?? []).map(recordedVote),
    ...withCommittees(actionCommitteeCodes(a.committees)),
    provenance: { source: a.sourceSystem?.name ? `${CONGRESS_GOV_SOURCE} (${a.sourceSystem.name})` : CONGRESS_GOV_SOURCE, fetched_at: fetchedAt },
  };
}

/** One provider cosponsor as our Cosponsor. */
export function cosponsorFromProvider(bill: string, c: S.CosponsorItem): Cosponsor {
  const name = c.lastName && c.firstName ? `${c.lastName}, ${c.firstName}` : (c.fullName ?? c.bioguideId);
  return {
    bill_id: bill,
    member_id: c.bioguideId,
    name,
    party: c.party ?? null,
    state: stateCode(c.state),
    district: c.district ?? null,
    sponsorship_date: c.sponsorshipDate ?? null,
    is_original: c.isOriginalCosponsor ?? false,
    withdrawn_date: c.sponsorshipWithdrawnDate ?? null,
  };
}

const chamberOfTerm = (c: string): 'house' | 'senate' => (c.toLowerCase().startsWith('senate') ? 'senate' : 'house');

/**
 * A member from the Congress.gov member list: state normalised, district from
 * the top-level field, as given (null when absent; sync_members may fill it
 * from the legislators dataset, and seats.ts decides at-large from the data).
 */
export function memberFromListItem(m: S.MemberListItem, fetchedAt: string): Member {
  const state = stateCode(m.state);
  if (!state) throw new Error(`congress-gov: member ${m.bioguideId}: unknown state "${m.state}"`);
  const terms = m.terms && !Array.isArray(m.terms) ? m.terms.item : [];
  const last = terms[terms.length - 1];
  const chamber = last ? chamberOfTerm(last.chamber) : m.district !== undefined && m.district !== null ? 'house' : null;
  const [lastName, firstName] = m.name.split(',').map((s) => s.trim());
  return {
    id: m.bioguideId,
    name: m.name,
    first_name: firstName ?? null,
    last_name: lastName ?? null,
    nickname: null,
    state,
    district: chamber === 'house' ? (m.district ?? null) : null,
    chamber,
    party: partyCode(m.partyName),
    photo_url: m.depiction?.imageUrl ?? null,
    office_address: null,
    phone: null,
    website: null,
    congress_gov_url: `https://www.congress.gov/member/${m.bioguideId.toLowerCase()}/${m.bioguideId}`,
    lis_id: null,
    birth_year: null,
    terms: [],
    // A sitting member's current term is open in the list; one that ended means the member has left.
    in_office: !last || last.endYear === undefined || last.endYear === null,
    leadership_roles: [],
    sponsored_count: null,
    cosponsored_count: null,
    enriched_at: null,
    chaired_committees: null,
    ...NOT_SCORED,
    updated_at: null,
    provenance: { source: CONGRESS_GOV_SOURCE, fetched_at: fetchedAt },
  };
}

/** The party a member belonged to in a year, from the detail's party history (the newest change not after it). */
function partyInYear(history: S.MemberDetail['partyHistory'], year: number | null): string | null {
  const changes = [...(history ?? [])].sort((a, b) => (a.startYear ?? 0) - (b.startYear ?? 0));
  const entry = changes.filter((p) => year === null || p.startYear === null || p.startYear === undefined || p.startYear <= year).at(-1) ?? changes[0];
  return entry ? partyCode(entry.partyAbbreviation ?? entry.partyName) : null;
}

/** The first-view enrichment of a member from its detail. */
export function enrichmentFromDetail(d: S.MemberDetail, at: string) {
  const terms: MemberTerm[] = (d.terms ?? []).map((t) => ({
    chamber: chamberOfTerm(t.chamber),
    congress: t.congress ?? null,
    start_year: t.startYear ?? null,
    end_year: t.endYear ?? null,
    state: stateCode(t.stateCode),
    district: t.district ?? null,
    party: partyInYear(d.partyHistory, t.startYear ?? null),
  }));
  const address = d.addressInformation;
  return {
    birth_year: d.birthYear ?? null,
    terms,
    leadership_roles: (d.leadership ?? []).map((l) => ({ title: l.type, congress: l.congress ?? null, current: l.current ?? false })),
    sponsored_count: d.sponsoredLegislation?.count ?? null,
    cosponsored_count: d.cosponsoredLegislation?.count ?? null,
    enriched_at: at,
    photo_url: d.depiction?.imageUrl ?? undefined,
    office_address: address?.officeAddress ? [address.officeAddress, address.city, address.district, address.zipCode].filter(Boolean).join(', ') : undefined,
    phone: address?.phoneNumber ?? undefined,
    website: d.officialWebsiteUrl ?? undefined,
  };
}

/**
 * A member from its Congress.gov detail, for one not in the member list (a
 * sponsor who has left): state, chamber and district from its last term, the
 * party from its party history; null when the detail names no known state.
 */
export function memberFromDetail(d: S.MemberDetail, at: string): Member | null {
  const enrichment = enrichmentFromDetail(d, at);
  const last = enrichment.terms.at(-1);
  const state = stateCode(d.state) ?? last?.state ?? null;
  if (!state) return null;
  const chamber = last?.chamber ?? (d.district !== undefined && d.district !== null ? 'house' : null);
  const name = d.invertedOrderName ?? [d.lastName, d.firstName].filter(Boolean).join(', ');
  return {
    id: d.bioguideId,
    name: name || d.bioguideId,
    first_name: d.firstName ?? null,
    last_name: d.lastName ?? null,
    nickname: null,
    state,
    district: chamber === 'house' ? (d.district ?? last?.district ?? null) : null,
    chamber,
    party: partyInYear(d.partyHistory, null),
    photo_url: enrichment.photo_url ?? null,
    office_address: enrichment.office_address ?? null,
    phone: enrichment.phone ?? null,
    website: enrichment.website ?? null,
    congress_gov_url: `https://www.congress.gov/member/${d.bioguideId.toLowerCase()}/${d.bioguideId}`,
    updated_at: null,
    lis_id: null,
    birth_year: enrichment.birth_year,
    terms: enrichment.terms,
    // The detail says whether the member sits now; a closed last term says it too.
    in_office: d.currentMember ?? (last ? last.end_year === null : true),
    leadership_roles: enrichment.leadership_roles,
    sponsored_count: enrichment.sponsored_count,
    cosponsored_count: enrichment.cosponsored_count,
    enriched_at: at,
    chaired_committees: null,
    ...NOT_SCORED,
    provenance: { source: CONGRESS_GOV_SOURCE, fetched_at: at },
  };
}

export interface TextCandidate {
  version_code: string;
  label: string;
  published_date: string | null;
  /** Formats on offer, best first. */
  formats: TextFormat[];
  source_url: string;
}

const FORMAT_PREFERENCE: [string, TextFormat][] = [
  ['United States Legislative Markup', 'uslm'],
  ['Formatted XML', 'xml'],
  ['Formatted Text', 'htm'],
];

/** The version code in a GPO file name: BILLS-119hr1enr_uslm.xml → enr; PLAW-… → pl. */
export function versionCodeOf(url: string): string | null {
  if (/\/PLAW-/i.test(url)) return 'pl';
  return /BILLS-\d+[a-z]+\d+([a-z]+)(?:_uslm)?\.\w+$/i.exec(url)?.[1]?.toLowerCase() ?? null;
}

/** Text versions worth fetching: one candidate per bill version (public-law prints are left to GovInfo's PLAW collection). */
export function textCandidates(versions: S.TextVersionItem[]): TextCandidate[] {
  const out: TextCandidate[] = [];
  for (const v of versions) {
    const code = v.formats.map((f) => versionCodeOf(f.url)).find((c): c is string => Boolean(c));
    if (!code || code === 'pl') continue;
    const formats = FORMAT_PREFERENCE.filter(([name]) => v.formats.some((f) => f.type === name)).map(([, f]) => f);
    if (formats.length === 0) continue;
    out.push({ version_code: code, label: v.type, published_date: v.date ? v.date.slice(0, 10) : null, formats, source_url: v.formats[0]?.url ?? '' });
  }
  return out;
}
