/**
 * A bill's facts at introduction as the numbers the tree models split on, in
 * a fixed order named by `featureNames`. Missing values are NaN (the trees
 * send them below every threshold). Committees and policy areas are one-hot
 * over the vocabularies the model was trained with (an unknown committee
 * still counts in `committees`), and each stage's rate among training bills
 * of the bill's committees and policy area is read as a number too. The
 * sponsor's track record and the bill's earlier versions come from the
 * Congresses before the bill's (sponsor-record.ts, title-history.ts).
 */
import type { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import { chamberMajority, daysIntoCongress, presidentParty } from '#shared/domain/forecast/political-calendar.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { type SponsorTable, shrunkRate, sponsorPrior } from '#shared/domain/forecast/sponsor-record.ts';
import { type TitleHistory, priorVersions, titleKeys } from '#shared/domain/forecast/title-history.ts';
import { TITLE_KINDS } from '#shared/domain/forecast/title-tokens.ts';

/** Stage rates (reported, passed its chamber, enacted). */
export type StageRates = [number, number, number];

/** The vocabularies and base rates a model's features were built with (saved in the model file). */
export interface FeatureSpace {
  committees: string[];
  policyAreas: string[];
  /** Training base rates of reported, passed chamber, enacted: the prior a sponsor's record is shrunk toward. */
  baseRates: StageRates;
  /** Rates among training bills referred to each committee, and of each policy area (shrunk toward the base rates). */
  committeeRates: Record<string, StageRates>;
  policyRates: Record<string, StageRates>;
  /** How many Congresses back a bill's earlier versions are looked for. */
  titleWindow: number;
  /**
   * The last Congress the sponsor and title tables hold (the latest training
   * Congress; absent in older model files). A bill of a later Congress than the
   * next one reads its history as of the next one: its sponsor's record and
   * earlier versions as a bill of the Congress after training would, instead
   * of finding a gap of several Congresses the trees never saw for sitting
   * members, and no earlier versions at all beyond the title window.
   */
  latestCongress?: number;
}

/** The Congress a bill's sponsor record and earlier versions are read as of. */
export const historyAsOf = (congress: number, space: Pick<FeatureSpace, 'latestCongress'>): number =>
  space.latestCongress === undefined ? congress : Math.min(congress, space.latestCongress + 1);

/** What a bill's features are read against: the vocabularies, and the tables of earlier Congresses. */
export interface FeatureContext {
  space: FeatureSpace;
  sponsors: SponsorTable;
  titles: TitleHistory;
}

const FIXED = [
  'senate',
  'joint_resolution',
  'number',
  'days_into_congress',
  'sponsor_in_majority',
  'sponsor_party_holds_presidency',
  'sponsor_party_holds_other_chamber',
  'unified_government',
  'sponsor_party',
  'delegate',
  'seniority_years',
  'committee_chair',
  'cosponsors',
  'cosponsors_same_party',
  'cosponsors_other_party',
  'cosponsors_other_share',
  'cosponsors_majority_party',
  'cosponsors_minority_party',
  'committees',
  'companion',
  'title_words',
  'has_short_title',
  ...Object.keys(TITLE_KINDS).map((k) => `title_${k}`),
  'sponsor_prior_bills',
  'sponsor_prior_congresses',
  'sponsor_prior_gap',
  'sponsor_prior_reported_rate',
  'sponsor_prior_passed_rate',
  'sponsor_prior_enacted_rate',
  'sponsor_prior_enacted',
  'prior_versions',
  'prior_version_level',
  'prior_version_gap',
  'congress',
  ...['reported', 'passed', 'enacted'].flatMap((s) => [`committee_max_rate_${s}`, `committee_first_rate_${s}`, `policy_rate_${s}`]),
];

/** The names of the features `billFeatures` returns, in order. */
export const featureNames = (space: FeatureSpace): string[] => [
  ...FIXED,
  ...space.committees.map((c) => `committee_${c}`),
  ...space.policyAreas.map((a) => `policy_${a}`),
];

/** The policy area as a vocabulary key: CRS capitalised it differently over the years. */
export const policyAreaKey = (area: string | null): string | null => area?.trim().toLowerCase() || null;

/** Derived rates are rounded so the model file's thresholds stay short. */
const round4 = (v: number): number => roundTo(v, 4);
const flag = (b: boolean | null): number => (b === null ? NaN : b ? 1 : 0);
const same = (a: string | null, b: string | null): number => (a === null || b === null ? NaN : a === b ? 1 : 0);

/** The feature vector of a bill at introduction. */
export function billFeatures(bill: BillFacts, { space, sponsors, titles }: FeatureContext): Float64Array {
  const { sponsor, original_cosponsors: co } = bill;
  const senate = bill.type.startsWith('s');
  const chamber = senate ? 'senate' : 'house';
  const party = sponsor.party;
  const president = presidentParty(bill.introduced);
  const majority = bill.majority_party ?? chamberMajority(chamber, bill.congress, bill.introduced);
  const other = chamberMajority(senate ? 'house' : 'senate', bill.congress, bill.introduced);
  const asOf = historyAsOf(bill.congress, space);
  const prior = sponsorPrior(sponsors, sponsor.id, asOf);
  const [baseReported, basePassed, baseEnacted] = space.baseRates;
  const title = bill.title;
  const area = policyAreaKey(bill.subjects_top_term);
  const committees = new Set(bill.committees_referred);
  const versions = priorVersions(titles, titleKeys(title, bill.short_title), asOf, space.titleWindow);
  const inMajority = same(party, majority);
  const committeeRates = bill.committees_referred.map((c) => space.committeeRates[c]).filter((r) => r !== undefined);
  const policyRates = area === null ? undefined : space.policyRates[area];
  return Float64Array.from([
    senate ? 1 : 0,
    bill.type.includes('jres') ? 1 : 0,
    bill.number,
    daysIntoCongress(bill.congress, bill.introduced),
    inMajority,
    same(party, president),
    same(party, other),
    majority === null || president === null || other === null ? NaN : majority === president && other === president ? 1 : 0,
    party === 'D' ? 0 : party === 'R' ? 1 : party === null ? NaN : 2,
    sponsor.title === 'Del' || sponsor.title === 'Com' ? 1 : 0,
    sponsor.seniority_years ?? NaN,
    flag(sponsor.committee_chair),
    co.n,
    co.n_same_party,
    co.n_other_party,
    co.n > 0 ? round4(co.n_other_party / co.n) : NaN,
    inMajority === 1 ? co.n_same_party : inMajority === 0 ? co.n_other_party : NaN,
    inMajority === 1 ? co.n_other_party : inMajority === 0 ? co.n_same_party : NaN,
    bill.committees_referred.length,
    flag(bill.companion),
    title.split(/\s+/).length,
    bill.short_title ? 1 : 0,
    ...Object.values(TITLE_KINDS).map((re) => (re.test(title) ? 1 : 0)),
    prior.bills,
    prior.congresses,
    prior.gap ?? NaN,
    round4(shrunkRate(prior.reported, prior.bills, baseReported)),
    round4(shrunkRate(prior.passed, prior.bills, basePassed)),
    round4(shrunkRate(prior.enacted, prior.bills, baseEnacted)),
    prior.enacted,
    versions.count,
    versions.level ?? NaN,
    versions.gap ?? NaN,
    bill.congress,
    ...[0, 1, 2].flatMap((s) => [
      committeeRates.length ? Math.max(...committeeRates.map((r) => r[s]!)) : NaN,
      committeeRates[0]?.[s] ?? NaN,
      policyRates?.[s] ?? NaN,
    ]),
    ...space.committees.map((c) => (committees.has(c) ? 1 : 0)),
    ...space.policyAreas.map((a) => (a === area ? 1 : 0)),
  ]);
}
