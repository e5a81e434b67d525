import { describe, expect, it } from 'vitest';
import { billId, billLabel, congressForDate, parseBillId, parseBillNumber } from '#shared/domain/bills/bill-id.ts';
import { memberSearchTokens, nameMatches, nameTokens } from '#shared/domain/members/name-tokens.ts';
import { stateCode, stateOfQuery } from '#shared/domain/members/state-codes.ts';

describe('bill ids and numbers', () => {
  it.each([
    ['H.R. 3076', { congress: null, type: 'hr', number: 3076 }],
    ['HR3076', { congress: null, type: 'hr', number: 3076 }],
    ['hr 3076', { congress: null, type: 'hr', number: 3076 }],
    ['S. 5', { congress: null, type: 's', number: 5 }],
    ['H.J.Res. 37', { congress: null, type: 'hjres', number: 37 }],
    ['S.Con.Res. 7', { congress: null, type: 'sconres', number: 7 }],
    ['H.Res. 348 (114th Congress)', { congress: 114, type: 'hres', number: 348 }],
    ['118-hr-3076', { congress: 118, type: 'hr', number: 3076 }],
    // Issue 32: every written form, with and without its Congress.
    ['S. 2269', { congress: null, type: 's', number: 2269 }],
    ['s 2269', { congress: null, type: 's', number: 2269 }],
    ['S2269', { congress: null, type: 's', number: 2269 }],
    ['s2269', { congress: null, type: 's', number: 2269 }],
    ['115-s-2269', { congress: 115, type: 's', number: 2269 }],
    ['115-S-2269', { congress: 115, type: 's', number: 2269 }],
    ['115s2269', { congress: 115, type: 's', number: 2269 }],
    ['115 S. 2269', { congress: 115, type: 's', number: 2269 }],
    ['115th Congress S. 2269', { congress: 115, type: 's', number: 2269 }],
    ['S. 2269 (115th Congress)', { congress: 115, type: 's', number: 2269 }],
    ['hr 302 115', { congress: 115, type: 'hr', number: 302 }],
    ['H.J.Res. 37', { congress: null, type: 'hjres', number: 37 }],
    ['H. J. Res. 37', { congress: null, type: 'hjres', number: 37 }],
    ['hjres37', { congress: null, type: 'hjres', number: 37 }],
    ['116hjres37', { congress: 116, type: 'hjres', number: 37 }],
    ['H. Res. 755', { congress: null, type: 'hres', number: 755 }],
    ['H.R. 302', { congress: null, type: 'hr', number: 302 }],
    ['H.R.302', { congress: null, type: 'hr', number: 302 }],
    ['hr302', { congress: null, type: 'hr', number: 302 }],
    ['S.Con.Res. 11', { congress: null, type: 'sconres', number: 11 }],
    ['H Con Res 5', { congress: null, type: 'hconres', number: 5 }],
    ['S.J.Res. 12', { congress: null, type: 'sjres', number: 12 }],
    ['sres 9', { congress: null, type: 'sres', number: 9 }],
  ])('reads %s', (text, parsed) => {
    expect(parseBillNumber(text)).toEqual(parsed);
  });

  it('refuses text that is not a bill number', () => {
    for (const q of ['postal reform', 'HX 12', '3076', '', '115 2269', 'section 230', 'covid 19', 'title 42', 'hr 1 2', `s ${'. '.repeat(200)}1`]) {
      expect(parseBillNumber(q), q).toBeNull();
    }
    expect(() => parseBillId('118-xx-1')).toThrow(/Not a bill id/);
  });

  it('builds ids and labels and knows the sitting Congress', () => {
    expect(billId(118, 'hr', 3076)).toBe('118-hr-3076');
    expect(billLabel('sjres', 12)).toBe('S.J.Res. 12');
    expect(parseBillId('119-sres-12')).toEqual({ congress: 119, type: 'sres', number: 12 });
    expect(congressForDate(new Date('2025-01-03T12:00:00Z'))).toBe(119);
    expect(congressForDate(new Date('2025-01-02T12:00:00Z'))).toBe(118);
    expect(congressForDate(new Date('2026-11-22T00:00:00Z'))).toBe(119);
  });
});

describe('names and states', () => {
  it('tokenises both name forms alike', () => {
    expect(nameTokens('Pelosi, Nancy')).toEqual(['pelosi', 'nancy']);
    expect(nameMatches(nameTokens('Nancy Pelosi'), 'Pelosi, Nancy')).toBe(true);
    expect(nameMatches(nameTokens('Ocasio-Cortez'), 'Ocasio-Cortez, Alexandria')).toBe(true);
  });

  it('finds a member by nickname too (issue 32.1: "bernie")', () => {
    const sanders = { name: 'Sanders, Bernard', nickname: 'Bernie' };
    expect(memberSearchTokens(sanders)).toEqual(['sanders', 'bernard', 'bernie']);
    expect(nameMatches(nameTokens('bernie sanders'), sanders.name, memberSearchTokens(sanders))).toBe(true);
    expect(nameMatches(nameTokens('bernie'), sanders.name)).toBe(false);
  });

  it('reads a whole query as a state by name or code; "in" and "or" only in capitals', () => {
    for (const q of ['vermont', 'Vermont', 'VT', 'vt', ' VT ']) expect(stateOfQuery(q), q).toBe('VT');
    expect(stateOfQuery('new  york')).toBe('NY');
    expect(stateOfQuery('IN')).toBe('IN');
    expect(stateOfQuery('OR')).toBe('OR');
    for (const q of ['in', 'or', 'vermont health', 'v', 'xx', '']) expect(stateOfQuery(q), q).toBeNull();
  });

  it('normalises full state names and codes, and refuses unknown ones', () => {
    expect(stateCode('South Carolina')).toBe('SC');
    expect(stateCode('ca')).toBe('CA');
    expect(stateCode('District of Columbia')).toBe('DC');
    expect(stateCode('Atlantis')).toBeNull();
  });
});
