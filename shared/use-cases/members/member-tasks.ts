/**
 * Members: sync_members (the Congress.gov list for chamber, state and
 * district, merged with the congress-legislators data for LIS ids, contact
 * details, term history and the committees each member chairs) and the
 * first-view enrichment of one member. Both honour the admin's data-source
 * switches: Congress.gov off skips them; the legislators dataset off leaves
 * LIS ids, contact details, terms and committee chairs as stored.
 */
import { getDataSources } from '#shared/adapters/db/data-sources.repository.ts';
import { getMember, noteEnrichmentOutcome, putMember, saveMemberEnrichment } from '#shared/adapters/db/members.repository.ts';
import { isUnrecorded, ProviderError } from '#shared/adapters/providers/transport/provider-error.ts';
import { disabledByAdmin } from '#shared/domain/settings/data-sources.ts';
import { logger } from '#shared/platform/logger.ts';
import { getMemberDetail, listCurrentMembers } from '#shared/adapters/providers/congress-gov/congress-gov.client.ts';
import { fetchCommitteeChairs, fetchCurrentLegislators } from '#shared/adapters/providers/legislators/legislators.client.ts';
import type { Member } from '#shared/domain/members/member.schema.ts';
import { enrichmentFromDetail, memberFromDetail, memberFromListItem } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { enrichedTerms } from '#shared/domain/members/terms.ts';

/**
 * Merges the Congress.gov record with what the legislators dataset adds: LIS
 * id, the nickname name search finds, contact details, birth year, leadership roles, the term history (which
 * the Congress.gov list lacks, and seniority needs) and the House district
 * when the list gave none.
 */
export function mergeMember(base: Member, extra: Member | undefined): Member {
  if (!extra) return base;
  const chamber = base.chamber ?? extra.chamber;
  return {
    ...base,
    chamber,
    district: chamber === 'house' && extra.chamber === 'house' ? (base.district ?? extra.district) : base.district,
    terms: base.terms.length ? base.terms : extra.terms,
    lis_id: extra.lis_id ?? base.lis_id,
    nickname: base.nickname ?? extra.nickname,
    phone: base.phone ?? extra.phone,
    office_address: base.office_address ?? extra.office_address,
    website: base.website ?? extra.website,
    birth_year: base.birth_year ?? extra.birth_year,
    leadership_roles: base.leadership_roles.length ? base.leadership_roles : extra.leadership_roles,
  };
}

/**
 * Runs sync_members; the legislators dataset and its committee files are
 * optional (an outage, or the admin's switch, only leaves LIS ids and
 * committee chairs as they were).
 */
export async function syncMembers(now: Date) {
  const sources = await getDataSources();
  if (!sources.congress_api.enabled) return { skipped: true, reason: disabledByAdmin('congress_api') };
  const fetchedAt = now.toISOString();
  const list = await listCurrentMembers();
  let legislators: Member[] = [];
  // Null when the committee files are unavailable or switched off: stored chairs are then kept, not cleared.
  let chairs: Map<string, string[]> | null = null;
  if (sources.legislators.enabled) {
    try {
      legislators = await fetchCurrentLegislators(fetchedAt);
    } catch (err) {
      logger.warn('sync_members: legislators dataset unavailable', { error: (err as Error).message });
    }
    try {
      chairs = await fetchCommitteeChairs();
    } catch (err) {
      logger.warn('sync_members: committee data unavailable', { error: (err as Error).message });
    }
  }
  const byId = new Map(legislators.map((l) => [l.id, l]));
  let saved = 0;
  let skipped = 0;
  for (const item of list) {
    let member: Member;
    try {
      member = memberFromListItem(item, fetchedAt);
    } catch (err) {
      skipped++;
      logger.warn('sync_members: member skipped', { id: item.bioguideId, error: (err as Error).message });
      continue;
    }
    await putMember({ ...mergeMember(member, byId.get(member.id)), chaired_committees: chairs ? (chairs.get(member.id) ?? []) : null });
    saved++;
  }
  return {
    listed: list.length,
    saved,
    skipped,
    with_lis_ids: legislators.filter((l) => l.lis_id).length,
    committee_chairs: chairs?.size ?? null,
    ...(sources.legislators.enabled ? {} : { legislators_skipped: disabledByAdmin('legislators') }),
  };
}

/** What a profile page may say of a failed fetch: the status Congress.gov answered, never a URL or a key. */
const failureDetail = (err: unknown) =>
  err instanceof ProviderError && err.options.status ? `Congress.gov answered HTTP ${err.options.status}` : 'Congress.gov could not be reached';

/**
 * Enriches one member from its Congress.gov detail (bio, terms, leadership,
 * counts). A member not stored yet (a sponsor whose profile was opened) is
 * stored from the detail. A run that cannot enrich notes why on the claim:
 * offline, a member the recording lacks is unavailable (and the task
 * succeeds: asking again cannot help); a provider failure is noted, then
 * thrown for the queue to retry. Idempotent.
 */
export async function enrichMember(memberId: string, now: Date) {
  // The first-view claim lasts an hour (M1b), so a later view asks again once the switch is back on.
  if (!(await getDataSources()).congress_api.enabled) return { member_id: memberId, skipped: disabledByAdmin('congress_api') };
  const member = await getMember(memberId);
  let detail: Awaited<ReturnType<typeof getMemberDetail>>;
  try {
    detail = await getMemberDetail(memberId);
  } catch (err) {
    // Noted on the claim before anything else, so the profile page says what happened instead of "being gathered".
    if (isUnrecorded(err)) {
      await noteEnrichmentOutcome(memberId, 'unavailable_offline', null, now.getTime());
      return { member_id: memberId, skipped: 'offline: the recording holds no Congress.gov profile of this member' };
    }
    await noteEnrichmentOutcome(memberId, 'failed', failureDetail(err), now.getTime());
    throw err;
  }
  if (!member) {
    const fetched = memberFromDetail(detail, now.toISOString());
    if (!fetched) return { member_id: memberId, skipped: 'the member detail names no state' };
    await putMember(fetched);
    return { member_id: memberId, enriched: true, stored: true };
  }
  const enrichment = enrichmentFromDetail(detail, now.toISOString());
  // The detail leaves the current term open and may name no party: what the stored terms know is kept.
  await saveMemberEnrichment(memberId, { ...enrichment, terms: enrichedTerms(enrichment.terms, member.terms) });
  return { member_id: memberId, enriched: true };
}
