/**
 * The committees of referral of a bill, as the forecast model names them
 * (full committees by their four-letter code: HSWM, SSFI, ...): read from
 * the bill's referral actions in its chamber of origin, as the training data
 * read them (../shared/datasets/bill-outcomes/README.md, `committees_referred`).
 * An action that names committee codes (a source that carries them) is read
 * by code; otherwise the action's text is matched against the committees'
 * names, past names included ("Resources" became "Natural Resources").
 * Referrals in the other chamber ("Received in the Senate and ... referred")
 * and to subcommittees are left out: the dataset counts neither.
 */
import type { ActionCategory } from '#shared/domain/bills/action-categories.ts';

type Chamber = 'house' | 'senate';

/** A full committee's names (lower case, without a leading "the"), current name first. */
const NAMES: Record<Chamber, Record<string, readonly string[]>> = {
  house: {
    HSAG: ['agriculture'],
    HSAP: ['appropriations'],
    HSAS: ['armed services', 'national security'],
    HSBA: ['financial services', 'banking and financial services', 'banking, finance, and urban affairs'],
    HSBU: ['budget'],
    HSED: ['education and the workforce', 'education and labor', 'economic and educational opportunities'],
    HSFA: ['foreign affairs', 'international relations'],
    HSGO: ['oversight and government reform', 'oversight and accountability', 'oversight and reform', 'government reform and oversight', 'government reform'],
    HSHA: ['house administration', 'house oversight'],
    HSHM: ['homeland security'],
    HSIF: ['energy and commerce', 'commerce'],
    HSII: ['natural resources', 'resources'],
    HSJU: ['judiciary'],
    HSPW: ['transportation and infrastructure'],
    HSRU: ['rules'],
    HSSM: ['small business'],
    HSSY: ['science, space, and technology', 'science and technology', 'science'],
    HSVR: ["veterans' affairs"],
    HSWM: ['ways and means'],
    HSSO: ['ethics', 'standards of official conduct'],
    HLIG: ['permanent select committee on intelligence', 'intelligence (permanent select)', 'intelligence'],
  },
  senate: {
    SSAF: ['agriculture, nutrition, and forestry'],
    SSAP: ['appropriations'],
    SSAS: ['armed services'],
    SSBK: ['banking, housing, and urban affairs'],
    SSBU: ['budget'],
    SSCM: ['commerce, science, and transportation'],
    SSEG: ['energy and natural resources'],
    SSEV: ['environment and public works'],
    SSFI: ['finance'],
    SSFR: ['foreign relations'],
    SSGA: ['homeland security and governmental affairs', 'governmental affairs'],
    SSHR: ['health, education, labor, and pensions', 'labor and human resources'],
    SSJU: ['judiciary'],
    SSRA: ['rules and administration'],
    SSSB: ['small business and entrepreneurship', 'small business'],
    SSVA: ["veterans' affairs"],
    SLIA: ['indian affairs'],
    SLIN: ['intelligence'],
    SPAG: ['aging'],
  },
};

/** Each chamber's names, longest first, so "Energy and Commerce" is read before "Commerce". */
const BY_LENGTH: Record<Chamber, [string, string][]> = {
  house: sortedNames('house'),
  senate: sortedNames('senate'),
};

function sortedNames(chamber: Chamber): [string, string][] {
  return Object.entries(NAMES[chamber])
    .flatMap(([code, names]) => names.map((n): [string, string] => [n, code]))
    .sort((a, b) => b[0].length - a[0].length);
}

/** What the reader needs of an action: its text and category, and the committee codes a source gave (when it gave any). */
export interface ReferralAction {
  action_text: string;
  category: ActionCategory;
  committees?: readonly string[] | undefined;
}

/** The part of a referral's text that lists committees, or null when it names none of the chamber's full committees. */
function referralList(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  // The other chamber's referral of a bill it received: not a committee of referral at introduction.
  if (/^received in the/i.test(t)) return null;
  const at = t.search(/referred to the (house |senate )?(permanent )?(select )?committees? /i);
  if (at < 0) return null;
  return t
    .slice(at)
    .replace(/^referred to the (house |senate )?/i, '')
    .replace(/,? for a period to be subsequently determined.*$/i, '')
    .replace(/\.$/, '');
}

/** The chamber's full committees a referral's text names, in order. */
export function committeesInText(text: string, chamber: Chamber): string[] {
  const list = referralList(text);
  if (!list) return [];
  let rest = list.toLowerCase();
  const found: string[] = [];
  while (rest.length > 0) {
    rest = rest.replace(/^(,|\s|and\b|in addition to\b|the\b|permanent\b|select\b|committees?\b|on\b)+/, '');
    if (!rest) break;
    const hit = BY_LENGTH[chamber].find(([name]) => rest.startsWith(name) && /^($|[,.\s)])/.test(rest.slice(name.length)));
    if (hit) {
      if (!found.includes(hit[1])) found.push(hit[1]);
      rest = rest.slice(hit[0].length);
    } else {
      // A name this table does not know (a select committee, a new name): skip to the next one listed.
      const comma = rest.indexOf(',');
      if (comma < 0) break;
      rest = rest.slice(comma + 1);
    }
  }
  return found;
}

/** A committee code as the model names it: the full committee's four letters (HSII13, a subcommittee, reads as HSII). */
const fullCommittee = (code: string): string | null => (/^[a-z]{4}/i.test(code) ? code.slice(0, 4).toUpperCase() : null);

/** The committees a bill was referred to in its chamber of origin, in the order first referred. */
export function referralCommittees(actions: readonly ReferralAction[], chamber: Chamber): string[] {
  const found: string[] = [];
  const prefix = chamber === 'house' ? 'H' : 'S';
  for (const a of actions) {
    if (a.category !== 'referral') continue;
    const codes = a.committees?.length
      ? a.committees.flatMap((c) => fullCommittee(c) ?? []).filter((c) => c.startsWith(prefix))
      : committeesInText(a.action_text, chamber);
    for (const c of codes) if (!found.includes(c)) found.push(c);
  }
  return found;
}

const SMALL_WORDS = new Set(['and', 'of', 'on', 'the']);

/** A committee's current name for people ("Ways and Means", "the Judiciary"); the code itself when the table does not know it. */
export function committeeName(code: string): string {
  const name = NAMES.house[code]?.[0] ?? NAMES.senate[code]?.[0];
  if (!name) return code;
  const words = name.split(' ').map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)));
  return `${name === 'judiciary' || name === 'budget' ? 'the ' : ''}${words.join(' ')}`;
}
