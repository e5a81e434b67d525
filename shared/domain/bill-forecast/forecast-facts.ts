/**
 * A stored bill as the forecast model reads it: the service's records (the
 * bill, its sponsor's member record with terms, its cosponsors, actions and
 * related bills) turned into the model's input record (BillFacts, the
 * bill-outcomes dataset's fields at introduction) and the cosponsors it has
 * now. Which stored field feeds which input, and what is approximated, is
 * listed in docs/bill-forecasts.md; `unknown` names the
 * inputs the service did not hold, which the model reads as missing.
 */
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { chamberOfType } from '#shared/domain/bills/bill-id.ts';
import type { Cosponsor } from '#shared/domain/bills/cosponsor.schema.ts';
import { IDENTICAL_BILL, type Relationship } from '#shared/domain/bills/related-bills.ts';
import type { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import type { CosponsorsNow } from '#shared/domain/forecast/forecast.ts';
import { chamberMajority } from '#shared/domain/forecast/political-calendar.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { referralCommittees, type ReferralAction } from './referral-committees.ts';

/**
 * The inputs a new bill's first fetches bring after the bill itself: its
 * sponsor (the bill detail) and its cosponsors. Until both are stored, a
 * forecast would read a sponsor or cosponsors the bill does not lack, and
 * the next one, scored with them, would tell followers of a jump that is
 * only the fetch arriving.
 */
export const FETCHED_INPUTS = ['sponsor', 'cosponsors'] as const;
export type FetchedInput = (typeof FETCHED_INPUTS)[number];

/** The stored records one bill's forecast reads (docs/data-model.md F1). */
export interface StoredBill {
  bill: Pick<
    Bill,
    | 'id'
    | 'congress'
    | 'type'
    | 'number'
    | 'title'
    | 'short_title'
    | 'introduced_date'
    | 'policy_area'
    | 'sponsor_id'
    | 'sponsor'
    | 'status'
    | 'status_timeline'
  >;
  /** The sponsor's member record; null when the sponsor is not stored (or not known). */
  sponsor: Pick<Member, 'party' | 'terms' | 'chaired_committees'> | null;
  cosponsors: readonly Pick<Cosponsor, 'party' | 'is_original' | 'withdrawn_date'>[];
  actions: readonly (ReferralAction & { action_date: string })[];
  related: readonly { congress: number; relationships: readonly Relationship[] }[];
  /** The fetched inputs of a new bill not stored yet (none for a bill whose first fetches are done, or stored before they were tracked). */
  pendingInputs?: readonly FetchedInput[];
}

/** An input the model reads as missing, because the service did not hold it. */
export const UNKNOWN_INPUTS = ['sponsor', 'sponsor_party', 'seniority', 'committee_chair', 'policy_area', 'committees'] as const;
export type UnknownInput = (typeof UNKNOWN_INPUTS)[number];

export interface ForecastFacts {
  facts: BillFacts;
  cosponsorsNow: CosponsorsNow;
  unknown: UnknownInput[];
}

/** House seats held by a delegate (Del) or the Resident Commissioner of Puerto Rico (Com). */
const DELEGATE_SEATS: Record<string, 'Del' | 'Com'> = { DC: 'Del', GU: 'Del', VI: 'Del', AS: 'Del', MP: 'Del', PR: 'Com' };

const DAY_MS = 86_400_000;
/** Terms begin and end on 3 January (stored terms carry years only). */
const termDay = (year: number) => Date.parse(`${year}-01-03`);
const firstYear = (congress: number) => 1787 + 2 * congress;

/**
 * Years served in the chamber before `introduced`: the union of the
 * member's terms there (a term without years spans its Congress), each
 * from 3 January of its first year to 3 January of its last.
 */
export function seniorityYears(terms: Member['terms'], chamber: 'house' | 'senate', introduced: string): number | null {
  if (terms.length === 0) return null;
  const at = Date.parse(introduced);
  const spans = terms
    .filter((t) => t.chamber === chamber)
    .flatMap((t) => {
      const start = t.start_year ?? (t.congress === null ? null : firstYear(t.congress));
      if (start === null) return [];
      const end = t.end_year ?? (t.congress === null ? null : firstYear(t.congress) + 2);
      return [[termDay(start), Math.min(end === null ? at : termDay(end), at)] as const];
    })
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  // Terms only in the other chamber: none served in this one yet.
  if (spans.length === 0) return terms.some((t) => t.chamber === chamber && t.start_year === null && t.congress === null) ? null : 0;
  let days = 0;
  let reach = -Infinity;
  for (const [s, e] of spans) {
    const from = Math.max(s, reach);
    if (e > from) days += (e - from) / DAY_MS;
    reach = Math.max(reach, e);
  }
  return Math.round((days / 365.25) * 10) / 10;
}

/** The sponsor's party on the day of introduction: the term in the chamber covering it, else the member's, else the bill's sponsor summary. */
function sponsorParty(stored: StoredBill, chamber: 'house' | 'senate', introduced: string): string | null {
  const year = Number(introduced.slice(0, 4));
  const term = stored.sponsor?.terms.find(
    (t) => t.chamber === chamber && t.party && (t.start_year ?? 0) <= year && (t.end_year === null || t.end_year >= year),
  );
  return term?.party ?? stored.bill.sponsor?.party ?? null;
}

/** Whether a related bill is a companion: an identical bill of the same Congress (one in another Congress is a reintroduction). */
const isCompanion = (r: StoredBill['related'][number], congress: number) => r.congress === congress && r.relationships.some((x) => x.type === IDENTICAL_BILL);

/** The introduction date: the stored one, else the first action's. */
export function introducedOn(stored: Pick<StoredBill, 'bill' | 'actions'>): string | null {
  if (stored.bill.introduced_date) return stored.bill.introduced_date.slice(0, 10);
  const first = [...stored.actions].map((a) => a.action_date.slice(0, 10)).sort()[0];
  return first ?? null;
}

/**
 * The model's input record of a stored bill, or null when the bill has no
 * introduction date and no action (nothing to date its facts by).
 * `currentCongress`: chair status is known only as it stands now, so it is
 * read for bills of the sitting Congress only and is unknown for others.
 */
export function forecastFacts(stored: StoredBill, currentCongress: number): ForecastFacts | null {
  const { bill } = stored;
  const introduced = introducedOn(stored);
  if (!introduced) return null;
  const chamber = chamberOfType(bill.type);
  const party = sponsorParty(stored, chamber, introduced);
  const seniority = stored.sponsor ? seniorityYears(stored.sponsor.terms, chamber, introduced) : null;
  const chairs = bill.congress === currentCongress ? (stored.sponsor?.chaired_committees ?? null) : null;
  const committees = referralCommittees(stored.actions, chamber);
  const side = (p: string | null) => (party === null || p === null ? 'unknown' : p === party ? 'same' : 'other');
  const originals = stored.cosponsors.filter((c) => c.is_original);
  const count = (list: typeof originals, s: string) => list.filter((c) => side(c.party) === s).length;
  const now = stored.cosponsors.filter((c) => c.withdrawn_date === null);
  const state = bill.sponsor?.state ?? null;
  const unknown: UnknownInput[] = [];
  if (!bill.sponsor_id) unknown.push('sponsor');
  if (party === null) unknown.push('sponsor_party');
  if (seniority === null) unknown.push('seniority');
  if (chairs === null) unknown.push('committee_chair');
  if (!bill.policy_area) unknown.push('policy_area');
  if (committees.length === 0) unknown.push('committees');
  return {
    facts: {
      id: bill.id,
      congress: bill.congress,
      type: bill.type,
      number: bill.number,
      introduced,
      title: bill.title,
      short_title: bill.short_title,
      subjects_top_term: bill.policy_area,
      sponsor: {
        id: bill.sponsor_id,
        party,
        state,
        chamber,
        title: chamber === 'senate' ? 'Sen' : ((state && DELEGATE_SEATS[state]) ?? 'Rep'),
        seniority_years: seniority,
        committee_chair: chairs === null ? null : chairs.length > 0,
      },
      majority_party: chamberMajority(chamber, bill.congress, introduced),
      original_cosponsors: {
        n: originals.length,
        n_same_party: count(originals, 'same'),
        n_other_party: count(originals, 'other'),
        n_party_unknown: count(originals, 'unknown'),
      },
      committees_referred: committees,
      companion: stored.related.some((r) => isCompanion(r, bill.congress)),
    },
    cosponsorsNow: { n: now.length, n_other_party: now.filter((c) => side(c.party) === 'other').length },
    unknown,
  };
}
