/**
 * The read use cases of the Members endpoints: list and name search,
 * profile (the first view queues the enrichment), bills, votes, and the
 * representatives of a ZIP (geocoder → district boundary service → members).
 */
import { listCosponsoredBillIds } from '#shared/db/cosponsors.repository.ts';
import { listBills } from '#shared/db/bill-listing.repository.ts';
import { getBills } from '#shared/db/bills.repository.ts';
import { listFollows } from '#shared/db/follows.repository.ts';
import {
  claimEnrichment,
  getMemberDetail,
  getMembers,
  listMembers,
  listStateMembers,
  searchMembers,
  type MemberFilters,
} from '#shared/db/members.repository.ts';
import { listMemberVotes } from '#shared/db/votes.repository.ts';
import { NotFoundError, UnavailableError } from '#shared/errors/app-error.ts';
import { logger } from '#shared/platform/logger.ts';
import { districtAt, geocodeZip } from '#shared/providers/geocoder.client.ts';
import { ProviderError } from '#shared/providers/transport/provider-error.ts';
import { sendMessage } from '#shared/messaging/send.ts';
import { billView, memberView } from '#shared/domain/bills/bill-views.ts';
import { representativesOf } from '#shared/domain/members/seats.ts';

const memberNotFound = (id: string) => new NotFoundError(`No member ${id}`, 'member.not_found');

async function followedMembers(userId?: string): Promise<Set<string> | null> {
  return userId ? new Set((await listFollows(userId, 'member')).map((f) => f.target_id)) : null;
}

/** GET /api/members: a name search when q is given (both name forms), else the filtered list. */
export async function listMembersView(q: string | undefined, filters: MemberFilters, paging: { limit: number; cursor?: string }, userId?: string) {
  const following = await followedMembers(userId);
  const extra = (id: string) => (following ? { isFollowing: following.has(id) } : {});
  if (q) {
    const found = (await searchMembers(q, paging.limit * 3)).filter(
      (m) =>
        (!filters.state || m.state === filters.state) && (!filters.chamber || m.chamber === filters.chamber) && (!filters.party || m.party === filters.party),
    );
    // The search answers cards; this list shows whole records, read for the page only.
    const members = await getMembers(found.slice(0, paging.limit).map((m) => m.id));
    return { items: members.map((m) => memberView(m, extra(m.id))), next_cursor: null };
  }
  const page = await listMembers(filters, paging.limit, paging.cursor);
  return { items: page.items.map((m) => memberView(m, extra(m.id))), next_cursor: page.next_cursor };
}

/** GET /api/members/{id}: the profile from one Query; an unenriched member gets its enrichment queued once. */
export async function memberDetailView(id: string, userId?: string) {
  const [member, following] = await Promise.all([getMemberDetail(id), followedMembers(userId)]);
  if (!member) throw memberNotFound(id);
  if (member.enriched_at === null && (await claimEnrichment(id))) {
    await sendMessage('ingest-tasks', { v: 1, type: 'enrich_member', member_id: id }).catch((err: unknown) =>
      logger.warn('member view: enrichment not queued', { id, error: (err as Error).message }),
    );
  }
  return memberView(member, following ? { isFollowing: following.has(id) } : {});
}

/** GET /api/members/{id}/bills: sponsored and/or cosponsored bills. */
export async function memberBillsView(id: string, role: 'sponsored' | 'cosponsored' | 'all', paging: { limit: number; cursor?: string }) {
  if (!(await getMemberDetail(id))) throw memberNotFound(id);
  const sponsored = async (cursor?: string) => {
    const page = await listBills({ sponsor_id: id }, paging.limit, cursor);
    return { items: page.items.map((b) => ({ ...billView(b), role: 'sponsor' as const })), next_cursor: page.next_cursor };
  };
  const cosponsored = async (cursor?: string) => {
    const page = await listCosponsoredBillIds(id, paging.limit, cursor);
    return { items: (await getBills(page.items)).map((b) => ({ ...billView(b), role: 'cosponsor' as const })), next_cursor: page.next_cursor };
  };
  if (role === 'sponsored') return sponsored(paging.cursor);
  if (role === 'cosponsored') return cosponsored(paging.cursor);
  const [s, c] = await Promise.all([sponsored(), cosponsored()]);
  return { items: [...s.items, ...c.items], next_cursor: null };
}

/** GET /api/members/{id}/votes: recorded positions, newest first. */
export async function memberVotesView(id: string, paging: { limit: number; cursor?: string }) {
  const page = await listMemberVotes(id, paging);
  if (page.items.length === 0 && !paging.cursor && !(await getMemberDetail(id))) throw memberNotFound(id);
  return page;
}

/** GET /api/members/by-zip/{zip}: the two senators and the House member of the ZIP's district. */
export async function representativesForZip(zip: string) {
  try {
    const point = await geocodeZip(zip);
    if (!point) throw new NotFoundError(`No location is known for ZIP ${zip}`, 'zip.unknown');
    const district = await districtAt(point.lat, point.lon);
    if (!district) throw new NotFoundError(`No congressional district was found for ZIP ${zip}`, 'zip.no_district');
    const members = representativesOf(await listStateMembers(district.state), district.district);
    return { zip, state: district.state, district: district.district, members: members.map((m) => memberView(m)) };
  } catch (err) {
    if (err instanceof ProviderError) throw new UnavailableError(`The ZIP lookup is unavailable: ${err.message}`, 'zip.lookup_unavailable');
    throw err;
  }
}
