/**
 * The factors of a forecast (forecast-factors.ts): which of the model's
 * features each one groups, and the plain words that say what the bill's
 * fact is ("12 original cosponsors, 5 of them from the other party").
 */
import type { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import type { CosponsorsNow, ScoringModel } from '#shared/domain/forecast/forecast.ts';
import { chamberMajority, daysIntoCongress, presidentParty } from '#shared/domain/forecast/political-calendar.ts';
import { sponsorPrior } from '#shared/domain/forecast/sponsor-record.ts';
import { priorVersions, titleKeys } from '#shared/domain/forecast/title-history.ts';
import { TITLE_KINDS } from '#shared/domain/forecast/title-tokens.ts';
import { congressOrdinal } from '#shared/domain/bills/reintroduction.ts';
import { committeeName } from './referral-committees.ts';

export const FACTOR_KEYS = [
  'chamber',
  'bill_number',
  'timing',
  'majority',
  'power',
  'seniority',
  'chair',
  'cosponsors',
  'cosponsors_gained',
  'committees',
  'companion',
  'title',
  'sponsor_record',
  'earlier_versions',
  'congress',
  'policy_area',
] as const;
export type FactorKey = (typeof FACTOR_KEYS)[number];

/** Features by name, then by prefix; the first rule that matches wins. */
const RULES: [FactorKey, (name: string) => boolean][] = [
  ['chamber', (n) => n === 'senate' || n === 'joint_resolution'],
  ['bill_number', (n) => n === 'number'],
  ['timing', (n) => n === 'days_into_congress'],
  ['majority', (n) => n === 'sponsor_in_majority' || n === 'sponsor_party'],
  ['power', (n) => ['sponsor_party_holds_presidency', 'sponsor_party_holds_other_chamber', 'unified_government'].includes(n)],
  ['seniority', (n) => n === 'seniority_years' || n === 'delegate'],
  ['chair', (n) => n === 'committee_chair'],
  ['cosponsors', (n) => n.startsWith('cosponsors')],
  ['committees', (n) => n === 'committees' || n.startsWith('committee_')],
  ['companion', (n) => n === 'companion'],
  ['title', (n) => n.startsWith('title_') || n === 'has_short_title'],
  ['sponsor_record', (n) => n.startsWith('sponsor_prior_')],
  ['earlier_versions', (n) => n.startsWith('prior_version')],
  ['congress', (n) => n === 'congress'],
  ['policy_area', (n) => n.startsWith('policy_')],
];

/** The factor a model feature belongs to (a feature no rule names counts with the title, as the text model's do). */
export const factorOfFeature = (name: string): FactorKey => RULES.find(([, test]) => test(name))?.[0] ?? 'title';

const PARTY: Record<string, string> = { D: 'Democratic', R: 'Republican', I: 'independent', L: 'Libertarian' };
const partyWords = (p: string | null) => (p ? (PARTY[p] ?? p) : 'unknown');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a title's kind says, for the kinds the model reads ("names a post office"). */
const TITLE_KIND_WORDS: Record<string, string> = {
  post_office: 'names a post office',
  naming: 'names or renames a place',
  commemorative: 'commemorates or honours',
  conveyance: 'conveys or exchanges land',
  private_relief: 'is for the relief of a named person',
  reauthorize: 'reauthorizes a program',
  technical: 'makes technical corrections',
  veterans_title38: 'concerns veterans',
  tax_code: 'amends the Internal Revenue Code',
  social_security: 'amends the Social Security Act',
  constitution: 'proposes a constitutional amendment',
  appropriations: 'makes appropriations',
  prohibit: 'prohibits, repeals or prevents something',
  study: 'calls for a study, report or commission',
  indian_tribe: 'concerns Indian tribes',
  wild_scenic: 'concerns parks, wilderness or heritage areas',
};

export interface FactorContext {
  model: ScoringModel;
  bill: BillFacts;
  now: CosponsorsNow | null;
}

const LEVEL_WORDS = ['went no further than introduction', 'got out of committee', 'passed its chamber', 'became law'] as const;

/** The bill's fact behind a factor, in plain words. */
export function factorWords(key: FactorKey, { model, bill, now }: FactorContext): string {
  const chamber = bill.type.startsWith('s') ? 'senate' : 'house';
  const chamberName = chamber === 'senate' ? 'Senate' : 'House';
  const party = bill.sponsor.party;
  const co = bill.original_cosponsors;
  switch (key) {
    case 'chamber':
      return `${bill.type.includes('jres') ? 'A joint resolution' : 'A bill'} of the ${chamberName}`;
    case 'bill_number':
      return `Its number, ${bill.number} (the lowest numbers are kept for the leadership's priorities)`;
    case 'timing':
      return `Introduced ${plural(daysIntoCongress(bill.congress, bill.introduced), 'day')} into the ${congressOrdinal(bill.congress)} Congress`;
    case 'majority': {
      const majority = bill.majority_party ?? chamberMajority(chamber, bill.congress, bill.introduced);
      if (!party || !majority) return "The sponsor's party (not known)";
      return `The sponsor's party (${partyWords(party)}) ${party === majority ? 'holds' : 'does not hold'} the ${chamberName} majority`;
    }
    case 'power': {
      const other = chamberMajority(chamber === 'senate' ? 'house' : 'senate', bill.congress, bill.introduced);
      const president = presidentParty(bill.introduced);
      const holds = [president === party ? 'the presidency' : null, other === party ? `the ${chamber === 'senate' ? 'House' : 'Senate'}` : null].filter(
        Boolean,
      );
      return `The sponsor's party ${holds.length ? `holds ${holds.join(' and ')}` : 'holds neither the presidency nor the other chamber'}`;
    }
    case 'seniority':
      if (bill.sponsor.title === 'Del' || bill.sponsor.title === 'Com') return 'The sponsor is a non-voting delegate';
      return bill.sponsor.seniority_years === null
        ? "The sponsor's years in the chamber (not known)"
        : `The sponsor has served ${bill.sponsor.seniority_years < 1 ? 'less than a year' : plural(Math.round(bill.sponsor.seniority_years), 'year')} in the ${chamberName}`;
    case 'chair':
      return bill.sponsor.committee_chair === null
        ? 'Whether the sponsor chairs a committee (not known)'
        : `The sponsor ${bill.sponsor.committee_chair ? 'chairs' : 'chairs no'} full committee`;
    case 'cosponsors':
      return co.n === 0 ? 'No original cosponsors' : `${plural(co.n, 'original cosponsor')}, ${co.n_other_party} from the other party`;
    case 'cosponsors_gained': {
      const gained = Math.max(0, (now?.n ?? co.n) - co.n);
      const other = Math.max(0, (now?.n_other_party ?? co.n_other_party) - co.n_other_party);
      return gained === 0
        ? 'No cosponsors gained since introduction'
        : `${plural(gained, 'cosponsor')} gained since introduction, ${other} from the other party`;
    }
    case 'committees':
      return bill.committees_referred.length === 0
        ? 'No committee referral on record'
        : `Referred to ${bill.committees_referred.map(committeeName).join(', ')}`;
    case 'companion':
      return bill.companion ? 'An identical bill in the other chamber' : 'No identical bill in the other chamber';
    case 'title': {
      const kinds = Object.entries(TITLE_KINDS).filter(([, re]) => re.test(bill.title));
      return kinds.length ? `Its title ${kinds.map(([k]) => TITLE_KIND_WORDS[k] ?? k).join(' and ')}` : 'The words of its title';
    }
    case 'sponsor_record': {
      const prior = sponsorPrior(model.sponsors, bill.sponsor.id, bill.congress);
      return prior.bills === 0
        ? "No earlier bills by the sponsor in the model's record"
        : `The sponsor's earlier bills: ${prior.enacted} of ${prior.bills} became law`;
    }
    case 'earlier_versions': {
      const v = priorVersions(model.titles, titleKeys(bill.title, bill.short_title), bill.congress, model.space.titleWindow);
      return v.level === null ? 'No earlier version of the bill on record' : `An earlier version of the bill ${LEVEL_WORDS[v.level]}`;
    }
    case 'congress':
      return `Bills of the ${congressOrdinal(bill.congress)} Congress (fewer bills become law than two decades ago)`;
    case 'policy_area':
      return bill.subjects_top_term ? `Its policy area, ${bill.subjects_top_term}` : 'No policy area assigned yet';
  }
}
