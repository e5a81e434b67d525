/**
 * Committee seats from the congress-legislators files bundled in ./data/
 * (see its SOURCE.md: the build of 2026-06-15), read on first use and kept:
 * imported as a chunk of their own, so a function reads the 550 KB only
 * when a report card asks for seats.
 */
import type { CommitteeAssignment } from '#shared/domain/members/report-card.schema.ts';
import { parseCommitteeAssignments } from './committee-assignments.parser.ts';

/** The date of the bundled build (./data/SOURCE.md). */
export const BUNDLED_LEGISLATORS_AS_OF = '2026-06-15';

let seats: Promise<Map<string, CommitteeAssignment[]>> | undefined;

/** Every member's seats in the bundled files. */
export function bundledCommitteeSeats(): Promise<Map<string, CommitteeAssignment[]>> {
  seats ??= Promise.all([
    import('./data/committees-current.json', { with: { type: 'json' } }),
    import('./data/committee-membership-current.json', { with: { type: 'json' } }),
  ]).then(([committees, membership]) => parseCommitteeAssignments(committees.default, membership.default));
  return seats;
}
