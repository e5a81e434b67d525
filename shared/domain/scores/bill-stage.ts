/**
 * The furthest stage a bill reached, read from its action texts (and the
 * Congress.gov action type where the text is silent): introduced, committee
 * action, passed one chamber, passed both chambers, became law. The stage
 * decides the bill's distance-traveled points (docs/product-rules.md, "Scores").
 */
import { categorizeAction } from '#shared/domain/bills/categorize-action.ts';

export const BILL_STAGES = ['introduced', 'committee_action', 'passed_one_chamber', 'passed_both_chambers', 'became_law'] as const;
export type BillStage = (typeof BILL_STAGES)[number];

/** What the stage rules read of an action. */
export interface StageAction {
  action_text: string;
  action_type?: string | null;
}

/** Law: the public or private law number, or the President's signature. */
const LAW = /\b(became (public|private) law|signed by (the )?president)\b/i;
/** Only a bill both chambers passed is presented, cleared for the White House, vetoed or has its differences resolved. */
const BOTH = /\b(presented to (the )?president|cleared for white house|vetoed by (the )?president|pocket vetoed|resolving differences)\b/i;
/**
 * Passage in one chamber: Congress.gov's "Passed/agreed to in House|Senate"
 * and the short "Passed House|Senate" forms; being received in the other
 * chamber also means the first one passed it. "Failed of passage/not agreed
 * to" does not match, and neither does "Rule H. Res. 567 passed House",
 * which is about the rule, not the bill.
 */
const HOUSE_PASSED = /(\bpassed\/agreed to in house\b|^passed house\b|^received in the senate\b)/i;
const SENATE_PASSED = /(\bpassed\/agreed to in senate\b|^passed senate\b|^received in the house\b)/i;
/** Committee work beyond the referral: hearings, mark-up, discharge (reports come from categorize_action). */
const COMMITTEE = /\b(hearings held|mark-?up session held|committee consideration|discharged|ordered (to be )?reported)\b/i;

/** The stage a single action shows on its own; passage is told apart by chamber so two of them make "both". */
function actionMarks(a: StageAction): { law: boolean; both: boolean; house: boolean; senate: boolean; committee: boolean } {
  const text = a.action_text.trim();
  return {
    law: LAW.test(text) || a.action_type === 'BecameLaw',
    both: BOTH.test(text) || a.action_type === 'President',
    house: HOUSE_PASSED.test(text),
    senate: SENATE_PASSED.test(text),
    committee: a.action_type === 'Committee' || COMMITTEE.test(text) || categorizeAction(text, a.action_type) === 'committee_report',
  };
}

/** The furthest stage over all of a bill's actions; a bill with none is introduced. */
export function billStage(actions: readonly StageAction[]): BillStage {
  let house = false;
  let senate = false;
  let both = false;
  let committee = false;
  for (const a of actions) {
    const m = actionMarks(a);
    if (m.law) return 'became_law';
    both ||= m.both;
    house ||= m.house;
    senate ||= m.senate;
    committee ||= m.committee;
  }
  if (both || (house && senate)) return 'passed_both_chambers';
  if (house || senate) return 'passed_one_chamber';
  return committee ? 'committee_action' : 'introduced';
}

/** Distance-traveled points of a stage: introduced 1 … became law 5. */
export const stagePoints = (stage: BillStage): number => BILL_STAGES.indexOf(stage) + 1;
