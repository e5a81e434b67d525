import { describe, expect, it } from 'vitest';
import { documentTitleKeys, hash53, TITLE_KIND, titleKey } from '#shared/domain/search/title-keys.ts';

describe('title keys', () => {
  it('gives a title and the ways people type it one key: case, accents, "act", "of", "the" and the year aside', () => {
    const key = titleKey('Line Item Veto Act')?.hash;
    for (const typed of ['line item veto', 'The Line Item Veto Act of 1995', 'LINE ITEM VETO ACT ', 'Line-Item Veto Acts'])
      expect(titleKey(typed)?.hash, typed).toBe(key);
    expect(titleKey('Line Item Veto Reform Act')?.hash).not.toBe(key);
    expect(titleKey('Café Standards Act')?.hash).toBe(titleKey('cafe standards')?.hash);
  });

  it('keeps the year a title names beside its key, and has no key without a telling word', () => {
    expect(titleKey('Disaster Relief Appropriations Act, 2019')?.year).toBe(2019);
    expect(titleKey('Paycheck Fairness Act')?.year).toBeNull();
    expect(titleKey('The Act of 2017')).toBeNull();
    expect(titleKey('')).toBeNull();
  });

  it("lists a document's keys once each: its short title's, then every other title's", () => {
    const keys = documentTitleKeys({ short_title: 'Farm Security Act', title: 'To secure farms.\nFarm Security Act of 2019\nPopular Name Act' });
    expect(keys).toEqual([
      { hash: hash53('farm security'), year: null, kind: TITLE_KIND.short },
      { hash: hash53('secure farms'), year: null, kind: TITLE_KIND.other },
      { hash: hash53('popular name'), year: null, kind: TITLE_KIND.other },
    ]);
  });

  it('hashes to a safe integer, the same each time', () => {
    const h = hash53('line item veto');
    expect(Number.isSafeInteger(h)).toBe(true);
    expect(hash53('line item veto')).toBe(h);
    expect(hash53('line item vetp')).not.toBe(h);
  });
});
