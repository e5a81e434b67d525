import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone.ts';

describe('phone numbers', () => {
  it('are written one way whatever form the source gave', () => {
    for (const given of ['202-224-3121', '(202) 224-3121', '202.224.3121', '+1 202 224 3121', '12022243121']) {
      expect(formatPhone(given)).toBe('202-224-3121');
      expect(phoneHref(given)).toBe('tel:+12022243121');
    }
  });

  it('keep a number that is not ten digits as given', () => {
    expect(formatPhone(' 224-3121 ')).toBe('224-3121');
  });
});
