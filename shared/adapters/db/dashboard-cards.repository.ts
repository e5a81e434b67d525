/**
 * The records the dashboard shows, in one BatchGet (docs/data-model.md P7):
 * bills by id and each member's recent-votes item, which carries the member's
 * card beside their latest positions (M7a), so a followed member costs one
 * small key rather than their whole record and a second key. One request up
 * to 100 keys (more keys cost one more request per 100), reading only the
 * attributes the dashboard shows. A bill whose card the dashboard feed
 * carries (P8b) is taken from it and not read; with nothing left to read,
 * no request is made.
 *
 * A member whose item has no card yet (stored before migration 0009 put
 * them) is read from the member record in one more BatchGet, so the answer is
 * the same before the migration has run, only one request dearer.
 */
import { memberCard, type MemberCard } from '#shared/domain/members/member.schema.ts';
import { DashboardBill, type BillCard } from '#shared/domain/personal/bill-card.schema.ts';
import { batchGet, type Item } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { memberActivityFromItem } from './member-recent-votes.repository.ts';
import { type RecentVote } from '#shared/domain/votes/recent-votes.schema.ts';
import { memberFromItem } from './members.repository.ts';

export type { DashboardBill } from '#shared/domain/personal/bill-card.schema.ts';

/**
 * What the BatchGet reads of each item: the keys, a bill's summary fields and
 * a recent-votes item's card and positions. A bill record also holds its
 * provenance, sponsor, links and index keys, none of which the dashboard shows.
 */
const projection = (): string[] => ['pk', 'sk', ...Object.keys(DashboardBill().shape), 'votes', 'card'];

export interface DashboardCards {
  bills: Map<string, DashboardBill>;
  members: Map<string, { card: MemberCard; recent_votes: RecentVote[] }>;
}

const keyOf = (k: { pk?: unknown; sk?: unknown }) => `${String(k.pk)}|${String(k.sk)}`;

/**
 * Bills and member cards (with their latest `votesPerMember` positions) by
 * id; unknown ids are absent. `known` are bill cards already in hand (the
 * feed's), whose bills are not read.
 */
export async function readDashboardCards(
  billIds: string[],
  memberIds: string[],
  votesPerMember: number,
  known: Record<string, BillCard> = {},
): Promise<DashboardCards> {
  const cards: DashboardCards = { bills: new Map(), members: new Map() };
  const bills: string[] = [];
  for (const id of new Set(billIds)) {
    const card = known[id];
    if (card) cards.bills.set(id, card);
    else bills.push(id);
  }
  const members = [...new Set(memberIds)];
  const keys = [...bills.map(billKeys.meta), ...members.map(memberKeys.recentVotes)];
  const items = keys.length > 0 ? await batchGet(keys, projection()) : [];
  const byKey = new Map(items.map((i) => [keyOf(i), i]));
  const at = (k: { pk: string; sk: string }): Item | undefined => byKey.get(keyOf(k));
  for (const id of bills) {
    const item = at(billKeys.meta(id));
    if (item) cards.bills.set(id, DashboardBill().parse(item));
  }
  const activity = new Map(members.map((id) => [id, memberActivityFromItem(at(memberKeys.recentVotes(id)), votesPerMember)]));
  const withoutCard = members.filter((id) => activity.get(id)?.card === null);
  const records = withoutCard.length ? new Map((await batchGet(withoutCard.map(memberKeys.profile))).map((i) => [String(i.id), memberFromItem(i)])) : null;
  for (const id of members) {
    const a = activity.get(id);
    const record = records?.get(id);
    const card = a?.card ?? (record ? memberCard(record) : null);
    if (a && card) cards.members.set(id, { card, recent_votes: a.recent_votes });
  }
  return cards;
}
