/**
 * The records the dashboard shows, in one BatchGet (docs/data-model.md P7):
 * bills by id, member records and their recent-votes items, mixed in one
 * request of up to 100 keys (more keys cost one more request per 100).
 */
import type { Bill, Member } from '#shared/domain/bills/bill.schema.ts';
import type { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { billFromItem } from './bills.repository.ts';
import { batchGet, type Item } from './dynamo.ts';
import { billKeys } from './keys/bill.keys.ts';
import { memberKeys } from './keys/member.keys.ts';
import { recentVotesFromItem } from './member-recent-votes.repository.ts';
import { memberFromItem } from './members.repository.ts';

export interface DashboardCards {
  bills: Map<string, Bill>;
  members: Map<string, { member: Member; recent_votes: MemberVote[] }>;
}

/** Bills and members (with their latest `votesPerMember` positions) by id; unknown ids are absent. */
export async function readDashboardCards(billIds: string[], memberIds: string[], votesPerMember: number): Promise<DashboardCards> {
  const bills = [...new Set(billIds)];
  const members = [...new Set(memberIds)];
  const items = await batchGet([...bills.map(billKeys.meta), ...members.flatMap((id) => [memberKeys.profile(id), memberKeys.recentVotes(id)])]);
  const byKey = new Map(items.map((i) => [`${String(i.pk)}|${String(i.sk)}`, i]));
  const at = (k: { pk: string; sk: string }): Item | undefined => byKey.get(`${k.pk}|${k.sk}`);
  const cards: DashboardCards = { bills: new Map(), members: new Map() };
  for (const id of bills) {
    const item = at(billKeys.meta(id));
    if (item) cards.bills.set(id, billFromItem(item));
  }
  for (const id of members) {
    const item = at(memberKeys.profile(id));
    if (item) cards.members.set(id, { member: memberFromItem(item), recent_votes: recentVotesFromItem(at(memberKeys.recentVotes(id)), votesPerMember) });
  }
  return cards;
}
