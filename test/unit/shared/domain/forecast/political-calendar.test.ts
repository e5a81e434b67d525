import { describe, expect, it } from 'vitest';
import { chamberMajority, congressStart, daysIntoCongress, presidentParty } from '#shared/domain/forecast/political-calendar.ts';

describe('political calendar', () => {
  it('names the party in the White House on a date, and null past the table', () => {
    expect(presidentParty('2009-01-19')).toBe('R');
    expect(presidentParty('2009-01-20')).toBe('D');
    expect(presidentParty('2025-03-01')).toBe('R');
    expect(presidentParty('2027-02-01')).toBeNull();
    expect(presidentParty('1990-01-01')).toBeNull();
  });

  it('names each chamber’s majority, with the 107th Senate changing hands in June 2001', () => {
    expect(chamberMajority('house', 116, '2019-02-01')).toBe('D');
    expect(chamberMajority('senate', 116, '2019-02-01')).toBe('R');
    expect(chamberMajority('senate', 107, '2001-03-01')).toBe('R');
    expect(chamberMajority('senate', 107, '2001-07-01')).toBe('D');
    expect(chamberMajority('house', 120, '2027-02-01')).toBeNull();
  });

  it('counts days from 3 January of the Congress’s first year', () => {
    expect(congressStart(114)).toBe('2015-01-03');
    expect(daysIntoCongress(114, '2015-01-03')).toBe(0);
    expect(daysIntoCongress(113, '2014-01-16')).toBe(378);
  });
});
