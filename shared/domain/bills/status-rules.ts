/**
 * What one action does to a bill's status, in two steps: reading the action
 * text (a vote: its chamber, result, how and roll, and which vote it is; or a
 * referral, a committee report, a veto, a signature, a law…), then looking
 * the effect up in the transition tables below with the bill's kind and the
 * status before it. The rules follow the documented transitions of the
 * unitedstates/congress project, with the additions listed in
 * docs/product-rules.md ("Bill status").
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { BillStatus } from './bill-status.ts';
import type { BillType } from './bill.schema.ts';

export const VoteHow = lazySchema(() => z.enum(['roll', 'voice', 'unanimous_consent', 'without_objection', 'special_rule', 'unrecorded']));
export type VoteHow = z.infer<ReturnType<typeof VoteHow>>;

/** A vote read from an action: where, the outcome, how it was taken and its roll-call number when recorded. */
export const VoteInfo = lazySchema(() =>
  z.object({
    chamber: z.enum(['house', 'senate']),
    result: z.enum(['pass', 'fail']),
    how: VoteHow(),
    roll: z.number().int().nullable(),
  }),
);
export type VoteInfo = z.infer<ReturnType<typeof VoteInfo>>;

/** What the rules need to know of a bill. */
export interface StatusSubject {
  type: BillType;
  number: number;
  title: string;
}

/** The kinds of measure whose last passage ends differently. */
export type MeasureKind = 'bill' | 'simple_res' | 'concurrent_res' | 'const_amend';

/** A joint resolution whose title proposes a constitutional amendment goes to the states, not the President. */
export function measureKind(s: StatusSubject): MeasureKind {
  if (s.type === 'hres' || s.type === 'sres') return 'simple_res';
  if (s.type === 'hconres' || s.type === 'sconres') return 'concurrent_res';
  if ((s.type === 'hjres' || s.type === 'sjres') && /proposing an amendment to the constitution/i.test(s.title)) return 'const_amend';
  return 'bill';
}

const originChamber = (s: StatusSubject): VoteInfo['chamber'] => (s.type.startsWith('h') ? 'house' : 'senate');

/**
 * Which vote an action records: on passage in the originating chamber or in
 * the second one, on the other chamber's changes (ping-pong), on a conference
 * report, on cloture, on overriding a veto, or a House motion to table the
 * measure (which, agreed to, disposes of it).
 */
export type VoteStage = 'origin' | 'second' | 'pingpong' | 'conference' | 'cloture' | 'override' | 'table';

export type ActionEffect =
  | { kind: 'vote'; stage: VoteStage; vote: VoteInfo; suspension: boolean; amended: boolean }
  | {
      kind:
        'introduced' | 'referral' | 'reported' | 'calendar' | 'after_origin_passage' | 'presented' | 'vetoed' | 'pocket_veto' | 'signed' | 'unsigned' | 'law';
    };
export type OtherEffect = Exclude<ActionEffect, { kind: 'vote' }>['kind'];

// Reading an action ------------------------------------------------------------------------

/** A trailing citation such as "(text: CR H58-60)" is dropped before reading; a roll-call parenthesis is kept. */
const stripReferences = (text: string) => text.replace(/\s*\((?!Roll no\.|Record Vote)[^()]*\)\s*$/i, '').trim();

const HOUSE_QUESTIONS = [
  'On passage',
  'Passed House',
  'Two-thirds of the Members present having voted in the affirmative the bill is passed,?',
  'On motion to suspend the rules and pass the (?:bill|resolution)',
  'On motion to suspend the rules and agree to the (?:resolution|conference report)',
  'On agreeing to the (?:resolution|conference report)',
  'House Agreed to Senate Amendments?.*?',
  'On motion (?:that )?the House (?:suspend the rules and )?(?:agree(?: with an amendment)? to|concur in) the Senate amendments?(?: to the (?:House|Senate) amendments?)*',
];
/** Question, then the override clause, "as amended", the result and how it was decided. */
const HOUSE_VOTE = new RegExp(
  `(${HOUSE_QUESTIONS.join('|')})` +
    '(, the objections of the President to the contrary notwithstanding\\.?)?' +
    '(, as amended| \\(Amended\\))?' +
    '\\.? (Passed|Failed|Agreed to|Rejected)?' +
    ' ?(by voice vote|without objection|by (?:the Yeas and Nays?|Yea-Nay Vote|recorded vote)(?::? \\(2/3 required\\))?: (?:\\d+ ?- ?\\d+(?:, \\d+ Present)? [ )]*)?\\((?:Roll no\\.|Record Vote No:) (\\d+)\\))',
  'i',
);
const HOUSE_BY_RULE =
  /Passed House pursuant to|House agreed to Senate amendment (?:with amendment )?pursuant to|Pursuant to the provisions of [HSCONJRES. ]+ \d+, [HSCONJRES. ]+ \d+ is considered passed House/i;
const HOUSE_SUSPENSION_LIST = /Pursuant to .* the following bills passed under suspension of the rules: (.*)\.$/i;
const HOUSE_TABLED =
  /On motion to table the measure Agreed to ?(?:by voice vote|without objection|by (?:the Yeas and Nays|Yea-Nay Vote|recorded vote): (?:\d+ - \d+(?:, \d+ Present)? [ )]*)?\((?:Roll no\.|Record Vote No:) (\d+)\))/i;

const SENATE_QUESTIONS = [
  'Passed Senate',
  'Failed of passage in Senate',
  'Disagreed to in Senate',
  'Resolution agreed to in Senate',
  'Senate (?:agreed to|concurred in) (?:the )?(?:conference report|House amendment(?: to the (?:Senate|House) amendments?)*)',
  'Senate receded from its amendment and concurred',
  // Cloture on the measure itself, on proceeding to it or on concurring in the House's changes; cloture on an amendment is not about the bill.
  'Cloture (?:motion )?on (?:the motion to (?:proceed|concur)\\b|the (?:bill|measure)\\b|[HS]\\.)[^]*?\\b(?:not )?invoked in Senate',
  'Cloture invoked in Senate',
  '(?:Introduced|Received|Submitted) in the Senate, (?:read twice, |considered, |read the third time, )+and (?:passed|agreed to)',
];
const SENATE_VOTE = new RegExp(
  `(${SENATE_QUESTIONS.join('|')})(,?.*,?) (without objection|by Unanimous Consent|by Voice Vote|(?:by )?Yea-Nay(?: Vote)?\\. \\d+\\s*-\\s*\\d+\\. Record Vote (?:No|Number): (\\d+))`,
  'i',
);
const OLD_PASSAGE =
  /Measure passed (House|Senate)(, amended(?: \(.*?\)|, with an amendment to the title)?)?(?:,? in lieu[^,]*)?(?:, roll call #(\d+) \(\d+-\d+\))?/i;
const OLD_PINGPONG =
  /(House|Senate) agreed to (?:House|Senate) amendments?( with an amendment)?( under Suspension of the Rules)?(?:, roll call #(\d+) \(\d+-\d+\))?\./i;

/** Non-vote actions, checked in this order (a pocket veto before a veto; a law last). */
const OTHER_ACTIONS: [OtherEffect, RegExp][] = [
  ['presented', /Cleared for White House|Presented to President/i],
  ['pocket_veto', /Pocket Vetoed by President/i],
  ['vetoed', /Vetoed by President/i],
  ['signed', /Signed by President/i],
  ['unsigned', /Sent to Archivist of the United States unsigned/i],
  ['law', /^(?:Became )?(?:Public|Private) Law(?: No:)? [\d-]+\./i],
  [
    'reported',
    /Ordered to be Reported|Committee Agreed to Seek Consideration Under Suspension of the Rules|Committee on .*\. (?:Original measure )?reported (?:to Senate )?by|^Reported to Senate from the |^Reported (?:\(Amended\) )?by (?:the )?Committee on|\bCommittee on [^.]*?\.? Discharged\b/i,
  ],
  // unitedstates/congress reads "Placed on the … Calendar, Calendar No. N." before a report as REPORTED (GovTrack's reading).
  ['calendar', /Placed on (?:the )?[\w ]+ Calendar(?: under [\w ]+)?[,.] Calendar No\. \d+\./i],
  // "Referred to …", and the Senate's "referred concurrently / jointly / sequentially to the Committees on …".
  ['referral', /\bReferred (?:(?:concurrently|jointly|sequentially|additionally) )?to\b/i],
  ['introduced', /^(?:Introduced|Submitted) in (?:the )?(?:House|Senate)\b/i],
];

const vote = (chamber: VoteInfo['chamber'], result: VoteInfo['result'], how: VoteHow, roll: string | undefined): VoteInfo => ({
  chamber,
  result,
  how: roll ? 'roll' : how,
  roll: roll ? Number(roll) : null,
});
const howOf = (method: string): VoteHow =>
  /voice/i.test(method)
    ? 'voice'
    : /unanimous consent/i.test(method)
      ? 'unanimous_consent'
      : /without objection/i.test(method)
        ? 'without_objection'
        : 'unrecorded';

/** A stage that depends only on which chamber votes: its own bill's chamber is the originating one. */
const passageStage = (s: StatusSubject, chamber: VoteInfo['chamber']): VoteStage => (originChamber(s) === chamber ? 'origin' : 'second');

function readHouseVote(s: StatusSubject, line: string): ActionEffect | null {
  const m = HOUSE_VOTE.exec(line);
  if (!m) return null;
  const [, question = '', override, asAmended, resultWord = '', method = '', roll] = m;
  const passed = /Passed House|House Agreed to/i.test(question) || /(?:ayes|yeas) had prevailed/i.test(line) || /pass|agreed/i.test(resultWord);
  const stage: VoteStage =
    override || question.startsWith('Two-thirds of the Members present')
      ? 'override'
      : /(?:agreed? (?:with an amendment )?to|concur in) (?:the )?Senate amendment/i.test(line)
        ? 'pingpong'
        : /conference report/i.test(line)
          ? 'conference'
          : passageStage(s, 'house');
  return {
    kind: 'vote',
    stage,
    vote: vote('house', passed ? 'pass' : 'fail', howOf(method), roll),
    suspension: Boolean(roll) && /suspend the rules/i.test(question),
    amended: Boolean(asAmended) || /the House agree with an amendment/i.test(question),
  };
}

function readHouseByRule(s: StatusSubject, line: string): ActionEffect | null {
  if (!HOUSE_BY_RULE.test(line)) return null;
  return {
    kind: 'vote',
    stage: /agreed to Senate amendment/i.test(line) ? 'pingpong' : passageStage(s, 'house'),
    vote: vote('house', 'pass', 'special_rule', undefined),
    suspension: false,
    amended: /with amendment|as amended/i.test(line),
  };
}

/** "…the following bills passed under suspension of the rules: H.R. 1500, as amended; H.R. 2471; …": this bill, if listed. */
function readSuspensionList(s: StatusSubject, line: string): ActionEffect | null {
  const m = HOUSE_SUSPENSION_LIST.exec(line);
  if (!m) return null;
  const list = (m[1] ?? '').replace(/and the following resolutions? (?:was|were) agreed to under suspension of the rules: /gi, '');
  const me = `${s.type}${s.number}`;
  for (const entry of list.split(/;|,(?! as amended)/)) {
    const [measure = '', ...rest] = entry
      .replace(/\band /g, '')
      .toLowerCase()
      .replace(/[^a-z0-9,]/g, '')
      .split(',');
    if (measure !== me) continue;
    return {
      kind: 'vote',
      stage: passageStage(s, 'house'),
      vote: vote('house', 'pass', 'special_rule', undefined),
      suspension: false,
      amended: rest.length > 0,
    };
  }
  return null;
}

function readHouseTabled(line: string): ActionEffect | null {
  const m = HOUSE_TABLED.exec(line);
  if (!m) return null;
  return { kind: 'vote', stage: 'table', vote: vote('house', 'fail', howOf(m[0]), m[1]), suspension: false, amended: false };
}

function readSenateVote(s: StatusSubject, line: string): ActionEffect | null {
  const m = SENATE_VOTE.exec(line.replace(/ {2}/g, ' '));
  if (!m) return null;
  const [, question = '', extra = '', method = '', roll] = m;
  const passed = /disagreed|not invoked/i.test(question) ? false : /passed|agreed|concurred|invoked/i.test(question);
  const stage: VoteStage = /over veto/i.test(extra)
    ? 'override'
    : /conference report/i.test(question)
      ? 'conference'
      : /^cloture/i.test(question)
        ? 'cloture'
        : /Senate (?:agreed to|concurred in) (?:the )?House amendment/i.test(question)
          ? 'pingpong'
          : passageStage(s, 'senate');
  return {
    kind: 'vote',
    stage,
    vote: vote('senate', passed ? 'pass' : 'fail', howOf(method), roll),
    suspension: false,
    amended: /with amendments|with an amendment/i.test(extra),
  };
}

/** The 1970s wording: "Measure passed House, amended, roll call #123 (300-100)", "Senate agreed to House amendment". */
function readOldStyle(s: StatusSubject, line: string): ActionEffect | null {
  const passage = OLD_PASSAGE.exec(line);
  if (passage) {
    const chamber = (passage[1] ?? '').toLowerCase() === 'house' ? 'house' : 'senate';
    return {
      kind: 'vote',
      stage: passageStage(s, chamber),
      vote: vote(chamber, 'pass', 'unrecorded', passage[3]),
      suspension: false,
      amended: Boolean(passage[2]),
    };
  }
  const pingpong = OLD_PINGPONG.exec(line);
  if (pingpong) {
    const chamber = (pingpong[1] ?? '').toLowerCase() === 'house' ? 'house' : 'senate';
    return { kind: 'vote', stage: 'pingpong', vote: vote(chamber, 'pass', 'unrecorded', pingpong[4]), suspension: false, amended: Boolean(pingpong[2]) };
  }
  return null;
}

/**
 * Actions that can only follow the originating chamber's passage: the other
 * chamber receiving the measure, or a message on either chamber's action. They
 * stand in for a passage vote the stored actions lack (a partial recording, a
 * bill first seen late), so the status never contradicts the latest action.
 */
function readAfterOriginPassage(s: StatusSubject, line: string): ActionEffect | null {
  const received = /^Received in the (House|Senate)\b/i.exec(line);
  if (received && (received[1] ?? '').toLowerCase() !== originChamber(s)) return { kind: 'after_origin_passage' };
  if (/^Message on (?:House|Senate) action (?:sent to|received in) (?:the )?(?:House|Senate)\b/i.test(line)) return { kind: 'after_origin_passage' };
  return null;
}

/** What an action text records for this bill, or null (an amendment's own action, or nothing the status rules read). */
export function readAction(s: StatusSubject, text: string): ActionEffect | null {
  const line = stripReferences(text);
  // Actions on an amendment ("H.Amdt.12 …") are about the amendment, not the bill.
  if (/^[HS]\.Amdt\.\d+/i.test(line)) return null;
  const asVote =
    readHouseVote(s, line) ??
    readHouseByRule(s, line) ??
    readSuspensionList(s, line) ??
    readHouseTabled(line) ??
    readSenateVote(s, line) ??
    readOldStyle(s, line);
  if (asVote) return asVote;
  const implied = readAfterOriginPassage(s, line);
  if (implied) return implied;
  for (const [kind, re] of OTHER_ACTIONS) if (re.test(line)) return { kind };
  return null;
}

// The transition tables -----------------------------------------------------------------

type ByChamber = Record<VoteInfo['chamber'], BillStatus>;
const PASSED_BY_KIND: Record<MeasureKind, BillStatus> = {
  bill: 'PASSED:BILL',
  simple_res: 'PASSED:SIMPLERES',
  concurrent_res: 'PASSED:CONCURRENTRES',
  const_amend: 'PASSED:CONSTAMEND',
};

interface VoteContext {
  kind: MeasureKind;
  prior: BillStatus;
  /** The vote was taken in the chamber the measure started in. */
  originating: boolean;
  suspension: boolean;
  amended: boolean;
}

export interface VoteTransition {
  stages: readonly VoteStage[];
  result: VoteInfo['result'];
  /** Extra condition; the row applies only when it holds. */
  when?: (c: VoteContext) => boolean;
  /** The status after the vote (one, or per chamber), the final passage of the measure's kind, or no change. */
  to: BillStatus | ByChamber | 'passed' | null;
  rule: string;
}

const chambers = (prefix: 'PASS_OVER' | 'PASS_BACK' | 'FAIL:ORIGINATING' | 'FAIL:SECOND' | 'CONFERENCE:PASSED' | 'VETOED:OVERRIDE_PASS_OVER'): ByChamber => ({
  house: `${prefix}:HOUSE`,
  senate: `${prefix}:SENATE`,
});
const EARLY: ReadonlySet<BillStatus> = new Set(['INTRODUCED', 'REFERRED', 'REPORTED']);

/** Votes, first matching row wins. */
export const VOTE_TRANSITIONS: readonly VoteTransition[] = [
  { stages: ['origin'], result: 'pass', when: (c) => c.kind === 'simple_res', to: 'passed', rule: 'a simple resolution agreed to is done' },
  { stages: ['origin'], result: 'pass', to: chambers('PASS_OVER'), rule: 'passed the originating chamber, goes to the other' },
  { stages: ['origin'], result: 'fail', when: (c) => c.suspension, to: 'PROV_KILL:SUSPENSIONFAILED', rule: 'failed under suspension' },
  { stages: ['origin'], result: 'fail', to: chambers('FAIL:ORIGINATING'), rule: 'failed in the originating chamber' },
  { stages: ['second', 'pingpong'], result: 'pass', when: (c) => c.amended, to: chambers('PASS_BACK'), rule: 'passed with changes, goes back' },
  { stages: ['second', 'pingpong'], result: 'pass', to: 'passed', rule: 'passed both chambers in the same form' },
  { stages: ['pingpong'], result: 'fail', to: 'PROV_KILL:PINGPONGFAIL', rule: 'the chambers did not resolve their differences' },
  { stages: ['second'], result: 'fail', when: (c) => c.suspension, to: 'PROV_KILL:SUSPENSIONFAILED', rule: 'failed under suspension' },
  { stages: ['second'], result: 'fail', to: chambers('FAIL:SECOND'), rule: 'failed in the second chamber' },
  { stages: ['cloture'], result: 'fail', to: 'PROV_KILL:CLOTUREFAILED', rule: 'cloture failed' },
  { stages: ['cloture'], result: 'pass', to: null, rule: 'cloture invoked changes nothing' },
  {
    stages: ['override'],
    result: 'fail',
    when: (c) => c.originating,
    to: { house: 'VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE', senate: 'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE' },
    rule: 'override failed in the originating chamber',
  },
  {
    stages: ['override'],
    result: 'fail',
    to: { house: 'VETOED:OVERRIDE_FAIL_SECOND:HOUSE', senate: 'VETOED:OVERRIDE_FAIL_SECOND:SENATE' },
    rule: 'override failed in the second chamber',
  },
  { stages: ['override'], result: 'pass', when: (c) => c.originating, to: chambers('VETOED:OVERRIDE_PASS_OVER'), rule: 'one chamber overrode the veto' },
  { stages: ['override'], result: 'pass', to: 'ENACTED:VETO_OVERRIDE', rule: 'both chambers overrode the veto' },
  {
    stages: ['conference'],
    result: 'pass',
    when: (c) => c.prior.startsWith('CONFERENCE:PASSED:'),
    to: 'passed',
    rule: 'the second chamber agreed to the conference report',
  },
  { stages: ['conference'], result: 'pass', to: chambers('CONFERENCE:PASSED'), rule: 'one chamber agreed to the conference report' },
  { stages: ['conference'], result: 'fail', to: null, rule: 'a rejected conference report changes nothing' },
  {
    stages: ['table'],
    result: 'fail',
    when: (c) => EARLY.has(c.prior) || c.kind === 'simple_res',
    to: chambers('FAIL:ORIGINATING'),
    rule: 'tabled before passing its own chamber',
  },
  { stages: ['table'], result: 'fail', to: null, rule: 'tabled later: not read as a status change' },
];

export interface OtherTransition {
  effect: OtherEffect;
  /** The statuses the row applies to (all when absent). */
  from?: (prior: BillStatus) => boolean;
  /** The status after the action, the final passage of the measure's kind, the originating chamber's passage, or no change. */
  to: BillStatus | 'passed' | 'origin_passed' | null;
  rule: string;
}

const isVetoed = (s: BillStatus) => s === 'PROV_KILL:VETO' || s.startsWith('VETOED:');
/** Passed both chambers in the same form, or beyond (the President's turn, a veto, a law). */
const passedBoth = (s: BillStatus) => s.startsWith('PASSED:') || s.startsWith('ENACTED:') || isVetoed(s);

/** Everything else, first matching row wins. */
export const OTHER_TRANSITIONS: readonly OtherTransition[] = [
  { effect: 'referral', from: (p) => p === 'INTRODUCED', to: 'REFERRED', rule: 'referred to committee' },
  {
    effect: 'reported',
    from: (p) => p === 'INTRODUCED' || p === 'REFERRED',
    to: 'REPORTED',
    rule: 'reported (or ordered reported, or discharged) by committee',
  },
  { effect: 'calendar', from: (p) => p === 'INTRODUCED' || p === 'REFERRED', to: 'REPORTED', rule: 'placed on a calendar before a report' },
  { effect: 'after_origin_passage', from: (p) => EARLY.has(p), to: 'origin_passed', rule: 'received by the other chamber: the originating one passed it' },
  { effect: 'presented', from: (p) => !passedBoth(p), to: 'passed', rule: 'presented to the President: both chambers passed it' },
  { effect: 'signed', to: 'ENACTED:SIGNED', rule: 'signed by the President' },
  { effect: 'pocket_veto', to: 'VETOED:POCKET', rule: 'pocket-vetoed' },
  { effect: 'vetoed', to: 'PROV_KILL:VETO', rule: 'vetoed; Congress may override' },
  { effect: 'unsigned', to: 'ENACTED:TENDAYRULE', rule: 'law without signature after ten days' },
  { effect: 'law', from: (p) => p.startsWith('ENACTED:'), to: null, rule: 'the law number follows the enactment' },
  { effect: 'law', from: isVetoed, to: 'ENACTED:VETO_OVERRIDE', rule: 'a law after a veto: the override votes were missed' },
  { effect: 'law', to: 'ENACTED:SIGNED', rule: 'a law with no signature action seen: read as signed' },
];

/** The status an effect leads to from `prior`, or null when it changes nothing. */
export function transition(s: StatusSubject, prior: BillStatus, effect: ActionEffect): BillStatus | null {
  const kind = measureKind(s);
  if (effect.kind === 'vote') {
    const c: VoteContext = { kind, prior, originating: originChamber(s) === effect.vote.chamber, suspension: effect.suspension, amended: effect.amended };
    const row = VOTE_TRANSITIONS.find((r) => r.stages.includes(effect.stage) && r.result === effect.vote.result && (!r.when || r.when(c)));
    if (!row || row.to === null) return null;
    if (row.to === 'passed') return PASSED_BY_KIND[kind];
    return typeof row.to === 'string' ? row.to : row.to[effect.vote.chamber];
  }
  const row = OTHER_TRANSITIONS.find((r) => r.effect === effect.kind && (!r.from || r.from(prior)));
  if (!row || row.to === null) return null;
  if (row.to === 'passed') return PASSED_BY_KIND[kind];
  if (row.to === 'origin_passed') return kind === 'simple_res' ? PASSED_BY_KIND[kind] : chambers('PASS_OVER')[originChamber(s)];
  return row.to;
}

/** The new status after an action (null when unchanged) and the vote it records (null when none). */
export function statusAfterAction(s: StatusSubject, prior: BillStatus, text: string): { status: BillStatus | null; vote: VoteInfo | null } {
  const effect = readAction(s, text);
  if (!effect) return { status: null, vote: null };
  const next = transition(s, prior, effect);
  return { status: next !== null && next !== prior ? next : null, vote: effect.kind === 'vote' ? effect.vote : null };
}

/** The yeas and nays of a recorded vote's text ("416 - 0", "Yea-Nay Vote. 64 - 35."), or null. */
export function voteTally(text: string): { yeas: number; nays: number } | null {
  const m =
    /(?:Yeas and Nays?|Yea-Nay Vote|recorded vote)(?::? \(2\/3 required\))?: (\d+) ?- ?(\d+)/i.exec(text) ??
    /Yea-Nay(?: Vote)?\. (\d+)\s*-\s*(\d+)\./i.exec(text) ??
    /roll call #\d+ \((\d+)-(\d+)\)/i.exec(text);
  return m ? { yeas: Number(m[1]), nays: Number(m[2]) } : null;
}
