import { describe, expect, it } from 'vitest';
import { chamberOfCommittee, committeeCodeFromHouseId, committeeCodeFromSystemCode, parentCommitteeCode } from '#shared/domain/schedule/committee-code.ts';

describe('committee codes from every source', () => {
  it('reads Congress.gov system codes and senate.gov cmte_codes', () => {
    expect(committeeCodeFromSystemCode('hsii24')).toBe('HSII24');
    expect(committeeCodeFromSystemCode('ssfr00')).toBe('SSFR');
    expect(committeeCodeFromSystemCode('SSGA00')).toBe('SSGA');
    expect(committeeCodeFromSystemCode('SSHR11')).toBe('SSHR11');
    expect(committeeCodeFromSystemCode('JCSE00')).toBe('JCSE');
    expect(committeeCodeFromSystemCode('')).toBeNull();
    expect(committeeCodeFromSystemCode('Foreign Relations')).toBeNull();
  });

  it('reads docs.house.gov ids, Intelligence included', () => {
    expect(committeeCodeFromHouseId('RU00')).toBe('HSRU');
    expect(committeeCodeFromHouseId('II10')).toBe('HSII10');
    expect(committeeCodeFromHouseId('PW02')).toBe('HSPW02');
    expect(committeeCodeFromHouseId('IG00')).toBe('HLIG');
    expect(committeeCodeFromHouseId('IG01')).toBe('HLIG01');
    expect(committeeCodeFromHouseId('HSRU')).toBeNull();
  });

  it('knows a subcommittee parent and a committee chamber', () => {
    expect(parentCommitteeCode('HSII24')).toBe('HSII');
    expect(parentCommitteeCode('HSII')).toBeNull();
    expect(chamberOfCommittee('HLIG')).toBe('house');
    expect(chamberOfCommittee('SLIA')).toBe('senate');
    expect(chamberOfCommittee('JSEC')).toBe('joint');
  });
});
