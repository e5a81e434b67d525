/**
 * A member known only as the sponsor of stored bills (a member who left
 * before the member list was read, or one the list has not brought yet): the
 * record the bill's sponsor summary allows, so the sponsor's link answers
 * what is known while the member itself is fetched (enrich_member).
 */
import type { SponsorSummary } from '#shared/domain/bills/bill.schema.ts';
import { NOT_SCORED, type Member } from './member.schema.ts';

/** The member a sponsor summary describes, in the chamber of the bill; null when the summary names no state. */
export function memberFromSponsor(sponsor: SponsorSummary, chamber: 'house' | 'senate', provenance: Member['provenance']): Member | null {
  if (!sponsor.state || sponsor.state.length !== 2) return null;
  const [lastName, firstName] = sponsor.name.split(',').map((s) => s.trim());
  return {
    id: sponsor.id,
    name: sponsor.name,
    first_name: firstName || null,
    last_name: lastName || null,
    nickname: null,
    state: sponsor.state,
    district: chamber === 'house' ? sponsor.district : null,
    chamber,
    party: sponsor.party,
    photo_url: null,
    office_address: null,
    phone: null,
    website: null,
    congress_gov_url: `https://www.congress.gov/member/${sponsor.id.toLowerCase()}/${sponsor.id}`,
    // Moved by the change feed's first note of the stored record (docs/data-model.md M13).
    updated_at: null,
    lis_id: null,
    birth_year: null,
    terms: [],
    // Whether the sponsor still serves is not known from a bill; the member fetch will say.
    in_office: true,
    leadership_roles: [],
    sponsored_count: null,
    cosponsored_count: null,
    enriched_at: null,
    chaired_committees: null,
    ...NOT_SCORED,
    provenance,
  };
}
