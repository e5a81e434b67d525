/**
 * Member report cards (issue 33.3): computed ahead of the read, so
 * GET /api/members/{id}/record is one Query of the member's cards and the
 * committee seats (committeeAssignmentsOf: the committees the service
 * stores, kept by sync_committees). A card is computed again when it is marked stale: each
 * roll call stored marks the cards of its Congress for every member it
 * lists (votes.repository.ts), and the nightly refresh marks every serving
 * member's card of the current Congress (their bills move every day).
 * compute_member_records computes the marked cards (queued two minutes after a
 * vote fetch stores roll calls, and hourly as a safety net), each from the
 * member's positions, sponsored bills and cosponsorships of that Congress,
 * all read through indexes (no Scan).
 */
import { randomUUID } from 'node:crypto';
import {
  billSponsorParties,
  clearStaleRecord,
  listCosponsorshipsOfCongress,
  listMemberRecords,
  listMemberVotesOfCongress,
  listSponsoredBillsOfCongress,
  listStaleRecords,
  markRecordsStale,
  putMemberRecord,
  type StaleRecord,
} from '#shared/adapters/db/member-records.repository.ts';
import { getMember, listAllMembers } from '#shared/adapters/db/members.repository.ts';
import { congressForDate } from '#shared/domain/bills/bill-id.ts';
import { reportCard } from '#shared/domain/members/report-card.ts';
import type { MemberRecordCongress, MemberRecordView } from '#shared/domain/members/report-card.schema.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { committeeAssignmentsOf } from '#shared/use-cases/committees/committee-reads.ts';

/** Cards computed at once: each is four reads (positions, sponsored bills, cosponsorships, their bills' sponsors). */
const CONCURRENCY = 4;
/** Stale marks read per page. */
const PAGE = 100;

/** Computes and stores one member's card of one Congress. */
export async function computeMemberRecord(memberId: string, congress: number, now: Date): Promise<MemberRecordCongress> {
  const [positions, sponsored, cosponsorships] = await Promise.all([
    listMemberVotesOfCongress(memberId, congress),
    listSponsoredBillsOfCongress(memberId, congress),
    listCosponsorshipsOfCongress(memberId, congress),
  ]);
  const sponsors = await billSponsorParties(cosponsorships.map((c) => c.bill_id));
  const card = reportCard({
    congress,
    computedAt: now.toISOString(),
    positions,
    sponsored,
    cosponsored: cosponsorships.flatMap((c) => {
      const bill = sponsors.get(c.bill_id);
      return bill ? [{ bill_id: c.bill_id, label: bill.label, member_party: c.party, sponsor_party: bill.sponsor_party }] : [];
    }),
  });
  await putMemberRecord(memberId, card);
  return card;
}

/** compute_member_records: computes every card marked stale, then clears each mark unless a roll call marked it again meanwhile. */
export async function computeStaleRecords(now: Date) {
  let computed = 0;
  let marked_again = 0;
  let cursor: string | undefined;
  const seen = new Set<string>();
  do {
    const page = await listStaleRecords(PAGE, cursor);
    const fresh = page.items.filter((r) => !seen.has(`${r.congress}#${r.member_id}#${r.mark}`));
    await mapLimit(fresh, CONCURRENCY, async (r: StaleRecord) => {
      seen.add(`${r.congress}#${r.member_id}#${r.mark}`);
      await computeMemberRecord(r.member_id, r.congress, now);
      computed++;
      if (!(await clearStaleRecord(r))) marked_again++;
    });
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { computed, marked_again };
}

/** refresh_member_records: marks every serving member's card of the current Congress stale, then computes the stale cards. */
export async function refreshCurrentRecords(now: Date) {
  const congress = congressForDate(now);
  const serving = (await listAllMembers()).filter((m) => m.in_office);
  await markRecordsStale(
    congress,
    serving.map((m) => m.id),
    randomUUID(),
  );
  return { congress, marked: serving.length, ...(await computeStaleRecords(now)) };
}

/** Where the stored seats come from (sync_committees). */
const COMMITTEE_SOURCE = "the committees BillWatch keeps from congress-legislators' committee-membership-current (synced daily)";

/** GET /api/members/{id}/record: the member's cards, newest Congress first, with their current committee seats. */
export async function memberRecordView(id: string): Promise<MemberRecordView> {
  const [congresses, assignments] = await Promise.all([listMemberRecords(id), committeeAssignmentsOf(id)]);
  if (congresses.length === 0 && assignments.length === 0 && !(await getMember(id))) {
    throw new NotFoundError(`No member ${id}`, 'member.not_found');
  }
  return { member_id: id, congresses, committees: { source: COMMITTEE_SOURCE, assignments }, votes_url: `/api/members/${id}/votes` };
}
