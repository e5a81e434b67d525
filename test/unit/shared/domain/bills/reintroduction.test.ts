/** The reintroduction detector (shared/domain/bills/reintroduction.ts), table-tested. */
import { describe, expect, it } from 'vitest';
import {
  congressOrdinal,
  normaliseTitle,
  pickPredecessor,
  reintroductionReason,
  sponsorWindows,
  titleSimilarity,
  type ReintroductionSubject,
} from '#shared/domain/bills/reintroduction.ts';

const bill = (id: string, congress: number, title: string, sponsor_id: string | null = null): ReintroductionSubject => ({ id, congress, title, sponsor_id });

describe('normaliseTitle', () => {
  it.each([
    ['Laken Riley Act', 'laken riley act'],
    ['Lower Costs, More Transparency Act of 2023', 'lower costs more transparency act'],
    ['Farm Workforce Modernization Act of 2019.', 'farm workforce modernization act'],
    ['  The  SAFE  Banking Act  ', 'the safe banking act'],
    ["Protecting Americans' Retirement Savings Act – 2024", 'protecting americans retirement savings act'],
    ['Ley de Educación Pública', 'ley de educacion publica'],
  ])('%s → %s', (title, expected) => {
    expect(normaliseTitle(title)).toBe(expected);
  });
});

describe('reintroductionReason (earlier, later)', () => {
  const cases: [string, ReintroductionSubject, ReintroductionSubject, boolean, ReturnType<typeof reintroductionReason>][] = [
    [
      'same sponsor, same title',
      bill('118-hr-7511', 118, 'Laken Riley Act', 'C001129'),
      bill('119-hr-29', 119, 'Laken Riley Act', 'C001129'),
      false,
      'same_sponsor_title',
    ],
    [
      'same sponsor, only the year differs',
      bill('117-hr-1', 117, 'Example Relief Act of 2021', 'A000001'),
      bill('118-hr-9', 118, 'Example Relief Act of 2023', 'A000001'),
      false,
      'same_sponsor_title',
    ],
    [
      'same sponsor, near-identical title (one word changed)',
      bill('117-s-10', 117, 'To amend the Internal Revenue Code of 1986 to extend the credit for electric vehicles and charging stations', 'B000002'),
      bill('118-s-20', 118, 'To amend the Internal Revenue Code of 1986 to extend the credit for electric trucks and charging stations', 'B000002'),
      false,
      'same_sponsor_title',
    ],
    [
      'same sponsor, a different bill',
      bill('117-s-10', 117, 'To amend the Internal Revenue Code of 1986 to extend the credit for electric vehicles', 'B000002'),
      bill('118-s-20', 118, 'To designate the facility of the United States Postal Service in Springfield as a post office', 'B000002'),
      false,
      null,
    ],
    [
      'another sponsor, identical title',
      bill('118-hr-7511', 118, 'Laken Riley Act', 'C001129'),
      bill('119-s-5', 119, 'Laken Riley Act', 'B001319'),
      false,
      'identical_title',
    ],
    [
      'another sponsor, near-identical title is not enough',
      bill('118-hr-1', 118, 'Clean Water for All Act', 'X1'),
      bill('119-hr-2', 119, 'Clean Water for Everyone Act', 'X2'),
      false,
      null,
    ],
    ['identical title of two words is not enough alone', bill('118-hr-1', 118, 'Equality Act', 'X1'), bill('119-hr-5', 119, 'Equality Act', 'X2'), false, null],
    [
      'identical title of two words with the same sponsor is enough',
      bill('118-hr-1', 118, 'Equality Act', 'X1'),
      bill('119-hr-5', 119, 'Equality Act', 'X1'),
      false,
      'same_sponsor_title',
    ],
    [
      'same Congress is a companion, not a reintroduction',
      bill('119-hr-29', 119, 'Laken Riley Act', 'C001129'),
      bill('119-s-5', 119, 'Laken Riley Act', 'B001319'),
      false,
      null,
    ],
    ['an earlier Congress never reintroduces a later one', bill('119-s-5', 119, 'Laken Riley Act'), bill('118-hr-7511', 118, 'Laken Riley Act'), false, null],
    ['unknown sponsors do not count as the same sponsor', bill('118-hr-1', 118, 'Equality Act'), bill('119-hr-5', 119, 'Equality Act'), false, null],
    [
      'Congress.gov lists an identical bill across Congresses',
      bill('118-hr-1', 118, 'One title'),
      bill('119-s-1', 119, 'Quite another title'),
      true,
      'identical_bill',
    ],
    ['an identical bill of the same Congress is a companion', bill('119-hr-1', 119, 'One title'), bill('119-s-1', 119, 'One title'), true, null],
  ];
  it.each(cases)('%s', (_name, earlier, later, identical, expected) => {
    expect(reintroductionReason(earlier, later, identical)).toBe(expected);
  });
});

describe('pickPredecessor', () => {
  const later = bill('119-hr-10', 119, 'Example Relief Act of 2025', 'A000001');
  it('takes the latest earlier Congress, then the strongest reason', () => {
    const got = pickPredecessor(later, [
      bill('116-hr-3', 116, 'Example Relief Act of 2019', 'A000001'),
      bill('118-s-4', 118, 'Example Relief Act of 2023', 'Z000009'),
      bill('118-hr-8', 118, 'Example Relief Act of 2023', 'A000001'),
      bill('117-hr-2', 117, 'Example Relief Act of 2021', 'A000001'),
    ]);
    expect(got).toEqual({ bill: bill('118-hr-8', 118, 'Example Relief Act of 2023', 'A000001'), reason: 'same_sponsor_title' });
  });
  it('prefers an identical bill Congress.gov names over a title match of the same Congress', () => {
    const got = pickPredecessor(
      later,
      [bill('118-hr-8', 118, 'Example Relief Act of 2023', 'A000001'), bill('118-s-1', 118, 'Other words')],
      new Set(['118-s-1']),
    );
    expect(got?.bill.id).toBe('118-s-1');
    expect(got?.reason).toBe('identical_bill');
  });
  it('is null without a match, and never picks the bill itself or a later one', () => {
    expect(pickPredecessor(later, [later, bill('120-hr-1', 120, 'Example Relief Act of 2027', 'A000001'), bill('118-hr-1', 118, 'Unrelated Act')])).toBeNull();
  });
});

describe('sponsorWindows', () => {
  it("looks three Congresses back and forward, leaving out the bill's own day", () => {
    expect(sponsorWindows('2025-01-07')).toEqual({ before: ['2019-01-07', '2025-01-06'], after: ['2025-01-08', '2031-01-07'] });
    expect(sponsorWindows('2024-03-01T00:00:00Z')).toEqual({ before: ['2018-03-01', '2024-02-29'], after: ['2024-03-02', '2030-03-01'] });
    expect(sponsorWindows('unknown')).toBeNull();
  });
});

describe('helpers', () => {
  it('measures word overlap', () => {
    expect(titleSimilarity('Laken Riley Act', 'Laken Riley Act of 2024')).toBe(1);
    expect(titleSimilarity('a b c d', 'a b c e')).toBe(0.75);
  });
  it.each([
    [119, '119th'],
    [101, '101st'],
    [102, '102nd'],
    [103, '103rd'],
    [111, '111th'],
    [112, '112th'],
  ])('congressOrdinal(%i) = %s', (n, s) => expect(congressOrdinal(n)).toBe(s));
});
