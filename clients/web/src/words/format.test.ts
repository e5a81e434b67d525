import { describe, expect, it } from 'vitest';
import { ordinal } from './format.ts';

describe('ordinal', () => {
  it('writes a Congress as people say it, the teens included', () => {
    expect([101, 102, 103, 104, 111, 112, 113, 121, 122, 123].map(ordinal)).toEqual([
      '101st',
      '102nd',
      '103rd',
      '104th',
      '111th',
      '112th',
      '113th',
      '121st',
      '122nd',
      '123rd',
    ]);
  });
});
