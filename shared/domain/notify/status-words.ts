/**
 * A bill status in plain words for the notifications of a status change
 * ("Passed the House 416–0", "Became law", "Vetoed by the President"), and
 * its outcome (a step along the way, passed, law or stopped).
 */
import type { BillStatus } from '#shared/domain/bills/bill-status.ts';
import { voteTally } from '#shared/domain/bills/status-rules.ts';

/** moved: a step along the way; passed: passed every chamber it needs; law: enacted; stopped: failed, vetoed or stalled. */
export type StatusOutcome = 'moved' | 'passed' | 'law' | 'stopped';

/** `{tally}` is replaced by the vote's yeas–nays when the action carries them (" 416–0"), else by nothing. */
export const STATUS_WORDS: Record<BillStatus, { words: string; outcome: StatusOutcome }> = {
  INTRODUCED: { words: 'Introduced', outcome: 'moved' },
  REFERRED: { words: 'Referred to committee', outcome: 'moved' },
  REPORTED: { words: 'Reported by committee', outcome: 'moved' },
  'PROV_KILL:SUSPENSIONFAILED': { words: 'Failed{tally} under suspension of the rules; it may get another vote', outcome: 'stopped' },
  'PROV_KILL:CLOTUREFAILED': { words: 'Cloture failed in the Senate{tally}; the bill is stalled', outcome: 'stopped' },
  'PROV_KILL:PINGPONGFAIL': { words: 'The House and Senate failed to agree on a final version{tally}', outcome: 'stopped' },
  'PROV_KILL:VETO': { words: 'Vetoed by the President', outcome: 'stopped' },
  'PASS_OVER:HOUSE': { words: 'Passed the House{tally}', outcome: 'moved' },
  'PASS_OVER:SENATE': { words: 'Passed the Senate{tally}', outcome: 'moved' },
  'PASS_BACK:HOUSE': { words: 'Passed the House with changes{tally}; back to the Senate', outcome: 'moved' },
  'PASS_BACK:SENATE': { words: 'Passed the Senate with changes{tally}; back to the House', outcome: 'moved' },
  'PASSED:BILL': { words: 'Passed both chambers{tally}; goes to the President', outcome: 'passed' },
  'PASSED:SIMPLERES': { words: 'Resolution agreed to{tally}', outcome: 'passed' },
  'PASSED:CONCURRENTRES': { words: 'Agreed to by both chambers{tally}', outcome: 'passed' },
  'PASSED:CONSTAMEND': { words: 'Passed both chambers{tally}; goes to the states for ratification', outcome: 'passed' },
  'CONFERENCE:PASSED:HOUSE': { words: 'The House agreed to the conference report{tally}', outcome: 'moved' },
  'CONFERENCE:PASSED:SENATE': { words: 'The Senate agreed to the conference report{tally}', outcome: 'moved' },
  'ENACTED:SIGNED': { words: 'Became law', outcome: 'law' },
  'ENACTED:VETO_OVERRIDE': { words: "Became law over the President's veto{tally}", outcome: 'law' },
  'ENACTED:TENDAYRULE': { words: "Became law without the President's signature", outcome: 'law' },
  'FAIL:ORIGINATING:HOUSE': { words: 'Failed in the House{tally}', outcome: 'stopped' },
  'FAIL:ORIGINATING:SENATE': { words: 'Failed in the Senate{tally}', outcome: 'stopped' },
  'FAIL:SECOND:HOUSE': { words: 'Failed in the House{tally}', outcome: 'stopped' },
  'FAIL:SECOND:SENATE': { words: 'Failed in the Senate{tally}', outcome: 'stopped' },
  'VETOED:OVERRIDE_PASS_OVER:HOUSE': { words: 'The House voted to override the veto{tally}; goes to the Senate', outcome: 'moved' },
  'VETOED:OVERRIDE_PASS_OVER:SENATE': { words: 'The Senate voted to override the veto{tally}; goes to the House', outcome: 'moved' },
  'VETOED:POCKET': { words: 'Pocket-vetoed by the President', outcome: 'stopped' },
  'VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE': { words: 'The House failed to override the veto{tally}', outcome: 'stopped' },
  'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE': { words: 'The Senate failed to override the veto{tally}', outcome: 'stopped' },
  'VETOED:OVERRIDE_FAIL_SECOND:HOUSE': { words: 'The House failed to override the veto{tally}', outcome: 'stopped' },
  'VETOED:OVERRIDE_FAIL_SECOND:SENATE': { words: 'The Senate failed to override the veto{tally}', outcome: 'stopped' },
};

/** "Passed the House 416–0" from the status and the text of the action that caused it. */
export function statusInWords(status: BillStatus, actionText: string | null): string {
  const tally = actionText ? voteTally(actionText) : null;
  return STATUS_WORDS[status].words.replace('{tally}', tally ? ` ${tally.yeas}\u2013${tally.nays}` : '');
}
