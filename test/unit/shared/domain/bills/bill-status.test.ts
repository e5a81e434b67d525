/**
 * The bill status rules (shared/domain/bills/status-rules.ts and
 * status-timeline.ts): one case per documented transition, each with a real
 * or realistic action text, the bill it belongs to and the status before it;
 * the vote read from the text; the timeline of a whole action history; and
 * the `?status=` filter values.
 */
import { describe, expect, it } from 'vitest';
import { BILL_STATUSES, StatusFilter, matchesStatusFilter, type BillStatus } from '#shared/domain/bills/bill-status.ts';
import type { BillType } from '#shared/domain/bills/bill.schema.ts';
import { measureKind, statusAfterAction, voteTally, type StatusSubject } from '#shared/domain/bills/status-rules.ts';
import { deriveStatus } from '#shared/domain/bills/status-timeline.ts';

const bill = (type: BillType, title = 'A bill for other purposes.', number = 1): StatusSubject => ({ type, number, title });
const CONST_AMEND =
  'Proposing an amendment to the Constitution of the United States authorizing the Congress to prohibit the physical desecration of the flag.';

interface Case {
  rule: string;
  subject: StatusSubject;
  prior: BillStatus;
  text: string;
  expected: BillStatus | null;
}

/** One row per transition of the tables, named by the rule it shows. */
const TRANSITIONS: Case[] = [
  // Votes in the originating chamber.
  {
    rule: 'House suspension passage → PASS_OVER:HOUSE',
    subject: bill('hr', 'Patient Protection and Affordable Care Act', 3590),
    prior: 'INTRODUCED',
    text: 'On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).',
    expected: 'PASS_OVER:HOUSE',
  },
  {
    rule: 'Senate passage of a Senate bill → PASS_OVER:SENATE',
    subject: bill('s'),
    prior: 'INTRODUCED',
    text: 'Passed Senate with an amendment by Yea-Nay Vote. 64 - 35. Record Vote Number: 7.',
    expected: 'PASS_OVER:SENATE',
  },
  {
    rule: 'a House simple resolution agreed to → PASSED:SIMPLERES',
    subject: bill('hres'),
    prior: 'REPORTED',
    text: 'On agreeing to the resolution, as amended Agreed to by the Yeas and Nays: 253 - 175 (Roll no. 16).',
    expected: 'PASSED:SIMPLERES',
  },
  {
    rule: 'a Senate simple resolution agreed to by unanimous consent → PASSED:SIMPLERES',
    subject: bill('sres'),
    prior: 'INTRODUCED',
    text: 'Submitted in the Senate, considered, and agreed to without amendment and with a preamble by Unanimous Consent.',
    expected: 'PASSED:SIMPLERES',
  },
  {
    rule: 'a recorded suspension vote fails in the originating chamber → PROV_KILL:SUSPENSIONFAILED',
    subject: bill('hr'),
    prior: 'REFERRED',
    text: 'On motion to suspend the rules and pass the bill Failed by the Yeas and Nays: (2/3 required): 97 - 318, 7 Present (Roll no. 379).',
    expected: 'PROV_KILL:SUSPENSIONFAILED',
  },
  {
    rule: 'passage fails in the House, its originating chamber → FAIL:ORIGINATING:HOUSE',
    subject: bill('hr'),
    prior: 'REPORTED',
    text: 'On passage Failed by the Yeas and Nays: 195 - 225 (Roll no. 400).',
    expected: 'FAIL:ORIGINATING:HOUSE',
  },
  {
    rule: 'passage fails in the Senate, its originating chamber → FAIL:ORIGINATING:SENATE',
    subject: bill('s'),
    prior: 'REPORTED',
    text: 'Failed of passage in Senate by Yea-Nay Vote. 48 - 51. Record Vote Number: 123.',
    expected: 'FAIL:ORIGINATING:SENATE',
  },
  // Votes in the second chamber and between the chambers.
  {
    rule: 'the Senate passes a House bill with changes → PASS_BACK:SENATE',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Passed Senate with an amendment and an amendment to the Title by Yea-Nay Vote. 60 - 39. Record Vote Number: 396.',
    expected: 'PASS_BACK:SENATE',
  },
  {
    rule: 'the House passes a Senate bill as amended → PASS_BACK:HOUSE',
    subject: bill('s'),
    prior: 'PASS_OVER:SENATE',
    text: 'On motion to suspend the rules and pass the bill, as amended Agreed to by the Yeas and Nays: (2/3 required): 400 - 10 (Roll no. 50).',
    expected: 'PASS_BACK:HOUSE',
  },
  {
    rule: 'the House agrees to the Senate amendment with an amendment (ping-pong) → PASS_BACK:HOUSE',
    subject: bill('hr'),
    prior: 'PASS_BACK:SENATE',
    text: 'On motion that the House agree with an amendment to the Senate amendment Agreed to by voice vote.',
    expected: 'PASS_BACK:HOUSE',
  },
  {
    rule: 'the Senate passes a House bill unchanged → PASSED:BILL',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Passed Senate without amendment by Unanimous Consent.',
    expected: 'PASSED:BILL',
  },
  {
    rule: 'the House agrees to the Senate amendments (ping-pong) → PASSED:BILL',
    subject: bill('hr'),
    prior: 'PASS_BACK:SENATE',
    text: 'On motion that the House agree to the Senate amendments Agreed to by recorded vote: 219 - 212 (Roll no. 165).',
    expected: 'PASSED:BILL',
  },
  {
    rule: 'the Senate agrees to a concurrent resolution from the House → PASSED:CONCURRENTRES',
    subject: bill('hconres'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Received in the Senate, considered, and agreed to without amendment by Unanimous Consent.',
    expected: 'PASSED:CONCURRENTRES',
  },
  {
    rule: 'the second chamber passes a joint resolution proposing a constitutional amendment → PASSED:CONSTAMEND',
    subject: bill('sjres', CONST_AMEND),
    prior: 'PASS_OVER:SENATE',
    text: 'On passage Passed by the Yeas and Nays: (2/3 required): 286 - 130 (Roll no. 296).',
    expected: 'PASSED:CONSTAMEND',
  },
  {
    rule: 'the same vote on an ordinary joint resolution → PASSED:BILL',
    subject: bill('sjres', 'Making continuing appropriations for fiscal year 2010.'),
    prior: 'PASS_OVER:SENATE',
    text: 'On passage Passed by the Yeas and Nays: 286 - 130 (Roll no. 296).',
    expected: 'PASSED:BILL',
  },
  {
    rule: 'a chamber rejects the other chamber’s changes → PROV_KILL:PINGPONGFAIL',
    subject: bill('hr'),
    prior: 'PASS_BACK:SENATE',
    text: 'On motion that the House concur in the Senate amendment Failed by the Yeas and Nays: 200 - 220 (Roll no. 300).',
    expected: 'PROV_KILL:PINGPONGFAIL',
  },
  {
    rule: 'a recorded suspension vote fails in the second chamber → PROV_KILL:SUSPENSIONFAILED',
    subject: bill('s'),
    prior: 'PASS_OVER:SENATE',
    text: 'On motion to suspend the rules and pass the bill Failed by the Yeas and Nays: (2/3 required): 250 - 170 (Roll no. 200).',
    expected: 'PROV_KILL:SUSPENSIONFAILED',
  },
  {
    rule: 'passage fails in the Senate, the second chamber → FAIL:SECOND:SENATE',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Failed of passage in Senate by Yea-Nay Vote. 45 - 54. Record Vote Number: 90.',
    expected: 'FAIL:SECOND:SENATE',
  },
  {
    rule: 'passage fails in the House, the second chamber → FAIL:SECOND:HOUSE',
    subject: bill('s'),
    prior: 'PASS_OVER:SENATE',
    text: 'On passage Failed by the Yeas and Nays: 190 - 230 (Roll no. 150).',
    expected: 'FAIL:SECOND:HOUSE',
  },
  // Cloture.
  {
    rule: 'cloture on proceeding to the measure not invoked → PROV_KILL:CLOTUREFAILED',
    subject: bill('s'),
    prior: 'REPORTED',
    text: 'Cloture on the motion to proceed to the measure not invoked in Senate by Yea-Nay Vote. 50 - 49. Record Vote Number: 12.',
    expected: 'PROV_KILL:CLOTUREFAILED',
  },
  {
    rule: 'cloture invoked changes nothing',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Cloture on the motion to proceed to the bill invoked in Senate by Yea-Nay Vote. 60 - 39. Record Vote Number: 353.',
    expected: null,
  },
  {
    rule: 'cloture failing on an amendment is not about the bill',
    subject: bill('s'),
    prior: 'REPORTED',
    text: 'Cloture on amendment SA 1234 not invoked in Senate by Yea-Nay Vote. 45 - 54. Record Vote Number: 30.',
    expected: null,
  },
  // The President and vetoes.
  { rule: 'vetoed → PROV_KILL:VETO', subject: bill('hjres'), prior: 'PASSED:BILL', text: 'Vetoed by President.', expected: 'PROV_KILL:VETO' },
  { rule: 'pocket-vetoed → VETOED:POCKET', subject: bill('hr'), prior: 'PASSED:BILL', text: 'Pocket Vetoed by President.', expected: 'VETOED:POCKET' },
  {
    rule: 'the House overrides a veto of its own bill → VETOED:OVERRIDE_PASS_OVER:HOUSE',
    subject: bill('hr'),
    prior: 'PROV_KILL:VETO',
    text: 'Two-thirds of the Members present having voted in the affirmative the bill is passed, Passed by the Yeas and Nays: (2/3 required): 383 - 41 (Roll no. 491).',
    expected: 'VETOED:OVERRIDE_PASS_OVER:HOUSE',
  },
  {
    rule: 'the Senate overrides a veto of its own bill → VETOED:OVERRIDE_PASS_OVER:SENATE',
    subject: bill('s'),
    prior: 'PROV_KILL:VETO',
    text: 'Passed Senate over veto by Yea-Nay Vote. 81 - 17. Record Vote Number: 100.',
    expected: 'VETOED:OVERRIDE_PASS_OVER:SENATE',
  },
  {
    rule: 'the second chamber overrides too → ENACTED:VETO_OVERRIDE',
    subject: bill('hr'),
    prior: 'VETOED:OVERRIDE_PASS_OVER:HOUSE',
    text: 'Passed Senate over veto by Yea-Nay Vote. 70 - 26. Record Vote Number: 177.',
    expected: 'ENACTED:VETO_OVERRIDE',
  },
  {
    rule: 'an override fails in the House, the originating chamber → VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE',
    subject: bill('hjres'),
    prior: 'PROV_KILL:VETO',
    text: 'On passage, the objections of the President to the contrary notwithstanding Failed by the Yeas and Nays: (2/3 required): 143 - 245, 1 Present (Roll no. 2).',
    expected: 'VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE',
  },
  {
    rule: 'an override fails in the Senate, the originating chamber → VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE',
    subject: bill('sjres'),
    prior: 'PROV_KILL:VETO',
    text: 'Failed of passage in Senate over veto by Yea-Nay Vote. 52 - 47. Record Vote Number: 44.',
    expected: 'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE',
  },
  {
    rule: 'an override fails in the Senate, the second chamber → VETOED:OVERRIDE_FAIL_SECOND:SENATE',
    subject: bill('hr'),
    prior: 'VETOED:OVERRIDE_PASS_OVER:HOUSE',
    text: 'Failed of passage in Senate over veto by Yea-Nay Vote. 54 - 45. Record Vote Number: 55.',
    expected: 'VETOED:OVERRIDE_FAIL_SECOND:SENATE',
  },
  {
    rule: 'an override fails in the House, the second chamber → VETOED:OVERRIDE_FAIL_SECOND:HOUSE',
    subject: bill('s'),
    prior: 'VETOED:OVERRIDE_PASS_OVER:SENATE',
    text: 'On passage, the objections of the President to the contrary notwithstanding Failed by the Yeas and Nays: (2/3 required): 240 - 180 (Roll no. 60).',
    expected: 'VETOED:OVERRIDE_FAIL_SECOND:HOUSE',
  },
  { rule: 'signed → ENACTED:SIGNED', subject: bill('hr'), prior: 'PASSED:BILL', text: 'Signed by President.', expected: 'ENACTED:SIGNED' },
  {
    rule: 'law without signature after ten days → ENACTED:TENDAYRULE',
    subject: bill('hr'),
    prior: 'PASSED:BILL',
    text: 'Sent to Archivist of the United States unsigned.',
    expected: 'ENACTED:TENDAYRULE',
  },
  {
    rule: 'the law number after a signature changes nothing',
    subject: bill('s'),
    prior: 'ENACTED:SIGNED',
    text: 'Became Public Law No: 119-1.',
    expected: null,
  },
  {
    rule: 'a law after a veto with no override vote seen → ENACTED:VETO_OVERRIDE',
    subject: bill('hr'),
    prior: 'PROV_KILL:VETO',
    text: 'Became Public Law No: 110-275.',
    expected: 'ENACTED:VETO_OVERRIDE',
  },
  {
    rule: 'a law with no signature action seen → ENACTED:SIGNED',
    subject: bill('hr'),
    prior: 'PASSED:BILL',
    text: 'Became Public Law No: 117-103.',
    expected: 'ENACTED:SIGNED',
  },
  // Conference reports.
  {
    rule: 'the House agrees to a conference report first → CONFERENCE:PASSED:HOUSE',
    subject: bill('hr'),
    prior: 'PASS_BACK:SENATE',
    text: 'On agreeing to the conference report Agreed to by the Yeas and Nays: 293 - 132 (Roll no. 72).',
    expected: 'CONFERENCE:PASSED:HOUSE',
  },
  {
    rule: 'the Senate agrees to a conference report first → CONFERENCE:PASSED:SENATE',
    subject: bill('s'),
    prior: 'PASS_BACK:HOUSE',
    text: 'Senate agreed to conference report by Unanimous Consent.',
    expected: 'CONFERENCE:PASSED:SENATE',
  },
  {
    rule: 'the second chamber agrees to the conference report → PASSED:BILL',
    subject: bill('hr'),
    prior: 'CONFERENCE:PASSED:HOUSE',
    text: 'Senate agreed to conference report by Yea-Nay Vote. 60 - 36. Record Vote Number: 22.',
    expected: 'PASSED:BILL',
  },
  {
    rule: 'a rejected conference report changes nothing',
    subject: bill('hr'),
    prior: 'PASS_BACK:SENATE',
    text: 'On agreeing to the conference report Failed by the Yeas and Nays: 200 - 220 (Roll no. 10).',
    expected: null,
  },
  // House actions that pass or dispose of a measure without an ordinary vote.
  {
    rule: 'passed by a special rule → PASS_OVER:HOUSE',
    subject: bill('hr'),
    prior: 'INTRODUCED',
    text: 'Passed House pursuant to H. Res. 5.',
    expected: 'PASS_OVER:HOUSE',
  },
  {
    rule: 'Senate amendment agreed to with an amendment by a special rule → PASS_BACK:HOUSE',
    subject: bill('hr'),
    prior: 'PASS_BACK:SENATE',
    text: 'House agreed to Senate amendment with amendment pursuant to H. Res. 1234.',
    expected: 'PASS_BACK:HOUSE',
  },
  {
    rule: 'listed among the bills passed under suspension en bloc → PASS_OVER:HOUSE',
    subject: bill('hr', 'Consolidated Appropriations Act, 2022', 2471),
    prior: 'REPORTED',
    text: 'Pursuant to section 8 of H. Res. 504, and the motion offered by Mr. McGovern, the following bills passed under suspension of the rules: H.R. 1500, as amended; H.R. 2471, as amended; H.R. 3261; and H.R. 3385, as amended; and the following resolutions were agreed to under suspension of the rules: H. Res. 186; and H. Res. 402, as amended. (consideration: CR H3258-3262)',
    expected: 'PASS_OVER:HOUSE',
  },
  {
    rule: 'not listed among the bills passed en bloc: nothing',
    subject: bill('hr', 'Another Act', 2472),
    prior: 'REPORTED',
    text: 'Pursuant to section 8 of H. Res. 504, the following bills passed under suspension of the rules: H.R. 1500, as amended; H.R. 2471, as amended.',
    expected: null,
  },
  {
    rule: 'a motion to table the measure agreed to before passage → FAIL:ORIGINATING:HOUSE',
    subject: bill('hres'),
    prior: 'REFERRED',
    text: 'On motion to table the measure Agreed to by the Yeas and Nays: 332 - 93 (Roll no. 386).',
    expected: 'FAIL:ORIGINATING:HOUSE',
  },
  {
    rule: 'a motion to table the measure after passing its own chamber: nothing',
    subject: bill('s'),
    prior: 'PASS_OVER:SENATE',
    text: 'On motion to table the measure Agreed to by voice vote.',
    expected: null,
  },
  // The wording of the 1970s.
  {
    rule: 'old-style passage with a roll call → PASS_OVER:HOUSE',
    subject: bill('hr'),
    prior: 'REPORTED',
    text: 'Measure passed House, amended, roll call #123 (300-100).',
    expected: 'PASS_OVER:HOUSE',
  },
  {
    rule: 'old-style Senate agreement to House amendments with an amendment → PASS_BACK:SENATE',
    subject: bill('s'),
    prior: 'PASS_BACK:HOUSE',
    text: 'Senate agreed to House amendment with an amendment.',
    expected: 'PASS_BACK:SENATE',
  },
  // Committees.
  {
    rule: 'referred to committee → REFERRED',
    subject: bill('hr'),
    prior: 'INTRODUCED',
    text: 'Referred to the House Committee on Foreign Affairs.',
    expected: 'REFERRED',
  },
  {
    rule: 'referred concurrently to several committees → REFERRED',
    subject: bill('s'),
    prior: 'INTRODUCED',
    text: 'Read twice and referred concurrently to the Committees on Foreign Relations; Finance; and the Judiciary.',
    expected: 'REFERRED',
  },
  {
    rule: 'referred jointly to committees → REFERRED',
    subject: bill('s'),
    prior: 'INTRODUCED',
    text: 'Read twice and referred jointly to the Committees on Commerce, Science, and Transportation and Environment and Public Works.',
    expected: 'REFERRED',
  },
  {
    rule: 'placed on the House Calendar after a referral → REPORTED (as unitedstates/congress)',
    subject: bill('hr'),
    prior: 'REFERRED',
    text: 'Placed on the House Calendar, Calendar No. 12.',
    expected: 'REPORTED',
  },
  {
    rule: 'placed on the Senate calendar straight after introduction → REPORTED',
    subject: bill('s'),
    prior: 'INTRODUCED',
    text: 'Placed on Senate Legislative Calendar under General Orders. Calendar No. 70.',
    expected: 'REPORTED',
  },
  {
    rule: 'placed on a calendar after being reported changes nothing',
    subject: bill('s'),
    prior: 'REPORTED',
    text: 'Placed on Senate Legislative Calendar under General Orders. Calendar No. 70.',
    expected: null,
  },
  {
    rule: 'returned to a calendar after passing a chamber changes nothing',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Placed on Senate Legislative Calendar under General Orders. Calendar No. 144.',
    expected: null,
  },
  // Actions that can only follow a passage imply it when the stored actions lack the vote.
  {
    rule: 'received in the Senate with no House vote on record implies the House passage → PASS_OVER:HOUSE',
    subject: bill('hr', 'Born-Alive Abortion Survivors Protection Act', 21),
    prior: 'REFERRED',
    text: 'Received in the Senate.',
    expected: 'PASS_OVER:HOUSE',
  },
  {
    rule: 'received in the House with no Senate vote on record implies the Senate passage → PASS_OVER:SENATE',
    subject: bill('s'),
    prior: 'REPORTED',
    text: 'Received in the House.',
    expected: 'PASS_OVER:SENATE',
  },
  {
    rule: 'a message on Senate action with no vote on record implies the Senate passage of a Senate bill → PASS_OVER:SENATE',
    subject: bill('s'),
    prior: 'INTRODUCED',
    text: 'Message on Senate action sent to the House.',
    expected: 'PASS_OVER:SENATE',
  },
  {
    rule: 'a message on Senate action on a House bill with no vote on record implies at least the House passage → PASS_OVER:HOUSE',
    subject: bill('hr'),
    prior: 'REFERRED',
    text: 'Message on Senate action sent to the House.',
    expected: 'PASS_OVER:HOUSE',
  },
  {
    rule: 'a message on Senate action after the House passage changes nothing (the Senate vote says how)',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Message on Senate action sent to the House.',
    expected: null,
  },
  {
    rule: 'presented to the President with no second passage on record implies it → PASSED:BILL',
    subject: bill('s'),
    prior: 'PASS_OVER:SENATE',
    text: 'Presented to President.',
    expected: 'PASSED:BILL',
  },
  {
    rule: 'cleared for the White House before any vote on record → PASSED:BILL',
    subject: bill('hr'),
    prior: 'REFERRED',
    text: 'Cleared for White House.',
    expected: 'PASSED:BILL',
  },
  {
    rule: 'presented to the President after a veto changes nothing',
    subject: bill('hr'),
    prior: 'PROV_KILL:VETO',
    text: 'Presented to President.',
    expected: null,
  },
  {
    rule: 'a referral in the second chamber changes nothing',
    subject: bill('hjres'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Received in the Senate and Read twice and referred to the Committee on Foreign Relations.',
    expected: null,
  },
  {
    rule: 'ordered reported → REPORTED',
    subject: bill('s'),
    prior: 'REFERRED',
    text: 'Committee on the Judiciary. Ordered to be reported with an amendment in the nature of a substitute favorably.',
    expected: 'REPORTED',
  },
  {
    rule: 'reported by a Senate committee → REPORTED',
    subject: bill('s'),
    prior: 'REFERRED',
    text: 'Committee on Finance. Reported by Senator Crapo with an amendment in the nature of a substitute. With written report No. 119-5.',
    expected: 'REPORTED',
  },
  {
    rule: 'reported by a House committee → REPORTED',
    subject: bill('hjres'),
    prior: 'REFERRED',
    text: 'Reported by the Committee on Foreign Affairs. H. Rept. 116-7.',
    expected: 'REPORTED',
  },
  {
    rule: 'a committee discharged → REPORTED',
    subject: bill('sres'),
    prior: 'REFERRED',
    text: 'Senate Committee on Rules and Administration discharged by Unanimous Consent.',
    expected: 'REPORTED',
  },
  {
    rule: 'a subcommittee discharged is still in committee',
    subject: bill('hres'),
    prior: 'REFERRED',
    text: 'Subcommittee on Europe, Eurasia, and Emerging Threats Discharged.',
    expected: null,
  },
  {
    rule: 'a committee report after passing a chamber changes nothing',
    subject: bill('hr'),
    prior: 'PASS_OVER:HOUSE',
    text: 'Committee on Finance. Reported by Senator Crapo without amendment.',
    expected: null,
  },
  // Nothing to read.
  {
    rule: 'an amendment’s own action is not about the bill',
    subject: bill('s'),
    prior: 'REPORTED',
    text: 'S.Amdt.1234 Amendment SA 1234 agreed to in Senate by Unanimous Consent.',
    expected: null,
  },
  {
    rule: 'a vote on an amendment is not a vote on the bill',
    subject: bill('hr'),
    prior: 'REFERRED',
    text: 'On agreeing to the Tlaib amendment (A011) Failed by recorded vote: 205 - 220 (Roll no. 37).',
    expected: null,
  },
  { rule: 'presented to the President changes nothing', subject: bill('hr'), prior: 'PASSED:BILL', text: 'Presented to President.', expected: null },
];

describe('bill status transitions', () => {
  it.each(TRANSITIONS.map((c) => [c.rule, c] as const))('%s', (_, c) => {
    expect(statusAfterAction(c.subject, c.prior, c.text).status).toBe(c.expected);
  });

  it('reaches every status of the vocabulary but the starting one', () => {
    const reached = new Set(TRANSITIONS.map((c) => c.expected));
    expect(BILL_STATUSES.filter((s) => s !== 'INTRODUCED' && !reached.has(s))).toEqual([]);
  });

  it('reads a joint resolution as a constitutional amendment by its title only', () => {
    expect(measureKind(bill('hjres', CONST_AMEND))).toBe('const_amend');
    expect(measureKind(bill('hjres', 'Directing the removal of United States Armed Forces from hostilities in Yemen.'))).toBe('bill');
    expect(measureKind(bill('hr', CONST_AMEND))).toBe('bill');
    expect([measureKind(bill('hconres')), measureKind(bill('sres'))]).toEqual(['concurrent_res', 'simple_res']);
  });
});

describe('the vote an action records', () => {
  it('reads chamber, result, how and roll', () => {
    expect(
      statusAfterAction(
        bill('hr', 'Patient Protection and Affordable Care Act', 3590),
        'INTRODUCED',
        'On motion to suspend the rules and pass the bill Agreed to by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).',
      ),
    ).toEqual({ status: 'PASS_OVER:HOUSE', vote: { chamber: 'house', result: 'pass', how: 'roll', roll: 768 } });
    expect(statusAfterAction(bill('s'), 'INTRODUCED', 'Passed Senate with an amendment by Yea-Nay Vote. 64 - 35. Record Vote Number: 7.').vote).toEqual({
      chamber: 'senate',
      result: 'pass',
      how: 'roll',
      roll: 7,
    });
    expect(statusAfterAction(bill('hr'), 'PASS_OVER:HOUSE', 'Passed Senate without amendment by Unanimous Consent.').vote).toEqual({
      chamber: 'senate',
      result: 'pass',
      how: 'unanimous_consent',
      roll: null,
    });
    expect(
      statusAfterAction(bill('hr'), 'INTRODUCED', 'On motion to suspend the rules and pass the bill Agreed to by voice vote. (text: CR H58-60)').vote,
    ).toEqual({
      chamber: 'house',
      result: 'pass',
      how: 'voice',
      roll: null,
    });
    expect(
      statusAfterAction(
        bill('s'),
        'REPORTED',
        'Cloture on the motion to proceed to the measure not invoked in Senate by Yea-Nay Vote. 50 - 49. Record Vote Number: 12.',
      ).vote,
    ).toEqual({ chamber: 'senate', result: 'fail', how: 'roll', roll: 12 });
  });

  it('gives the vote with a null status when the status does not change, and nothing for a non-vote', () => {
    expect(statusAfterAction(bill('hr'), 'PASS_OVER:HOUSE', 'On passage Passed by the Yeas and Nays: 248 - 177 (Roll no. 83).')).toEqual({
      status: null,
      vote: { chamber: 'house', result: 'pass', how: 'roll', roll: 83 },
    });
    expect(statusAfterAction(bill('hr'), 'INTRODUCED', 'Held at the desk.')).toEqual({ status: null, vote: null });
  });

  it('reads the tally of a recorded vote', () => {
    expect(voteTally('On passage Passed by the Yeas and Nays: (2/3 required): 416 - 0 (Roll no. 768).')).toEqual({ yeas: 416, nays: 0 });
    expect(voteTally('Passed Senate with an amendment by Yea-Nay Vote. 64 - 35. Record Vote Number: 7.')).toEqual({ yeas: 64, nays: 35 });
    expect(voteTally('Passed Senate without amendment by Unanimous Consent.')).toBeNull();
    expect(voteTally('Became Public Law No: 117-103.')).toBeNull();
  });
});

describe('the status timeline of an action history', () => {
  const a = (action_date: string, action_text: string) => ({ action_date, action_text });
  const SUBJECT = bill('hr', 'An act making appropriations.', 2471);
  // A House bill through committee, both chambers, a conference and the President, with Library of Congress echoes.
  const HISTORY = [
    a('2021-04-13', 'Introduced in House'),
    a('2021-04-13', 'Referred to the House Committee on Foreign Affairs.'),
    a('2021-04-21', 'Ordered to be Reported in the Nature of a Substitute (Amended) by Voice Vote.'),
    a('2021-06-29', 'On passage Passed by the Yeas and Nays: 230 - 190 (Roll no. 180).'),
    a('2021-06-29', 'Passed/agreed to in House: On passage Passed by the Yeas and Nays: 230 - 190 (Roll no. 180).'),
    a('2021-07-12', 'Received in the Senate and Read twice and referred to the Committee on Foreign Relations.'),
    a('2022-01-13', 'Passed Senate with an amendment by Voice Vote.'),
    a('2022-03-09', 'On agreeing to the conference report Agreed to by the Yeas and Nays: 293 - 132 (Roll no. 72).'),
    a('2022-03-09', 'Resolving differences -- House actions: On agreeing to the conference report Agreed to by the Yeas and Nays: 293 - 132 (Roll no. 72).'),
    a('2022-03-10', 'Senate agreed to conference report by Yea-Nay Vote. 68 - 31. Record Vote Number: 78.'),
    a('2022-03-14', 'Presented to President.'),
    a('2022-03-15', 'Became Public Law No: 117-103.'),
    a('2022-03-15', 'Signed by President.'),
  ];

  it('records each change with its date and action, oldest first', () => {
    expect(deriveStatus(SUBJECT, HISTORY)).toEqual({
      status: 'ENACTED:SIGNED',
      timeline: [
        { status: 'INTRODUCED', date: '2021-04-13', action_text: 'Introduced in House' },
        { status: 'REFERRED', date: '2021-04-13', action_text: 'Referred to the House Committee on Foreign Affairs.' },
        { status: 'REPORTED', date: '2021-04-21', action_text: 'Ordered to be Reported in the Nature of a Substitute (Amended) by Voice Vote.' },
        { status: 'PASS_OVER:HOUSE', date: '2021-06-29', action_text: 'On passage Passed by the Yeas and Nays: 230 - 190 (Roll no. 180).' },
        { status: 'PASS_BACK:SENATE', date: '2022-01-13', action_text: 'Passed Senate with an amendment by Voice Vote.' },
        {
          status: 'CONFERENCE:PASSED:HOUSE',
          date: '2022-03-09',
          action_text: 'On agreeing to the conference report Agreed to by the Yeas and Nays: 293 - 132 (Roll no. 72).',
        },
        { status: 'PASSED:BILL', date: '2022-03-10', action_text: 'Senate agreed to conference report by Yea-Nay Vote. 68 - 31. Record Vote Number: 78.' },
        { status: 'ENACTED:SIGNED', date: '2022-03-15', action_text: 'Signed by President.' },
      ],
    });
  });

  it('gives the same result whatever order the actions come in (stored actions carry no time of day)', () => {
    const expected = deriveStatus(SUBJECT, HISTORY);
    expect(deriveStatus(SUBJECT, [...HISTORY].reverse())).toEqual(expected);
    expect(deriveStatus(SUBJECT, [...HISTORY.slice(7), ...HISTORY.slice(0, 7)])).toEqual(expected);
  });

  it('counts a conference report once when its echo has no roll call either', () => {
    const history = [
      a('2022-01-10', 'Passed Senate with an amendment by Voice Vote.'),
      a('2022-03-09', 'On agreeing to the conference report Agreed to by voice vote.'),
      a('2022-03-09', 'Resolving differences -- House actions: On agreeing to the conference report Agreed to by voice vote.'),
    ];
    expect(deriveStatus(SUBJECT, [a('2021-06-01', 'Passed House pursuant to H. Res. 5.'), ...history]).status).toBe('CONFERENCE:PASSED:HOUSE');
  });

  it('is INTRODUCED with an empty timeline for a bill with no actions yet', () => {
    expect(deriveStatus(SUBJECT, [])).toEqual({ status: 'INTRODUCED', timeline: [] });
  });
});

describe('the ?status= filter', () => {
  it('accepts a code or a prefix of whole parts, in any case', () => {
    expect(['ENACTED', 'enacted', 'PASS_OVER:HOUSE', 'FAIL:SECOND', 'conference:passed', 'PROV_KILL'].map((v) => StatusFilter().safeParse(v).data)).toEqual([
      'ENACTED',
      'ENACTED',
      'PASS_OVER:HOUSE',
      'FAIL:SECOND',
      'CONFERENCE:PASSED',
      'PROV_KILL',
    ]);
    for (const bad of ['PASS', 'ENACTED:', 'ENACT', 'LAW', '']) expect(StatusFilter().safeParse(bad).success, bad).toBe(false);
  });

  it('keeps a filter by the earlier spelling of the one-chamber override working, and VETOED lists it', () => {
    expect(['OVERRIDE_PASS_OVER', 'override_pass_over:house', 'VETOED:OVERRIDE_PASS_OVER'].map((v) => StatusFilter().safeParse(v).data)).toEqual([
      'VETOED:OVERRIDE_PASS_OVER',
      'VETOED:OVERRIDE_PASS_OVER:HOUSE',
      'VETOED:OVERRIDE_PASS_OVER',
    ]);
    expect(matchesStatusFilter('VETOED:OVERRIDE_PASS_OVER:SENATE', 'VETOED')).toBe(true);
    expect(matchesStatusFilter('VETOED:OVERRIDE_PASS_OVER:SENATE', 'VETOED:OVERRIDE_PASS_OVER')).toBe(true);
  });

  it('matches whole parts only', () => {
    expect(matchesStatusFilter('PASSED:BILL', 'PASSED')).toBe(true);
    expect(matchesStatusFilter('PASS_OVER:HOUSE', 'PASSED')).toBe(false);
    expect(matchesStatusFilter('ENACTED:VETO_OVERRIDE', 'ENACTED')).toBe(true);
    expect(matchesStatusFilter('PROV_KILL:VETO', 'VETOED')).toBe(false);
    expect(matchesStatusFilter('FAIL:SECOND:HOUSE', 'FAIL:SECOND:HOUSE')).toBe(true);
  });
});
