/**
 * The one place the report card reads a member's committee seats. Today they
 * come from the congress-legislators files bundled with the service (the
 * current Congress's seats only); when committees are stored as records of
 * their own (issue 34.1, the committees repository), this is the function to
 * point at it, and nothing else changes.
 */
import { BUNDLED_LEGISLATORS_AS_OF, bundledCommitteeSeats } from '#shared/adapters/providers/legislators/bundled-committees.ts';
import type { CommitteeAssignment } from '#shared/domain/members/report-card.schema.ts';

export interface CommitteeSeats {
  source: string;
  as_of: string | null;
  assignments: CommitteeAssignment[];
}

/** A member's current committee and subcommittee seats, full committees first. */
export async function committeeAssignmentsOf(memberId: string): Promise<CommitteeSeats> {
  const seats = await bundledCommitteeSeats();
  return { source: 'congress-legislators (committee-membership-current)', as_of: BUNDLED_LEGISLATORS_AS_OF, assignments: seats.get(memberId) ?? [] };
}
