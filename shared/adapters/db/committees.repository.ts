/**
 * Committees in the single table (docs/data-model.md C1-C5). COMMITTEE#{id}
 * / META holds the committee, COMMITTEE#{id} / SEAT#{member_id} each seat (a
 * committee detail is one Query). Current committees are listed on gsi3, a
 * member's seats on gsi2, every committee by content change on gsi4. The
 * record's content hash covers the committee and its seats (what the change
 * feed and the bulk file carry), so a seat change moves its updated_at too.
 */
import { Committee, CommitteeSeat, type CommitteeChamber } from '#shared/domain/committees/committee.schema.ts';
import { batchGet, batchWrite, queryAll, queryPage, type Item, type Page } from './dynamo.ts';
import { query } from './expressions.ts';
import { committeeKeys } from './keys/committee.keys.ts';
import { CONTENT_HASH } from './content-version.ts';
import { entityItem } from './entities.ts';
import * as table from './table-client.ts';

export interface StoredCommittee {
  committee: Committee;
  seats: CommitteeSeat[];
  content_hash: string;
  updated_at: string;
}

const committeeOf = (i: Item) => Committee().parse(i);
const seatOf = (i: Item) => CommitteeSeat().parse(i);

/** C1: a committee with its seats (one Query); null when unknown. */
export async function getCommitteeWithSeats(committeeId: string): Promise<StoredCommittee | null> {
  const items = await queryAll(query({ pk: committeeKeys.partition(committeeId) }));
  const meta = items.find(committeeKeys.isMeta);
  if (!meta) return null;
  return {
    committee: committeeOf(meta),
    seats: items.filter((i) => String(i.sk).startsWith(committeeKeys.seatPrefix)).map(seatOf),
    content_hash: String(meta[CONTENT_HASH] ?? ''),
    updated_at: String(meta.updated_at ?? ''),
  };
}

/** Committees by id (BatchGet), in the order asked; unknown ids left out. */
export async function getCommittees(ids: readonly string[]): Promise<(Committee & { updated_at: string })[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const byId = new Map(
    (await batchGet(unique.map(committeeKeys.meta))).map((i) => [String(i.id), { ...committeeOf(i), updated_at: String(i.updated_at ?? '') }]),
  );
  return unique.flatMap((id) => {
    const c = byId.get(id);
    return c ? [c] : [];
  });
}

/** The stored content hash of each committee asked for (BatchGet, projected); unknown ones are absent. */
export async function committeeHashes(ids: readonly string[]): Promise<Map<string, string>> {
  const items = await batchGet([...new Set(ids)].map(committeeKeys.meta), ['id', CONTENT_HASH]);
  return new Map(items.map((i) => [String(i.id), String(i[CONTENT_HASH] ?? '')]));
}

/** C2: current committees, each full committee before its subcommittees; one chamber or all. */
export async function listCommittees(chamber: CommitteeChamber | undefined, limit: number, cursor?: string): Promise<Page<Committee & { updated_at: string }>> {
  const l = committeeKeys.listing;
  const page = await queryPage(
    { ...query({ index: l.index, pk: l.partition, skPrefix: chamber ? l.chamberPrefix(chamber) : undefined }), Limit: limit },
    cursor,
  );
  return { items: page.items.map((i) => ({ ...committeeOf(i), updated_at: String(i.updated_at ?? '') })), next_cursor: page.next_cursor };
}

/** C2: the ids of every current committee (the sync's view of what is stored; a few hundred). */
export async function listCurrentCommitteeIds(): Promise<string[]> {
  const l = committeeKeys.listing;
  return (await queryAll(query({ index: l.index, pk: l.partition }, { projection: ['id'] }))).map((i) => String(i.id));
}

/** C3: a member's seats, by committee id. */
export async function listSeatsOfMember(memberId: string): Promise<CommitteeSeat[]> {
  const s = committeeKeys.seatsOf;
  return (await queryAll(query({ index: s.index, pk: s.partition(memberId) }))).map(seatOf);
}

const seatItem = (s: CommitteeSeat): Item =>
  entityItem('committee_seat', committeeKeys.seat(s.committee_id, s.member_id), { ...s, ...committeeKeys.seatsOf.keys(s) });

/**
 * Writes a committee whose content changed: its seats first (new or changed
 * ones put, gone ones deleted), then the record with its hash and
 * updated_at, listed while current. A crash between them leaves the old hash
 * on the record, so the next sync writes it again.
 */
export async function saveCommittee(
  committee: Committee,
  seats: CommitteeSeat[],
  previousSeats: CommitteeSeat[],
  contentHash: string,
  updatedAt: string,
): Promise<void> {
  const before = new Map(previousSeats.map((s) => [s.member_id, JSON.stringify(s)]));
  const keep = new Set(seats.map((s) => s.member_id));
  await batchWrite([
    ...seats.filter((s) => before.get(s.member_id) !== JSON.stringify(s)).map((s) => ({ put: seatItem(s) })),
    ...previousSeats.filter((s) => !keep.has(s.member_id)).map((s) => ({ delete: committeeKeys.seat(s.committee_id, s.member_id) })),
  ]);
  const item: Item = entityItem('committee', committeeKeys.meta(committee.id), {
    ...committee,
    updated_at: updatedAt,
    [CONTENT_HASH]: contentHash,
    ...(committee.current ? committeeKeys.listing.keys(committee) : {}),
    ...committeeKeys.byContentChange.keys(committee, updatedAt),
  });
  await table.putItem({ Item: item });
}

/** C5: committees whose content changed after `since`, oldest change first. */
export async function listCommitteeChanges(since: string | undefined, limit: number, cursor?: string): Promise<Page<Committee & { updated_at: string }>> {
  const c = committeeKeys.byContentChange;
  const page = await queryPage(
    { ...query({ index: c.index, pk: c.partition, skAfter: since ? `${since}#~` : undefined }), ScanIndexForward: true, Limit: limit },
    cursor,
  );
  return { items: page.items.map((i) => ({ ...committeeOf(i), updated_at: String(i.updated_at ?? '') })), next_cursor: page.next_cursor };
}
