/**
 * A member as Bill Status XML and the Congress.gov API name them (a sponsor,
 * a cosponsor), in our shapes: the name as 'Last, First' and the sponsor
 * summary a bill or an amendment carries.
 */
import type { SponsorSummary } from '#shared/domain/bills/bill.schema.ts';
import { partyCode } from '#shared/domain/members/party.ts';
import { stateCode } from '#shared/domain/members/state-codes.ts';

export interface ProviderPerson {
  bioguideId: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  party?: string | null;
  state?: string | null;
  district?: string | number | null;
}

/**
 * 'Last, First'; the legacy format may give only fullName ("Rep. Miller, Jeff [R-FL-1]"), which is trimmed to that,
 * and gives the name parts in capitals ("BALDWIN", "TAMMY"), which take fullName's spelling ("Sen. Baldwin, Tammy
 * [D-WI]") as the Congress.gov API has it.
 */
export function personName(p: ProviderPerson): string {
  if (p.lastName && p.firstName) {
    const plain = `${p.lastName}, ${p.firstName}`;
    const at = p.fullName?.toLowerCase().indexOf(plain.toLowerCase()) ?? -1;
    return p.fullName && at >= 0 ? p.fullName.slice(at, at + plain.length) : plain;
  }
  const full = p.fullName
    ?.replace(/\s*\[[^\]]*\]\s*$/, '')
    .replace(/^(Rep|Sen|Del|Resident Commissioner)\.?\s+/, '')
    .trim();
  return full || p.bioguideId;
}

/** The sponsor summary; the legacy format gives party, state and district only inside fullName ("Rep. Meehan, Patrick [R-PA-7]"). */
export function sponsorOf(p: ProviderPerson): SponsorSummary {
  const bracket = /\[([A-Z]+)-([A-Z]{2})(?:-(\d+|At Large))?\]/.exec(p.fullName ?? '');
  const district = p.district === null || p.district === undefined ? bracket?.[3] : String(p.district);
  return {
    id: p.bioguideId,
    name: personName(p),
    party: partyCode(p.party ?? bracket?.[1]),
    state: stateCode(p.state ?? bracket?.[2]),
    district: district && /^\d+$/.test(district) ? Number(district) : null,
  };
}
