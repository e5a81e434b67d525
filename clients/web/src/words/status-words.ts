/**
 * Bill status codes (GovTrack's vocabulary, as the API answers them) in plain words, and where each puts a bill
 * on the path every bill walks: introduced, committee, the first chamber, the second chamber, the President, law.
 */
import type { Schemas } from '../../../typescript/index.ts';

export type BillStatus = Schemas['Bill']['status'];
type BillType = Schemas['Bill']['type'];
type Chamber = 'house' | 'senate';

const STATUS_WORDS: Record<BillStatus, string> = {
  INTRODUCED: 'Introduced',
  REFERRED: 'Referred to committee',
  REPORTED: 'Reported by committee',
  'PROV_KILL:SUSPENSIONFAILED': 'Failed a fast-track vote (may be voted on again)',
  'PROV_KILL:CLOTUREFAILED': 'Stalled: the Senate did not end debate (may be voted on again)',
  'PROV_KILL:PINGPONGFAIL': 'Stalled: the House and Senate have not agreed on changes',
  'PROV_KILL:VETO': 'Vetoed by the President (Congress may override)',
  'PASS_OVER:HOUSE': 'Passed the House',
  'PASS_OVER:SENATE': 'Passed the Senate',
  'PASS_BACK:HOUSE': 'Passed the House with changes, back to the Senate',
  'PASS_BACK:SENATE': 'Passed the Senate with changes, back to the House',
  'PASSED:BILL': 'Passed Congress, sent to the President',
  'PASSED:SIMPLERES': 'Agreed to',
  'PASSED:CONCURRENTRES': 'Agreed to by the House and Senate',
  'PASSED:CONSTAMEND': 'Passed Congress, sent to the states',
  'CONFERENCE:PASSED:HOUSE': 'The House passed the final compromise',
  'CONFERENCE:PASSED:SENATE': 'The Senate passed the final compromise',
  'ENACTED:SIGNED': 'Signed into law',
  'ENACTED:VETO_OVERRIDE': "Became law over the President's veto",
  'ENACTED:TENDAYRULE': "Became law without the President's signature",
  'FAIL:ORIGINATING:HOUSE': 'Failed in the House',
  'FAIL:ORIGINATING:SENATE': 'Failed in the Senate',
  'FAIL:SECOND:HOUSE': 'Passed the Senate, failed in the House',
  'FAIL:SECOND:SENATE': 'Passed the House, failed in the Senate',
  'VETOED:OVERRIDE_PASS_OVER:HOUSE': 'The House voted to override the veto',
  'VETOED:OVERRIDE_PASS_OVER:SENATE': 'The Senate voted to override the veto',
  'VETOED:POCKET': 'Pocket-vetoed by the President',
  'VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE': 'Vetoed; the House did not override the veto',
  'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE': 'Vetoed; the Senate did not override the veto',
  'VETOED:OVERRIDE_FAIL_SECOND:HOUSE': 'Vetoed; the House did not override the veto',
  'VETOED:OVERRIDE_FAIL_SECOND:SENATE': 'Vetoed; the Senate did not override the veto',
};

/** The status in plain words ("Passed the House" for PASS_OVER:HOUSE); an unknown code is shown as it is. */
export function statusWords(status: string): string {
  return (STATUS_WORDS as Record<string, string>)[status] ?? status;
}

export const ALL_STATUSES = Object.keys(STATUS_WORDS) as BillStatus[];

export interface TimelineStep {
  label: string;
  state: 'complete' | 'current' | 'failed' | 'upcoming';
}

const chamberName = (c: Chamber) => (c === 'house' ? 'House' : 'Senate');
const other = (c: Chamber): Chamber => (c === 'house' ? 'senate' : 'house');

/** The steps of the bill's path and how far it got: what the status timeline draws. */
export function timelineSteps(status: string, type: BillType, chamber: Chamber): TimelineStep[] {
  const simple = type === 'hres' || type === 'sres';
  const concurrent = type === 'hconres' || type === 'sconres';
  const labels = simple
    ? ['Introduced', 'Committee', `Agreed to by the ${chamberName(chamber)}`]
    : concurrent
      ? ['Introduced', 'Committee', chamberName(chamber), chamberName(other(chamber))]
      : ['Introduced', 'Committee', chamberName(chamber), chamberName(other(chamber)), 'President', 'Law'];
  const last = labels.length - 1;
  // The step the bill is at now, and whether it stopped there.
  let at = 0;
  let failed = false;
  let done = false;
  if (status === 'INTRODUCED') at = 0;
  else if (status === 'REFERRED' || status === 'REPORTED') at = 1;
  else if (status === 'PROV_KILL:SUSPENSIONFAILED' || status === 'PROV_KILL:CLOTUREFAILED' || status.startsWith('FAIL:ORIGINATING')) {
    at = 2;
    failed = status.startsWith('FAIL:');
  } else if (status.startsWith('PASS_OVER:') || status.startsWith('PASS_BACK:') || status.startsWith('CONFERENCE:') || status === 'PROV_KILL:PINGPONGFAIL')
    at = 3;
  else if (status.startsWith('FAIL:SECOND')) {
    at = 3;
    failed = true;
  } else if (status === 'PASSED:BILL' || status === 'PROV_KILL:VETO' || status.startsWith('VETOED:OVERRIDE_PASS_OVER') || status === 'PASSED:CONSTAMEND') at = 4;
  else if (status.startsWith('VETOED:')) {
    at = 4;
    failed = true;
  } else if (status.startsWith('ENACTED:') || status.startsWith('PASSED:')) {
    at = last;
    done = true;
  }
  at = Math.min(at, last);
  return labels.map((label, i) => ({
    label,
    state: i < at || (done && i === at) ? 'complete' : i === at ? (failed ? 'failed' : 'current') : 'upcoming',
  }));
}
