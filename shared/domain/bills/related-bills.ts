/**
 * Related bills as Congress.gov and GPO's Bill Status name them: another
 * bill (often of the other chamber, sometimes of another Congress) with each
 * relationship's type ("Identical bill", "Related bill",
 * "Procedurally-related", "Related document") and who identified it (House,
 * Senate, CRS). One record per (bill, related bill), the relationships
 * merged from both bills' listings.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

/** One relationship as the provider states it; the vocabulary is the provider's, kept as given. */
export const Relationship = lazySchema(() =>
  z.object({
    type: z
      .string()
      .min(1)
      .max(100)
      .describe('The relationship as Congress.gov names it: "Identical bill", "Related bill", "Procedurally-related" or "Related document".'),
    identified_by: z.string().min(1).max(50).describe('Who identified the relationship: "House", "Senate" or "CRS" (the Congressional Research Service).'),
  }),
);
export type Relationship = z.infer<ReturnType<typeof Relationship>>;

/** A related bill as a listing gives it: enough to show it without reading the other bill. */
export interface RelatedBillEntry {
  bill_id: string;
  congress: number;
  label: string;
  title: string;
  relationships: Relationship[];
}

/** The relationship type that, across Congresses, means the later bill is the earlier one reintroduced. */
export const IDENTICAL_BILL = 'Identical bill';

/** A relationship as one string, so a set of them merges writes from both directions without a read. */
export const relationshipToken = (r: Relationship): string => `${r.type}|${r.identified_by}`;

/** Reads a stored relationship token back; null for a value that is not one. */
export function relationshipFromToken(token: string): Relationship | null {
  const at = token.lastIndexOf('|');
  if (at <= 0 || at === token.length - 1) return null;
  return { type: token.slice(0, at), identified_by: token.slice(at + 1) };
}

/** Relationships in a stable order (identical bills first, then by type and identifier), each once. */
export function sortRelationships(relationships: readonly Relationship[]): Relationship[] {
  const unique = new Map(relationships.map((r) => [relationshipToken(r), r]));
  const rank = (r: Relationship) => (r.type === IDENTICAL_BILL ? 0 : 1);
  return [...unique.values()].sort((a, b) => rank(a) - rank(b) || a.type.localeCompare(b.type) || a.identified_by.localeCompare(b.identified_by));
}
