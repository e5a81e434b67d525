import { describe, expect, it } from 'vitest';
import { categorizeAction } from '#shared/domain/bills/categorize-action.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

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
    ['Read twice and referred concurrently to the Committees on Foreign Relations; Finance.', 'referral'],
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

describe.skipIf(!hasFixtures)('one categorisation per action', () => {
  it('gives a Bill Status file\'s bill the category of its latest action in its action list (H.R. 1 of the 117th: "Received in the Senate.")', () => {
    const { bill, actions } = parseBillStatus(fixture('govinfo-billstatus/BILLSTATUS-117hr1.xml'), '2025-01-01T00:00:00Z');
    const latest = actions.filter((a) => a.action_date === bill.latest_action_date && a.action_text === bill.latest_action_text);
    expect(latest.length).toBeGreaterThan(0);
    for (const a of latest) expect(bill.latest_action_category).toBe(a.category);
  });
});
