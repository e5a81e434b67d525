import { describe, expect, it } from 'vitest';
import { categorizeAction } from '#shared/domain/bills/categorize-action.ts';

describe('categorizeAction', () => {
  it.each([
    ['Passed/agreed to in House: On passage Passed by the Yeas and Nays: 215 - 214 (Roll no. 145).', 'vote'],
    ['On agreeing to the Tlaib amendment (A011) Failed by recorded vote: 205 - 220 (Roll no. 37).', 'vote'],
    ['Motion to reconsider laid on the table Agreed to without objection.', 'vote'],
    ['Presented to President.', 'presidential'],
    ['Signed by President.', 'presidential'],
    ['Vetoed by President.', 'presidential'],
    ['Became Public Law No: 119-21.', 'presidential'],
    ['Ordered to be Reported (Amended) by the Yeas and Nays: 30 - 25.', 'committee_report'],
    ['Reported by the Committee on Foreign Affairs. H. Rept. 116-7.', 'committee_report'],
    ['Committee on Ways and Means. Reported by Voice Vote.', 'committee_report'],
    ['Placed on the Union Calendar, Calendar No. 2.', 'calendar'],
    ['Placed on Senate Legislative Calendar under General Orders. Calendar No. 1.', 'calendar'],
    ['Referred to the House Committee on Energy and Commerce.', 'referral'],
    ['Referred to the Subcommittee on Health.', 'referral'],
    ['Introduced in House', 'referral'],
    ['Held at the desk.', 'procedural'],
    ['Rule H. Res. 5 passed House.', 'vote'],
  ])('%s → %s', (text, category) => {
    expect(categorizeAction(text)).toBe(category);
  });

  it('uses the provider action type only when the text says nothing', () => {
    expect(categorizeAction('Pocket veto message', 'Veto')).toBe('presidential');
    expect(categorizeAction('Some notice', 'President')).toBe('presidential');
    expect(categorizeAction('Some notice', 'Floor')).toBe('procedural');
  });
});
