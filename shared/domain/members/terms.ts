/**
 * A member's terms when the profile is enriched from its Congress.gov detail:
 * the detail's terms (one per Congress) are the history, but the detail leaves
 * the current term open (no end year) and may name no party, where the terms
 * sync_members stored from congress-legislators know both. What the stored
 * term covering the same Congress in the same chamber knows fills what the
 * detail leaves out, so opening a member never wipes it.
 */
import type { MemberTerm } from './member.schema.ts';
import { termCongresses } from '#shared/domain/scores/seniority.ts';

/** The fresh terms, each completed from the stored term of the same chamber covering its Congress. */
export function enrichedTerms(fresh: readonly MemberTerm[], stored: readonly MemberTerm[]): MemberTerm[] {
  return fresh.map((t) => {
    const own = termCongresses(t);
    const known = stored.find((s) => s.chamber === t.chamber && termCongresses(s).some((c) => own.includes(c)));
    if (!known) return t;
    return {
      ...t,
      end_year: t.end_year ?? known.end_year,
      party: t.party ?? known.party,
      state: t.state ?? known.state,
      district: t.district ?? (t.chamber === 'house' ? known.district : null),
    };
  });
}
