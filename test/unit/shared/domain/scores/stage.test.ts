import { describe, expect, it } from 'vitest';
import { billStage, stagePoints, type BillStage } from '#shared/domain/scores/bill-stage.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { fixture, hasFixtures } from '../../../../support/ingest-fixtures.ts';

const texts = (...lines: string[]) => lines.map((action_text) => ({ action_text }));

describe('billStage', () => {
  it('is introduced for a bill with no actions or only introduction and referrals', () => {
    expect(billStage([])).toBe('introduced');
    expect(billStage(texts('Introduced in House', 'Referred to the House Committee on Ways and Means.', 'Referred to the Subcommittee on Health.'))).toBe(
      'introduced',
    );
    expect(billStage(texts('Sponsor introductory remarks on measure. (CR S1234)', 'Placed on Senate Legislative Calendar under Read the First Time.'))).toBe(
      'introduced',
    );
  });

  it.each<[string, string | null]>([
    ['Subcommittee Hearings Held.', null],
    ['Committee Consideration and Mark-up Session Held.', null],
    ['Ordered to be Reported (Amended) by Voice Vote.', null],
    ['Ordered to be Reported in the Nature of a Substitute (Amended) by Unanimous Consent.', null],
    ['Reported by the Committee on Foreign Affairs. H. Rept. 116-7.', null],
    ['Subcommittee on Europe, Eurasia, and Emerging Threats Discharged.', null],
    ['Committee on Finance. Hearings held.', null],
    ['Some committee step the text does not name', 'Committee'],
  ])('is committee action for %s', (action_text, action_type) => {
    expect(billStage([{ action_text: 'Introduced in Senate' }, { action_text, action_type }])).toBe('committee_action');
  });

  it.each([
    'Passed/agreed to in House: On motion to suspend the rules and pass the bill Agreed to by voice vote.',
    'Passed/agreed to in Senate: Passed Senate without amendment by Unanimous Consent.',
    'Passed Senate with an amendment by Unanimous Consent.',
    'Passed House (Amended) by the Yeas and Nays: 400 - 10.',
    'Received in the Senate and Read twice and referred to the Committee on Finance.',
    'Received in the House.',
  ])('is passed one chamber for %s', (text) => {
    expect(billStage(texts('Introduced in House', 'Ordered to be Reported by Voice Vote.', text))).toBe('passed_one_chamber');
  });

  it('does not count failed passage, a rule passing, or motions agreed to as passage', () => {
    expect(billStage(texts('Failed of passage/not agreed to in House: On passage Failed by the Yeas and Nays: 200 - 230 (Roll no. 12).'))).toBe('introduced');
    expect(billStage(texts('Rule H. Res. 567 passed House.'))).toBe('introduced');
    expect(billStage(texts('Motion to reconsider laid on the table Agreed to without objection.'))).toBe('introduced');
  });

  it('is passed both chambers when each chamber passed it, or the bill went to the President', () => {
    expect(
      billStage(
        texts(
          'Passed/agreed to in House: On passage Passed by recorded vote: 300 - 120.',
          'Passed/agreed to in Senate: Passed Senate without amendment by Voice Vote.',
        ),
      ),
    ).toBe('passed_both_chambers');
    expect(billStage(texts('Received in the Senate.', 'Passed Senate without amendment by Unanimous Consent.'))).toBe('passed_both_chambers');
    expect(billStage(texts('Presented to President.'))).toBe('passed_both_chambers');
    expect(billStage(texts('Cleared for White House.'))).toBe('passed_both_chambers');
    expect(billStage(texts('Vetoed by President.'))).toBe('passed_both_chambers');
    expect(billStage(texts('Pocket Vetoed by President.'))).toBe('passed_both_chambers');
    expect(billStage(texts('Resolving differences -- House actions: On motion that the House agree to the Senate amendment Agreed to by voice vote.'))).toBe(
      'passed_both_chambers',
    );
  });

  it('is became law on the law number, the signature or the BecameLaw type, whatever the order', () => {
    expect(billStage(texts('Became Public Law No: 119-21.', 'Introduced in House'))).toBe('became_law');
    expect(billStage(texts('Became Private Law No: 118-1.'))).toBe('became_law');
    expect(billStage(texts('Signed by President.'))).toBe('became_law');
    expect(billStage([{ action_text: 'Law', action_type: 'BecameLaw' }])).toBe('became_law');
  });

  it('gives 1 to 5 points from introduced to became law', () => {
    const stages: BillStage[] = ['introduced', 'committee_action', 'passed_one_chamber', 'passed_both_chambers', 'became_law'];
    expect(stages.map(stagePoints)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe.skipIf(!hasFixtures)('billStage on the recorded provider actions', () => {
  it('reads the Congress.gov actions of H.R. 21 (117th: passed the House) and H.R. 1 (119th: law)', () => {
    const actions = (name: string) =>
      (JSON.parse(fixture(`congress-gov/${name}`)) as { actions: { text: string; type?: string }[] }).actions.map((a) => ({
        action_text: a.text,
        action_type: a.type ?? null,
      }));
    expect(billStage(actions('bill-hr-21-117-actions.json'))).toBe('passed_one_chamber');
    expect(billStage(actions('bill-hr-1-119-actions-limit3.json'))).toBe('became_law');
  });

  it('reads the GPO Bill Status actions: a law, a resolution agreed to in the House, bills only referred', () => {
    const stage = (name: string) => billStage(parseBillStatus(fixture(`govinfo-billstatus/${name}`)).actions);
    expect(stage('BILLSTATUS-117hr2471.xml')).toBe('became_law');
    expect(stage('legacy-BILLSTATUS-114hres348.xml')).toBe('passed_one_chamber');
    expect(stage('BILLSTATUS-117hr6658.xml')).toBe('introduced');
    expect(stage('BILLSTATUS-117sconres7.xml')).toBe('introduced');
  });
});
