// Issue 32.7: a password of 8 lone high surrogates signed in with 8 lone low ones (both hash as 8 U+FFFD in UTF-8):
// a password, at sign-up, sign-in and change, must be valid Unicode.
import { describe, expect, it } from 'vitest';
import { Credentials, Password, PasswordText } from '#shared/domain/users/user.schema.ts';

const highs = '\uD800'.repeat(8);
const lows = '\uDC00'.repeat(8);

describe('passwords are valid Unicode text', () => {
  it('refuses lone surrogates, high or low, anywhere, with a plain message', () => {
    for (const bad of [highs, lows, `password${'\uD83D'}`, `${'\uDE00'}password`, `pass\uDC00\uD800word`]) {
      const parsed = Password().safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('must be valid Unicode text (it holds half of a surrogate pair alone)');
      expect(PasswordText().safeParse(bad).success).toBe(false);
    }
    expect(Credentials().safeParse({ email: 'a@example.org', password: highs }).success).toBe(false);
  });

  it('accepts every well-formed password, surrogate pairs (emoji) included', () => {
    for (const good of ['correct horse battery', '\uD83D\uDE00'.repeat(8), 'pässwörd-日本語-🔑🔑']) {
      expect(Password().safeParse(good).success, good).toBe(true);
    }
    // The two malformed ones would have been one password once encoded: the reason they are refused.
    expect(Buffer.from(highs, 'utf8').equals(Buffer.from(lows, 'utf8'))).toBe(true);
  });
});
