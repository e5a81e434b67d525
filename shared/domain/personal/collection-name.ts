/**
 * Collection names (validated when a collection is named, as names show in
 * lists and links): 1-100 characters after trimming, no control characters,
 * unique per owner. Uniqueness compares a normalised key so "Farm Bills" and
 * " farm  bills" count as one name; the slug is for links and display.
 */

export const COLLECTION_NAME_MAX = 100;

/**
 * The normalised name is part of the name claim's sort key (DynamoDB allows
 * 1,024 bytes), and NFKC can multiply a name's length ("ﷺ" is 33 bytes), so
 * the bound is on the key's bytes, far above any real name of 100 characters.
 */
export const COLLECTION_NAME_KEY_MAX_BYTES = 600;

/** UTF-8 length without Buffer (the domain stays free of Node APIs). */
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** C0 and C1 control characters, DEL, and the Unicode line/paragraph separators. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** The trimmed name, or the reason it is not acceptable. */
export function validateCollectionName(raw: string): { ok: true; name: string } | { ok: false; reason: string } {
  const name = raw.trim();
  if (name.length === 0) return { ok: false, reason: 'must not be empty' };
  if ([...name].length > COLLECTION_NAME_MAX) return { ok: false, reason: `must be at most ${COLLECTION_NAME_MAX} characters` };
  if ([...name].some((ch) => isControl(ch.codePointAt(0) ?? 0))) return { ok: false, reason: 'must not contain control characters' };
  if (utf8Length(collectionNameKey(name)) > COLLECTION_NAME_KEY_MAX_BYTES) return { ok: false, reason: 'is too long once its characters are normalised' };
  return { ok: true, name };
}

/** The key two names share when they are "the same name": NFKC, case-folded, single spaces. */
export function collectionNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** A URL slug: lower-case ASCII words joined by hyphens; "collection" when nothing survives. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 80)
    .replace(/-+$/u, '');
  return slug || 'collection';
}
