import { describe, expect, it } from 'vitest';
import { billIdFromParts, billIdsInText, sortBillIds } from '#shared/domain/schedule/bill-mentions.ts';

describe('bills named in a schedule', () => {
  it('reads every spelling the sources use', () => {
    expect(billIdsInText('H.R. 4435—National Defense; H.R. 4660—Commerce', 113)).toEqual(['113-hr-4435', '113-hr-4660']);
    expect(billIdsInText('HR 188', 118)).toEqual(['118-hr-188']);
    expect(billIdsInText('Business meeting to consider S.365 and H.R.1729, bills to amend', 119)).toEqual(['119-s-365', '119-hr-1729']);
    expect(billIdsInText('S.Res.34, S.Res.198, S.Con.Res.10', 116)).toEqual(['116-sres-34', '116-sres-198', '116-sconres-10']);
    expect(billIdsInText('H. Con. Res. 93; H. Res. 1530; H.J. Res. 210; S.J.Res. 36', 119)).toEqual([
      '119-hconres-93',
      '119-hres-1530',
      '119-hjres-210',
      '119-sjres-36',
    ]);
    expect(billIdsInText('Senate amendments to H.R. 5334', 119)).toEqual(['119-hr-5334']);
    expect(billIdsInText('S. 283 ', 119)).toEqual(['119-s-283']);
    expect(billIdsInText('Conference Report to accompany S. Con. Res. 11', 114)).toEqual(['114-sconres-11']);
  });

  it('reads no bill in a bare number, a draft, a report, a print or a code citation', () => {
    expect(billIdsInText('933', 113)).toEqual([]);
    expect(billIdsInText('H.R. _____ (Rep. Issa), “Direct Hire to Fight Fires”', 118)).toEqual([]);
    expect(billIdsInText('H. Rept. 113-12, to accompany H. Res. 99', 113)).toEqual(['113-hres-99']);
    expect(billIdsInText('RCP 115-23', 115)).toEqual([]);
    expect(billIdsInText('section 36 of the Arms Export Control Act (22 U.S.C. 2776)', 116)).toEqual([]);
    expect(billIdsInText('FY2018 State and Foreign Operations; Roll no. 108; CHOB-210', 115)).toEqual([]);
    expect(billIdsInText('H.R.', 115)).toEqual([]);
  });

  it('names each bill once', () => {
    expect(billIdsInText('H.R. 933 and again H.R. 933', 113)).toEqual(['113-hr-933']);
  });

  it('builds ids from a feed type code, with SN for a Senate bill and no bill for a nomination', () => {
    expect(billIdFromParts(119, 'SN', '365')).toBe('119-s-365');
    expect(billIdFromParts(119, 'HR', '1729')).toBe('119-hr-1729');
    expect(billIdFromParts(116, 'SRES', 34)).toBe('116-sres-34');
    expect(billIdFromParts(119, 'PN', '1078')).toBeNull();
    expect(billIdFromParts(119, 'HR', 'x')).toBeNull();
  });

  it('orders ids by Congress, type and number', () => {
    expect(sortBillIds(['119-sres-2', '119-s-10', '118-hr-5', '119-hr-20', '119-hr-3', '119-s-10'])).toEqual([
      '118-hr-5',
      '119-hr-3',
      '119-hr-20',
      '119-s-10',
      '119-sres-2',
    ]);
  });
});
