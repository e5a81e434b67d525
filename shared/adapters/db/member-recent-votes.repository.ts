/**
 * A member's latest recorded positions and card (docs/data-model.md M7a),
 * kept beside the member record: the vote writer keeps a map of
 * `{date}#{vote_id}` to the position, trimmed to the newest three, and the
 * member writers keep the card (the fields the dashboard shows) current. The
 * dashboard reads this one item per followed member, in the same BatchGet as
 * the bills, instead of the member record too (larger: terms, leadership,
 * scores) or one Query per member.
 */
import type { MemberCard } from '#shared/domain/members/member.schema.ts';
import { memberCard } from '#shared/domain/members/member.schema.ts';
import type { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { isConditionFailed, type Item } from './dynamo.ts';
import { cond, expressions, update } from './expressions.ts';
import type { ItemKey } from './keys/key.ts';
import { memberKeys } from './keys/member.keys.ts';
import { rewriteVersioned, setMapEntry } from './versioned-item.ts';
import { RecentVote, RecentVotesItem } from '#shared/domain/votes/recent-votes.schema.ts';
import * as table from './table-client.ts';
import { entityTag } from './entities.ts';

/**
 * Positions kept per member: the three the dashboard shows. Positions are
 * only ever added, so one with three newer ones never shows again, however
 * late it arrived.
 */
export const RECENT_VOTES_KEPT = 3;
/** The map is trimmed once it holds more than this many entries: the dashboard reads at most this many per member. */
const TRIM_AT = 5;
/** Members updated at once when a roll call is saved. */
const WRITE_CONCURRENCY = 16;

const entryKey = (v: Pick<MemberVote, 'date' | 'vote_id'>) => `${v.date}#${v.vote_id}`;

/** The newest positions of a stored recent-votes item, newest first. */
export function recentVotesFromItem(item: Item | undefined, limit: number): RecentVote[] {
  return newest(RecentVotesItem().parse(item ?? {}).votes)
    .slice(0, limit)
    .map(([, v]) => v);
}

/** A member's card and newest `limit` positions from their stored item (card null when none was written). */
export function memberActivityFromItem(item: Item | undefined, limit: number): { card: MemberCard | null; recent_votes: RecentVote[] } {
  const parsed = RecentVotesItem().parse(item ?? {});
  return {
    card: parsed.card,
    recent_votes: newest(parsed.votes)
      .slice(0, limit)
      .map(([, v]) => v),
  };
}

/**
 * Puts a member's card on their item (every write of a member record that may
 * change it). One UpdateItem that creates the item when needed and raises the
 * version, so a trim rewrite that read the item before loses its race and
 * re-reads the new card; nothing is written when the card is unchanged.
 */
export async function noteMemberCard(member: MemberCard): Promise<void> {
  try {
    await table.updateItem({
      Key: memberKeys.recentVotes(member.id),
      // ADD starts an absent version at 0. An unchanged card writes nothing: a re-sync leaves the item (and its version) as it was.
      ...update(
        {
          set: { card: memberCard(member), ...entityTag('member_recent_votes'), member_id: member.id },
          setIfNotExists: { votes: {} },
          add: { version: 1 },
        },
        cond.or(cond.absent('card'), cond.ne('card', memberCard(member))),
      ),
    });
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** Rewrites a member's item with its newest RECENT_VOTES_KEPT positions in the slim form, keeping the card (migration 0009). */
export async function slimRecentVotes(memberId: string): Promise<boolean> {
  return rewriteVersioned(
    memberKeys.recentVotes(memberId),
    (item) => RecentVotesItem().parse(item),
    (current) => ({ ...entityTag('member_recent_votes'), member_id: memberId, card: current.card, votes: Object.fromEntries(newest(current.votes)) }),
    3,
  );
}

/** Trims a member's stored item to its newest RECENT_VOTES_KEPT positions, if it holds more (migration 0011); true when it did. */
export async function trimRecentVotes(memberId: string): Promise<boolean> {
  const key = memberKeys.recentVotes(memberId);
  const out = await table.getItem({ Key: key, ConsistentRead: true, ...expressions({ projection: ['votes'] }) });
  const entries = Object.keys(RecentVotesItem().parse(out.Item ?? {}).votes);
  if (entries.length <= RECENT_VOTES_KEPT) return false;
  await dropOlder(key, entries);
  return true;
}

/** Notes each position of a saved roll call on its member's recent-votes item (idempotent: the same vote rewrites its entry). */
export async function noteRecentVotes(positions: MemberVote[]): Promise<void> {
  await mapLimit(positions, WRITE_CONCURRENCY, noteOne);
}

async function noteOne(vote: MemberVote): Promise<void> {
  const key = memberKeys.recentVotes(vote.member_id);
  const after = await setMapEntry({
    key,
    map: 'votes',
    entry: entryKey(vote),
    value: RecentVote().parse(vote),
    base: { ...entityTag('member_recent_votes'), member_id: vote.member_id },
  });
  const entries = Object.keys(RecentVotesItem().parse(after ?? {}).votes);
  if (entries.length > TRIM_AT) await dropOlder(key, entries);
}

/**
 * Removes the entries beyond the newest RECENT_VOTES_KEPT of the map as this
 * writer saw it, in one UpdateItem. It needs no condition: positions are
 * only ever added, so an entry that had that many newer ones keeps them,
 * whatever was written since. It raises the version, so a rewrite that read
 * the item before retries rather than put them back.
 */
async function dropOlder(key: ItemKey, entries: string[]): Promise<void> {
  const older = [...entries].sort((a, b) => b.localeCompare(a)).slice(RECENT_VOTES_KEPT);
  await table.updateItem({
    Key: key,
    ...update({ remove: older.map((e) => ['votes', e]), add: { version: 1 } }),
  });
}

/** The newest RECENT_VOTES_KEPT entries of a votes map (keys sort by date, then vote id). */
const newest = (votes: Record<string, RecentVote>) =>
  Object.entries(votes)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, RECENT_VOTES_KEPT);
