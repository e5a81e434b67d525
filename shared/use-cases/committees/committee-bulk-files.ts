/**
 * The committees and meetings of the nightly bulk snapshot
 * (../bills/bulk-export.ts): every committee (retired ones too) with its
 * members, in one file; every meeting in the API's shape, one file per
 * Congress (no file while there is none). Both read their change feed's
 * listing to the end (C5, S6: no Scan).
 */
import { getCommitteeWithSeats, listCommitteeChanges } from '#shared/adapters/db/committees.repository.ts';
import { collectPages } from '#shared/adapters/db/dynamo.ts';
import { listMeetingChanges } from '#shared/adapters/db/meeting-listing.repository.ts';
import { committeeRecord } from '#shared/domain/committees/committee-views.ts';
import { meetingView } from '#shared/domain/schedule/meeting-views.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';

type Line = { id: string; record: Record<string, unknown> };
interface File {
  entity: 'committees' | 'meetings';
  congress: number | null;
  lines: Line[];
}

/** A bound on what one export reads of each listing. */
const MAX_RECORDS = 1_000_000;

export async function committeeAndMeetingFiles(): Promise<File[]> {
  const committees = await collectPages((limit, cursor) => listCommitteeChanges(undefined, Math.min(limit, 100), cursor), MAX_RECORDS);
  const committeeLines = await mapLimit(committees, 8, async (c): Promise<Line[]> => {
    const stored = await getCommitteeWithSeats(c.id);
    return stored ? [{ id: c.id, record: { ...committeeRecord(stored.committee, stored.seats), updated_at: stored.updated_at } }] : [];
  });
  const meetings = await collectPages((limit, cursor) => listMeetingChanges(undefined, Math.min(limit, 100), cursor), MAX_RECORDS);
  const byCongress = new Map<number, Line[]>();
  for (const m of meetings) byCongress.set(m.congress, [...(byCongress.get(m.congress) ?? []), { id: m.id, record: meetingView(m) }]);
  const committeeFile: File[] = committeeLines.flat().length ? [{ entity: 'committees', congress: null, lines: committeeLines.flat() }] : [];
  return [...committeeFile, ...[...byCongress.entries()].map(([congress, lines]): File => ({ entity: 'meetings', congress, lines }))];
}
