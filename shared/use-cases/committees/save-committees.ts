/**
 * Saves the congress-legislators committee files: every committee and
 * subcommittee with its seats (sync_committees, and the offline stack's
 * bundled copy). Idempotent: a committee whose content (record and seats) is
 * as stored is not written, so a repeat writes nothing.
 *
 * Primary course:
 *   1. parse both files; a committee's member count is its seats;
 *   2. read the stored records (BatchGet) and compare each content hash;
 *      only a changed committee is read with its seats (one Query) and
 *      written (seats, then the record: ../../adapters/db/committees.repository.ts);
 *   3. committees stored as current that the files no longer list are
 *      retired: no longer current, no seats, off the listing (their pages
 *      still answer, and meetings that name them still link).
 */
import { committeeHashes, getCommitteeWithSeats, listCurrentCommitteeIds, saveCommittee } from '#shared/adapters/db/committees.repository.ts';
import { contentHash } from '#shared/adapters/db/content-version.ts';
import type { Committee, CommitteeSeat } from '#shared/domain/committees/committee.schema.ts';
import { committeeRecord } from '#shared/domain/committees/committee-views.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';

const CONCURRENCY = 16;

/** Writes one committee when its content differs from the stored hash; true when written. */
async function saveIfChanged(committee: Committee, seats: CommitteeSeat[], storedHash: string | undefined, now: Date): Promise<boolean> {
  const hash = contentHash(committeeRecord(committee, seats));
  if (storedHash === hash) return false;
  const stored = await getCommitteeWithSeats(committee.id);
  await saveCommittee(committee, seats, stored?.seats ?? [], hash, now.toISOString());
  return true;
}

/** Saves the committees and membership files' content; returns the counts. */
export async function saveCommitteeFiles(files: { committees: string; membership: string }, now: Date) {
  // Loaded here, not at the top: its YAML reader is for this nightly job only, kept out of job-ingest's cold start.
  const { parseCommitteeMembership, parseCommittees } = await import('#shared/adapters/providers/legislators/committees.parser.ts');
  const committees = parseCommittees(files.committees);
  const seatsOf = new Map(parseCommitteeMembership(files.membership).map((c) => [c.committee_id, c.seats]));
  const listed = new Set(committees.map((c) => c.id));
  const gone = (await listCurrentCommitteeIds()).filter((id) => !listed.has(id));
  const hashes = await committeeHashes([...listed, ...gone]);
  const written = await mapLimit(committees, CONCURRENCY, (c) => {
    const seats = seatsOf.get(c.id) ?? [];
    return saveIfChanged({ ...c, member_count: seats.length }, seats, hashes.get(c.id), now);
  });
  const retired = await mapLimit(gone, CONCURRENCY, async (id) => {
    const stored = await getCommitteeWithSeats(id);
    return stored ? saveIfChanged({ ...stored.committee, current: false, member_count: 0 }, [], hashes.get(id), now) : false;
  });
  return {
    committees: committees.length,
    seats: [...seatsOf.values()].reduce((n, s) => n + s.length, 0),
    written: written.filter(Boolean).length,
    retired: retired.filter(Boolean).length,
    // Seats of committees the committees file does not list (a stale membership file) are not stored.
    unlisted_membership: [...seatsOf.keys()].filter((id) => !listed.has(id)),
  };
}
