/**
 * Content versions for the change feeds (docs/data-model.md B24, M13): a
 * record's `content_hash` is the SHA-256 of the public projection of it (what
 * the API answers for it, minus the fields that describe the fetch rather than
 * the data: data_as_of, updated_at, is_following), in canonical JSON. A write
 * that leaves the hash as it was moves nothing; one that changes it moves
 * `updated_at` and the record's place on the change feed.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth, so equal content hashes equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fields of a projection that say when or for whom it was read, not what it is. */
const VOLATILE = new Set(['data_as_of', 'updated_at', 'is_following']);

/** The content hash of a public projection. */
export function contentHash(projection: Record<string, unknown>): string {
  const stable = Object.fromEntries(Object.entries(projection).filter(([k]) => !VOLATILE.has(k)));
  return createHash('sha256').update(canonicalJson(stable)).digest('base64url');
}

/** The attribute that holds a record's content hash (never part of an API answer). */
export const CONTENT_HASH = 'content_hash';
