/**
 * Members in the single table. MEMBER#{bioguide} / PROFILE holds the record
 * (member detail is one Query on the partition). gsi1 MEMBERS#{state} /
 * {chamber}#{district}#{id} lists a state's delegation (ZIP lookup, state
 * filter); gsi3 MEMBERS / {name}#{id} lists everyone by name; LIS#{lis_id} /
 * MEMBER maps Senate LIS ids to Bioguide ids; NAME#{initial} / {token}#{id}
 * items serve the name search in both 'Last, First' and 'First Last' forms
 * and carry the member's card, so a search is one Query with no BatchGet.
 */
import { mapLimit } from '#shared/platform/concurrency.ts';
import { Member, MemberCard, memberCard } from '#shared/domain/members/member.schema.ts';
import { nameMatches, nameTokens } from '#shared/domain/members/name-tokens.ts';
import { conditional, batchGet, batchWrite, queryAll, queryPage, type Item, type Page } from './dynamo.ts';
import { cond, expressions, query, update, type Condition } from './expressions.ts';
import { memberKeys } from './keys/member.keys.ts';
import { noteMemberCard } from './member-recent-votes.repository.ts';
import { INDEX, ttlIn } from './table.ts';
import { CONTENT_HASH, contentHash } from './content-version.ts';
import { memberView } from '#shared/domain/bills/bill-views.ts';
import * as table from './table-client.ts';
import { entityItem } from './entities.ts';

const NAME_QUERY_LIMIT = 200;

/** The content hash of what the API answers for a member (./content-version.ts); when the scores were computed is not content. */
export const memberContentHash = (m: Member): string => {
  const { effectiveness_computed_at: _computedAt, ...view } = memberView(m);
  return contentHash(view);
};

/** The record as stored: `updatedAt` is the content's, kept from the stored record while its hash is the same. */
function toItem(m: Member, updatedAt: string): Item {
  return entityItem('member', memberKeys.profile(m.id), {
    ...m,
    updated_at: updatedAt,
    [CONTENT_HASH]: memberContentHash(m),
    ...memberKeys.byState.keys(m),
    ...memberKeys.byName.keys(m),
    ...memberKeys.byContentChange.keys(m, updatedAt),
  });
}

/** After an update of a member record (`item` as it left it): moves updated_at and the change feed when the content hash changed. */
export async function noteMemberContent(item: Item, now = new Date()): Promise<boolean> {
  const member = fromItem(item);
  const hash = memberContentHash(member);
  if (item[CONTENT_HASH] === hash) return false;
  const updatedAt = now.toISOString();
  const index = INDEX.changeFeed;
  const feed = memberKeys.byContentChange.keys(member, updatedAt);
  return conditional(() =>
    table.updateItem({
      Key: memberKeys.profile(member.id),
      ...update(
        { set: { [CONTENT_HASH]: hash, updated_at: updatedAt, [index.pk]: feed[index.pk], [index.sk]: feed[index.sk] } },
        cond.and(cond.itemExists(), cond.or(cond.absent(CONTENT_HASH), cond.ne(CONTENT_HASH, hash))),
      ),
    }),
  );
}

/** Parses a stored member record (extra key attributes are dropped). */
export const memberFromItem = (i: Item): Member => Member().parse(i);
const fromItem = memberFromItem;

/**
 * Puts the member's card where it is read without the record: the name index
 * items (one per name word) and the recent-votes item the dashboard reads;
 * deletes the name items of words its previous name had and this one lacks,
 * so a renamed member is not found, or shown, under the old name.
 */
async function writeNameItems(member: Member, previousName?: string): Promise<void> {
  const tokens = nameTokens(member.name);
  const card = memberCard(member);
  const gone = previousName ? nameTokens(previousName).filter((t) => !tokens.includes(t)) : [];
  await Promise.all([
    batchWrite([
      ...tokens.map((t) => ({ put: entityItem('member_name', memberKeys.nameItem(t, member.id), { member_id: member.id, card }) })),
      ...gone.map((t) => ({ delete: memberKeys.nameItem(t, member.id) })),
    ]),
    noteMemberCard(card),
  ]);
}

/** Rewrites the name index items of a stored member from its record (migration 0003). */
export const refreshNameItems = (member: Member): Promise<void> => writeNameItems(member);

/** The score fields of a stored member (set by the effectiveness job, which a re-sync must not clear). */
const pickScore = ({ effectiveness_score, percentile, tier, seniority_tier, effectiveness_computed_at }: Member) => ({
  effectiveness_score,
  percentile,
  tier,
  seniority_tier,
  effectiveness_computed_at,
});

/**
 * Saves a member with its LIS mapping and name index items. Enrichment
 * fields, committee chairs and the effectiveness score already stored are
 * kept when the incoming record has none; terms the sync brings (the
 * legislators dataset's whole history) replace stored ones.
 */
export async function putMember(member: Member): Promise<void> {
  const existing = await getMember(member.id);
  const merged: Member = existing
    ? {
        ...member,
        birth_year: member.birth_year ?? existing.birth_year,
        terms: member.terms.length ? member.terms : existing.terms,
        leadership_roles: member.leadership_roles.length ? member.leadership_roles : existing.leadership_roles,
        sponsored_count: member.sponsored_count ?? existing.sponsored_count,
        cosponsored_count: member.cosponsored_count ?? existing.cosponsored_count,
        enriched_at: member.enriched_at ?? existing.enriched_at,
        lis_id: member.lis_id ?? existing.lis_id,
        photo_url: member.photo_url ?? existing.photo_url,
        phone: member.phone ?? existing.phone,
        office_address: member.office_address ?? existing.office_address,
        website: member.website ?? existing.website,
        // null is "not known this time" (the committee data was unavailable); [] is a known "chairs none".
        chaired_committees: member.chaired_committees ?? existing.chaired_committees,
        ...(member.effectiveness_computed_at === null ? pickScore(existing) : {}),
      }
    : member;
  const unchanged = existing && existing.updated_at && memberContentHash(existing) === memberContentHash(merged);
  await table.putItem({ Item: toItem(merged, unchanged ? (existing.updated_at as string) : new Date().toISOString()) });
  await Promise.all([
    writeNameItems(merged, existing?.name),
    merged.lis_id ? batchWrite([{ put: entityItem('lis_id', memberKeys.lis(merged.lis_id), { member_id: merged.id }) }]) : Promise.resolve(),
  ]);
}

/** BatchWrite requests in flight at once when saving many new members. */
const NEW_MEMBERS_CONCURRENCY = 6;

/**
 * Saves members known to be absent from the table, as putMember would (record,
 * LIS mapping, name items, recent-votes card) but in BatchWrites of 25 items
 * (unprocessed items retried by batchWrite), a few batches in flight: a whole
 * membership is ~120 requests instead of ~2,700. Only for members not stored:
 * it merges nothing and overwrites what it writes.
 */
export async function putNewMembers(members: readonly Member[]): Promise<void> {
  // As putMember dates a new member's content: now.
  const updatedAt = new Date().toISOString();
  const requests = members.flatMap((m) => {
    const card = memberCard(m);
    return [
      { put: toItem(m, updatedAt) },
      ...nameTokens(m.name).map((t) => ({ put: entityItem('member_name', memberKeys.nameItem(t, m.id), { member_id: m.id, card }) })),
      ...(m.lis_id ? [{ put: entityItem('lis_id', memberKeys.lis(m.lis_id), { member_id: m.id }) }] : []),
      // What noteMemberCard writes for a member with no item yet.
      { put: entityItem('member_recent_votes', memberKeys.recentVotes(m.id), { member_id: m.id, card, votes: {}, version: 1 }) },
    ];
  });
  const chunks: (typeof requests)[] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  await mapLimit(chunks, NEW_MEMBERS_CONCURRENCY, batchWrite);
}

/** The member, or null. */
export async function getMember(id: string): Promise<Member | null> {
  const out = await table.getItem({ Key: memberKeys.profile(id) });
  return out.Item ? fromItem(out.Item) : null;
}

/** Member detail: the one Query on the member's partition. */
export async function getMemberDetail(id: string): Promise<Member | null> {
  const items = await queryAll(query({ pk: memberKeys.partition(id) }));
  const profile = items.find(memberKeys.isProfile);
  return profile ? fromItem(profile) : null;
}

/** Many members by id (BatchGet), in the order asked; unknown ids are left out. */
export async function getMembers(ids: string[]): Promise<Member[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const byId = new Map((await batchGet(unique.map(memberKeys.profile))).map((i) => [String(i.id), fromItem(i)]));
  return unique.flatMap((id) => (byId.has(id) ? [byId.get(id) as Member] : []));
}

/** Bioguide ids for Senate LIS ids (unknown ones are absent from the map). */
export async function bioguideIdsForLis(lisIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(lisIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(unique.map((l) => memberKeys.lis(l)));
  return new Map(items.map((i) => [memberKeys.lisIdOf(String(i.pk)), String(i.member_id)]));
}

/**
 * Cards of the members whose name matches every word of `q`, in either
 * 'Last, First' or 'First Last' form: one Query on the longest word's
 * initial. Name items written before they carried cards (until migration
 * 0003 has run) are answered from the member records.
 */
export async function searchMembers(q: string, limit: number): Promise<MemberCard[]> {
  const tokens = nameTokens(q);
  const longest = [...tokens].sort((a, b) => b.length - a.length)[0];
  if (!longest) return [];
  const page = await queryPage({
    ...query({ pk: memberKeys.namePartition(longest), skPrefix: longest }),
    Limit: NAME_QUERY_LIMIT,
  });
  const cards = new Map<string, MemberCard>();
  const cardless: string[] = [];
  for (const item of page.items) {
    const card = MemberCard().safeParse(item.card);
    if (card.success) cards.set(card.data.id, card.data);
    else cardless.push(String(item.member_id));
  }
  for (const m of await getMembers(cardless.filter((id) => !cards.has(id)))) cards.set(m.id, memberCard(m));
  return [...cards.values()]
    .filter((m) => nameMatches(tokens, m.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, limit);
}

export interface MemberFilters {
  state?: string;
  chamber?: 'house' | 'senate';
  party?: string;
}

/** Members by state (gsi1) or everyone by name (gsi3), with chamber and party filters. */
export async function listMembers(filters: MemberFilters, limit: number, cursor?: string): Promise<Page<Member>> {
  // A state's members sort by chamber, so the chamber narrows the key; everyone-by-name filters on it.
  const key = filters.state
    ? {
        index: memberKeys.byState.index,
        pk: memberKeys.byState.partition(filters.state),
        skPrefix: filters.chamber ? memberKeys.byState.chamberPrefix(filters.chamber) : undefined,
      }
    : { index: memberKeys.byName.index, pk: memberKeys.byName.partition };
  const filter: Condition[] = [];
  if (filters.party) filter.push(cond.eq('party', filters.party));
  if (filters.chamber && !filters.state) filter.push(cond.eq('chamber', filters.chamber));
  const page = await queryPage({ ...query(key, filter.length ? { filter: cond.and(...filter) } : {}), Limit: limit }, cursor);
  return { items: page.items.map(fromItem), next_cursor: page.next_cursor };
}

/** Every stored member (the gsi3 everyone-by-name partition, all pages): for nightly jobs and migrations. */
export async function listAllMembers(): Promise<Member[]> {
  return (await queryAll(query({ index: memberKeys.byName.index, pk: memberKeys.byName.partition }))).map(fromItem);
}

/** Every stored member of a state or territory (one Query on gsi1): the delegation the ZIP lookup picks its representatives from. */
export async function listStateMembers(state: string): Promise<Member[]> {
  return (await queryAll(query({ index: memberKeys.byState.index, pk: memberKeys.byState.partition(state) }))).map(fromItem);
}

/** Stores the first-view enrichment of a member (bio, terms, leadership, counts). */
export async function saveMemberEnrichment(
  id: string,
  fields: Pick<Member, 'birth_year' | 'terms' | 'leadership_roles' | 'sponsored_count' | 'cosponsored_count' | 'enriched_at'> &
    Partial<Pick<Member, 'photo_url' | 'office_address' | 'phone' | 'website'>>,
): Promise<void> {
  const out = await table.updateItem({
    Key: memberKeys.profile(id),
    ...update({ set: fields }, cond.itemExists()),
    ReturnValues: 'ALL_NEW',
  });
  if (out.Attributes) await noteMemberContent(out.Attributes);
  // The photo is on the search card; the other enriched fields are not.
  if (fields.photo_url !== undefined && out.Attributes) await writeNameItems(fromItem(out.Attributes));
}

/** Claims the enrichment of a member for an hour (MEMBER#{id} / ENRICH); true only for the first caller in that hour. */
export async function claimEnrichment(id: string, now = Date.now()): Promise<boolean> {
  return conditional(() =>
    table.putItem({
      Item: entityItem('enrich_claim', memberKeys.enrichClaim(id), { ttl: ttlIn(3600, now) }),
      ...expressions({ condition: cond.or(cond.itemAbsent(), cond.lt('ttl', Math.floor(now / 1000))) }),
    }),
  );
}
