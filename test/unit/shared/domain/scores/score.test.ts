import { describe, expect, it } from 'vitest';
import { billPoints, chairsCommittee, isBipartisan, memberScore, type ScoredBill } from '#shared/domain/scores/effectiveness-score.ts';

const bill = (over: Partial<ScoredBill> = {}): ScoredBill => ({ stage: 'introduced', bill_category: null, cosponsor_parties: [], ...over });

describe('isBipartisan', () => {
  it('holds when a cosponsor has another known party', () => {
    expect(isBipartisan('D', ['D', 'R'])).toBe(true);
    expect(isBipartisan('R', ['I'])).toBe(true);
    expect(isBipartisan('Democratic', ['Republican'])).toBe(true);
  });
  it('does not hold for same-party cosponsors (named either way), none, or unknown parties', () => {
    expect(isBipartisan('D', ['D', 'Democratic', ' d '])).toBe(false);
    expect(isBipartisan('D', [])).toBe(false);
    expect(isBipartisan('D', [null, ''])).toBe(false);
    expect(isBipartisan(null, ['R', 'D'])).toBe(false);
  });
});

describe('billPoints', () => {
  it('is the stage points, × 1.5 bipartisan, × 0.1 commemorative, both multiplying', () => {
    expect(billPoints(bill({ stage: 'passed_one_chamber' }), 'D')).toBe(3);
    expect(billPoints(bill({ stage: 'became_law', cosponsor_parties: ['R'] }), 'D')).toBe(7.5);
    expect(billPoints(bill({ stage: 'committee_action', bill_category: 'commemorative' }), 'D')).toBeCloseTo(0.2);
    expect(billPoints(bill({ stage: 'passed_both_chambers', bill_category: 'commemorative', cosponsor_parties: ['R'] }), 'D')).toBeCloseTo(0.6);
  });
  it('leaves substantive, administrative and unclassified bills at their points', () => {
    for (const bill_category of ['substantive', 'administrative', null] as const)
      expect(billPoints(bill({ stage: 'committee_action', bill_category }), 'R')).toBe(2);
  });
});

describe('chairsCommittee', () => {
  const byRoles = (roles: { title: string; current: boolean }[]) => chairsCommittee({ chaired_committees: null, leadership_roles: roles });
  it('reads the stored committee chairs once sync_members has them, whatever the roles say', () => {
    expect(chairsCommittee({ chaired_committees: ['Senate Committee on Agriculture, Nutrition, and Forestry'], leadership_roles: [] })).toBe(true);
    expect(chairsCommittee({ chaired_committees: [], leadership_roles: [{ title: 'Senate Democratic Steering Committee Chair', current: true }] })).toBe(false);
  });
  it('without committee data, is true for a current role naming a committee and a chair', () => {
    expect(byRoles([{ title: 'Senate Democratic Steering Committee Chair', current: true }])).toBe(true);
    expect(byRoles([{ title: 'Chairman of the House Republican Policy Committee', current: true }])).toBe(true);
  });
  it('is false for past chairs, vice chairs, chairs of a conference, and other leadership', () => {
    expect(byRoles([{ title: 'Senate Democratic Steering Committee Chair', current: false }])).toBe(false);
    expect(byRoles([{ title: 'Senate Republican Conference Chair', current: true }])).toBe(false);
    expect(
      byRoles([
        { title: 'Speaker of the House', current: true },
        { title: 'House Democratic Steering Committee Vice Chair', current: true },
      ]),
    ).toBe(false);
    expect(byRoles([{ title: 'Vice-Chairman of the Senate Democratic Policy Committee', current: true }])).toBe(false);
    expect(byRoles([{ title: 'Senate Majority Whip', current: true }])).toBe(false);
    expect(byRoles([])).toBe(false);
  });
});

describe('memberScore', () => {
  it('is 0 without sponsored bills, chair or not', () => {
    expect(memberScore([], 'D', false)).toBe(0);
    expect(memberScore([], 'D', true)).toBe(0);
  });
  it('sums the bills and multiplies the total by 1.2 for a chair, rounded to cents so equal scores compare equal', () => {
    const bills = [
      bill({ stage: 'became_law', cosponsor_parties: ['R'] }),
      bill({ stage: 'introduced', bill_category: 'commemorative', cosponsor_parties: ['R'] }),
      bill(),
    ];
    expect(memberScore(bills, 'D', false)).toBe(8.65);
    expect(memberScore(bills, 'D', true)).toBe(10.38);
    expect(memberScore([bill({ bill_category: 'commemorative', cosponsor_parties: ['D'] })], 'R', false)).toBe(0.15);
  });
});
