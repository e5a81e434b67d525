import { describe, expect, it } from 'vitest';
import { collectionNameKey, slugify, validateCollectionName } from '#shared/domain/personal/collection-name.ts';

describe('collection names', () => {
  it('accepts a name and returns it trimmed', () => {
    expect(validateCollectionName('  Farm bills 2025 ')).toEqual({ ok: true, name: 'Farm bills 2025' });
  });

  it('refuses an empty or blank name', () => {
    expect(validateCollectionName('')).toMatchObject({ ok: false, reason: 'must not be empty' });
    expect(validateCollectionName(' \t ')).toMatchObject({ ok: false, reason: 'must not be empty' });
  });

  it('counts 100 characters after trimming and refuses 101', () => {
    expect(validateCollectionName(` ${'a'.repeat(100)} `).ok).toBe(true);
    expect(validateCollectionName('a'.repeat(101))).toMatchObject({ ok: false, reason: 'must be at most 100 characters' });
  });

  it('counts characters, not UTF-16 units, so 100 emoji are allowed', () => {
    expect(validateCollectionName('🌽'.repeat(100)).ok).toBe(true);
  });

  it('refuses control characters inside the name, including DEL, C1 and line separators', () => {
    for (const bad of ['a\u0000b', 'tab\tinside', 'new\nline', 'del\u007f', 'c1\u0085', 'l\u2028s']) {
      expect(validateCollectionName(bad)).toMatchObject({ ok: false, reason: 'must not contain control characters' });
    }
  });

  it('gives the same uniqueness key to names differing only in case, width and spacing', () => {
    expect(collectionNameKey('Farm  Bills')).toBe(collectionNameKey('farm bills'));
    expect(collectionNameKey('ＦＡＲＭ')).toBe(collectionNameKey('farm'));
    expect(collectionNameKey('Farm Bills')).not.toBe(collectionNameKey('Farm Bill'));
  });

  it('slugs names to lower-case ASCII words joined by hyphens', () => {
    expect(slugify('  Health Care & Medicaid!! ')).toBe('health-care-medicaid');
    expect(slugify('Énergie propre')).toBe('energie-propre');
    expect(slugify('🌽🌽')).toBe('collection');
    expect(slugify('x'.repeat(200)).length).toBeLessThanOrEqual(80);
  });
});
