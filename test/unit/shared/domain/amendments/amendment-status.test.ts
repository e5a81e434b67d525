import { describe, expect, it } from 'vitest';
import { actionOutcome, amendmentStatus } from '#shared/domain/amendments/amendment-status.ts';

describe('amendment status rule', () => {
  it.each([
    ['Amendment SA 2137 agreed to in Senate by Yea-Nay Vote. 69 - 28. Record Vote Number: 312.', 'agreed_to'],
    ['On agreeing to the Connolly amendment (A003) Failed by recorded vote: 193 - 223 (Roll no. 647).', 'failed'],
    ['House amendment not agreed to: On agreeing to the Hastings amendment (A001) Failed by recorded vote', 'failed'],
    ['Proposed amendment SA 946 withdrawn in Senate.', 'withdrawn'],
    ['Amendment SA 2137 proposed by Senator Schumer for Senator Sinema.', 'offered'],
    ['Amendment (A003) offered by Mr. Connolly.', 'offered'],
    ['Ordered to be printed.  SP 2', 'submitted'],
    ['Amendment SA 4987 fell when SA 4988 was withdrawn.', 'fell'],
    ['Motion to table amendment SA 100 agreed to in Senate by Yea-Nay Vote. 52 - 47.', 'tabled'],
    ['Motion to table amendment SA 100 not agreed to in Senate by Yea-Nay Vote. 40 - 57.', null],
    ['Cloture on amendment SA 2137 invoked in Senate by Yea-Nay Vote. 67 - 27.', null],
    ['Considered by Senate. (consideration: CR S5894)', null],
    ['Motion to waive all applicable budgetary discipline with respect to amendment SA 2137 agreed to in Senate.', null],
    ['Point of order that the amendment violates section 306 of the Congressional Budget Act sustained.', 'fell'],
  ])('%s → %s', (text, status) => {
    expect(actionOutcome(text)).toBe(status);
  });

  it('takes the latest action that says something; within a day a decision outranks an offer', () => {
    expect(
      amendmentStatus([
        { action_date: '2017-11-30', text: 'Amendment (A003) offered by Mr. Connolly.' },
        { action_date: '2017-11-30', text: 'On agreeing to the Connolly amendment (A003) Failed by recorded vote: 193 - 223 (Roll no. 647).' },
        { action_date: '2017-11-29', text: 'Considered.' },
      ]),
    ).toEqual({ status: 'failed', status_date: '2017-11-30' });
    // Times order a day's actions when the House gives them.
    expect(
      amendmentStatus([
        { action_date: '2021-08-04', action_time: '10:00:00', text: 'Amendment agreed to by voice vote.' },
        { action_date: '2021-08-04', action_time: '11:00:00', text: 'Amendment withdrawn.' },
      ]).status,
    ).toBe('withdrawn');
    // A later day wins over a decision the day before.
    expect(
      amendmentStatus([
        { action_date: '2021-08-05', text: 'Amendment SA 1 proposed by Senator X.' },
        { action_date: '2021-08-04', text: 'Amendment SA 1 not agreed to.' },
      ]).status,
    ).toBe('offered');
  });

  it('is submitted, dated by the first action, when no action says anything; null date without actions', () => {
    expect(
      amendmentStatus([
        { action_date: '2021-08-02', text: 'Considered by Senate.' },
        { action_date: '2021-08-01', text: 'Cloture motion presented.' },
      ]),
    ).toEqual({
      status: 'submitted',
      status_date: '2021-08-01',
    });
    expect(amendmentStatus([])).toEqual({ status: 'submitted', status_date: null });
  });
});
