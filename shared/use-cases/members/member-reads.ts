/**
 * The read use cases of the Members endpoints: list and name search,
 * profile (the first view queues the enrichment), bills, votes, and the
 * representatives of a ZIP (the bundled crosswalk, else geocoder → district
 * boundary service; then the state's stored members).
 */
import { listCosponsoredBillIds } from '#shared/adapters/db/cosponsors.repository.ts';
import { listBills } from '#shared/adapters/db/bill-listing.repository.ts';
import { getBills } from '#shared/adapters/db/bills.repository.ts';
import { listFollows } from '#shared/adapters/db/follows.repository.ts';
import {
  claimEnrichment,
  getMemberDetail,
  getMemberDetailAndEnrichment,
  getMembers,
  listMembers,
  listStateMembers,
  type MemberFilters,
} from '#shared/adapters/db/members.repository.ts';
import { listMemberVotes } from '#shared/adapters/db/votes.repository.ts';
import { InvalidInputError, NotFoundError, UnavailableError } from '#shared/errors/app-error.ts';
import { logger } from '#shared/platform/logger.ts';
import { config } from '#shared/platform/config.ts';
import { isUnrecorded, ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { sendMessage } from '#shared/adapters/messaging/send.ts';
import { billView, memberView } from '#shared/domain/bills/bill-views.ts';
import type { District } from '#shared/domain/members/district.ts';
import { representativesOf } from '#shared/domain/members/seats.ts';
import { memberFromSponsor } from '#shared/domain/members/sponsor-member.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { hasOverlongNameToken, MAX_NAME_TOKEN_LENGTH } from '#shared/domain/members/name-tokens.ts';
import { findMembers } from './member-search.ts';
import { committeeAssignmentsOf } from '#shared/use-cases/committees/committee-reads.ts';

/**
 * The ZIP lookup's crosswalk (260 KB of district strings) and the geocoder
 * client are loaded on the first ZIP lookup, not at every cold start of the
 * members function: most of its invocations are lists, profiles, bills and
 * votes, which need neither.
 */
const zipCrosswalk = () => import('#shared/adapters/providers/zip-districts/zip-districts.ts');
const geocoder = () => import('#shared/adapters/providers/geocoder.client.ts');

const memberNotFound = (id: string) => new NotFoundError(`No member ${id}`, 'member.not_found');

async function followedMembers(userId?: string): Promise<Set<string> | null> {
  return userId ? new Set((await listFollows(userId, 'member')).map((f) => f.target_id)) : null;
}

/** GET /api/members: a search when q is given (both name forms, a nickname, a state's name or code), else the filtered list. */
export async function listMembersView(q: string | undefined, filters: MemberFilters, paging: { limit: number; cursor?: string }, userId?: string) {
  const following = await followedMembers(userId);
  const extra = (id: string) => (following ? { isFollowing: following.has(id) } : {});
  if (q) {
    if (hasOverlongNameToken(q)) {
      const message = `has a word longer than ${MAX_NAME_TOKEN_LENGTH} letters once normalised`;
      throw new InvalidInputError(`Invalid query.q: ${message}`, [{ path: 'query.q', message }], 'members.word_too_long');
    }
    const found = (await findMembers(q, paging.limit * 3)).filter(
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

/** A member not stored yet, as the newest bill it sponsors describes it (what is known); null when it sponsors none. */
async function sponsorOnRecord(id: string): Promise<Member | null> {
  const [bill] = (await listBills({ sponsor_id: id }, 1)).items;
  return bill?.sponsor ? memberFromSponsor(bill.sponsor, bill.chamber, bill.provenance) : null;
}

/**
 * GET /api/members/{id}: the profile from one Query, with the member's
 * committee seats (one Query of the member's seats and a BatchGet of their
 * committees, read alongside); an unenriched member gets its enrichment
 * queued once. A sponsor not stored yet answers what its bills know, and the
 * enrichment fetches and stores the member.
 */
export async function memberDetailView(id: string, userId?: string, now = new Date()) {
  const [{ member: stored, enrichment: claim }, following, committee_assignments] = await Promise.all([
    getMemberDetailAndEnrichment(id),
    followedMembers(userId),
    committeeAssignmentsOf(id),
  ]);
  const member = stored ?? (await sponsorOnRecord(id));
  if (!member) throw memberNotFound(id);
  let enrichment = claim;
  if (member.enriched_at === null && (await claimEnrichment(id, now.getTime()))) {
    const queued = await sendMessage('ingest-tasks', { v: 1, type: 'enrich_member', member_id: id }).then(
      () => true,
      (err: unknown) => {
        logger.warn('member view: enrichment not queued', { id, error: (err as Error).message });
        return false;
      },
    );
    if (queued) enrichment = { requested_at: now.toISOString(), outcome: null, detail: null };
  }
  return { ...memberView(member, { enrichment, now, ...(following ? { isFollowing: following.has(id) } : {}) }), committee_assignments };
}

/** GET /api/members/{id}/bills: sponsored and/or cosponsored bills. */
export async function memberBillsView(id: string, role: 'sponsored' | 'cosponsored' | 'all', paging: { limit: number; cursor?: string }) {
  if (!(await getMemberDetail(id)) && !(await sponsorOnRecord(id))) throw memberNotFound(id);
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

const label = (d: District) => `${d.state}-${d.district === 0 ? 'AL' : d.district}`;
const sameDistrict = (a: District, b: District) => a.state === b.state && a.district === b.district;

/** The districts of a ZIP the crosswalk has no row for: the geocoder's point, then the boundary service's district there. */
async function districtsFromGeocoder(zip: string): Promise<District[]> {
  const { districtAt, geocodeZip } = await geocoder();
  const point = await geocodeZip(zip).catch((err: unknown) => {
    // Offline (providers replayed from a recording), a ZIP the recording lacks is simply unknown: a 404, not an outage.
    if (err instanceof ProviderError && config().REPLAY_HAR)
      throw new NotFoundError(`ZIP ${zip} is not in the offline ZIP-to-district data (the ZIP geocoder is asked only with live providers)`, 'zip.unknown');
    throw err;
  });
  if (!point) throw new NotFoundError(`ZIP ${zip} is in neither the ZIP-to-district crosswalk nor the ZIP geocoder`, 'zip.unknown');
  const district = await districtAt(point.lat, point.lon);
  if (!district) throw new NotFoundError(`No congressional district was found for ZIP ${zip}`, 'zip.no_district');
  return [district];
}

/** The one district of a street address in the ZIP: the address geocoder's point, then the boundary service's district there. */
async function districtOfAddress(zip: string, address: string, candidates: District[]): Promise<District> {
  const { districtAt, geocodeAddress } = await geocoder();
  // The one-line geocoder matches far more reliably with the ZIP in the line.
  const point = await geocodeAddress(address.includes(zip) ? address : `${address}, ${zip}`);
  if (!point) {
    throw new InvalidInputError(
      `The address "${address}" was not found in ZIP ${zip}`,
      [{ path: 'query.address', message: 'no match' }],
      'zip.address_unknown',
    );
  }
  const district = await districtAt(point.lat, point.lon);
  if (!district) throw new NotFoundError(`No congressional district was found at the address "${address}"`, 'zip.no_district');
  if (!candidates.some((c) => sameDistrict(c, district))) {
    throw new InvalidInputError(
      `The address "${address}" is in ${label(district)}, which ZIP ${zip} does not reach (${candidates.map(label).join(', ')})`,
      [{ path: 'query.address', message: `in ${label(district)}, outside ZIP ${zip}` }],
      'zip.address_outside',
    );
  }
  return district;
}

/** What became of the street address a ZIP lookup was given. */
type AddressLookup = { status: 'matched' | 'not_needed' | 'unavailable'; detail: string | null };

/**
 * The one district of the address, when the address service answers; when it
 * cannot be asked (offline: the local stack has no address geocoder; live: the
 * service failed), the ZIP's every district stays, and the answer says why in
 * plain words rather than failing the whole lookup.
 */
async function narrowByAddress(zip: string, address: string, districts: District[]): Promise<{ districts: District[]; lookup: AddressLookup }> {
  if (districts.length === 1) return { districts, lookup: { status: 'not_needed', detail: `ZIP ${zip} is in one district: the address was not needed.` } };
  try {
    return { districts: [await districtOfAddress(zip, address, districts)], lookup: { status: 'matched', detail: null } };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    logger.warn('by-zip: address lookup unavailable', { zip, error: err.message });
    const detail =
      isUnrecorded(err) || config().REPLAY_HAR
        ? `This offline copy of BillWatch cannot look up street addresses, so the members of every district ZIP ${zip} touches are listed.`
        : `The street address service did not answer, so the members of every district ZIP ${zip} touches are listed.`;
    return { districts, lookup: { status: 'unavailable', detail } };
  }
}

/**
 * GET /api/members/by-zip/{zip}: every district the ZIP touches (the bundled
 * crosswalk first, the geocoder for a ZIP it lacks) and the senators and
 * House members of each. A ZIP that spans districts is answered with all of
 * them and `ambiguous: true`, unless a street address picks one; an address
 * that cannot be looked up leaves them all, and `address_lookup` says why.
 */
export async function representativesForZip(zip: string, address?: string) {
  try {
    let districts = (await zipCrosswalk()).districtsForZip(zip);
    if (districts.length === 0) districts = await districtsFromGeocoder(zip);
    let addressLookup: AddressLookup | null = null;
    if (address) ({ districts, lookup: addressLookup } = await narrowByAddress(zip, address, districts));
    const states = [...new Set(districts.map((d) => d.state))];
    const delegations = new Map(await Promise.all(states.map(async (st) => [st, await listStateMembers(st)] as const)));
    // The senators of a state with several candidate districts are listed once.
    const members = [...new Map(districts.flatMap((d) => representativesOf(delegations.get(d.state) ?? [], d.district)).map((m) => [m.id, m])).values()];
    const ambiguous = districts.length > 1;
    const first = districts[0] as District;
    return {
      zip,
      // A ZIP across a state line names the first state; `districts` lists each.
      state: first.state,
      district: ambiguous ? null : first.district,
      districts,
      ambiguous,
      address_lookup: addressLookup,
      members: members.map((m) => memberView(m)),
    };
  } catch (err) {
    if (err instanceof ProviderError) throw new UnavailableError(`The ZIP lookup is unavailable: ${err.message}`, 'zip.lookup_unavailable');
    throw err;
  }
}
