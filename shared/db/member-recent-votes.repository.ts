/**
 * A member's latest recorded positions and card (docs/data-model.md M7a),
 * kept beside the member record: the vote writer keeps a map of
 * `{date}#{vote_id}` to the position, trimmed to the newest few, and the
 * member writers keep the card (the fields the dashboard shows) current. The
 * dashboard reads this one item per followed member, in the same BatchGet as
 * the bills, instead of the member record too (larger: terms, leadership,
 * scores) or one Query per member.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import { MemberCard, memberCard } from '#shared/domain/bills/bill.schema.ts';
import { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { isConditionFailed, type Item } from './dynamo.ts';
import { memberKeys } from './keys/member.keys.ts';
import { tableName } from './table.ts';
import { rewriteVersioned, setMapEntry } from './versioned-item.ts';

/** Positions kept per member: the dashboard shows three; a few more absorb late-arriving older votes. */
export const RECENT_VOTES_KEPT = 5;
/** The map is trimmed once it holds this many entries. */
const TRIM_AT = 15;
/** Members updated at once when a roll call is saved. */
const WRITE_CONCURRENCY = 16;

/**
 * What an entry keeps of a position: the fields the dashboard shows. The
 * member's own fields (name, party, state) are on the card, once, and the
 * rest the dashboard never reads; entries stored whole before are read the
 * same way and rewritten slim by the next trim (or migration 0009).
 */
export const RecentVote = lazySchema(() => MemberVote().pick({ vote_id: true, bill_id: true, date: true, question: true, position: true, result: true }));
export type RecentVote = z.infer<ReturnType<typeof RecentVote>>;

const RecentVotesItem = lazySchema(() =>
  z.object({
    votes: z.record(z.string(), RecentVote()).default({}),
    /** Null until a member writer (or migration 0009) has put it. */
    card: MemberCard().nullable().default(null),
    version: z.number().int().default(0),
  }),
);

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
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: memberKeys.recentVotes(member.id),
        UpdateExpression:
          'SET card = :card, entity = :entity, member_id = :id, votes = if_not_exists(votes, :empty), version = if_not_exists(version, :zero) + :one',
        // An unchanged card writes nothing: a re-sync leaves the item (and its version) as it was.
        ConditionExpression: 'attribute_not_exists(card) OR card <> :card',
        ExpressionAttributeValues: {
          ':card': memberCard(member),
          ':entity': 'member_recent_votes',
          ':id': member.id,
          ':empty': {},
          ':zero': 0,
          ':one': 1,
        },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** Rewrites a member's item with its newest positions in the slim form, keeping the card (migration 0009). */
export async function slimRecentVotes(memberId: string): Promise<boolean> {
  return rewriteVersioned(
    memberKeys.recentVotes(memberId),
    (item) => RecentVotesItem().parse(item),
    (current) => ({ entity: 'member_recent_votes', member_id: memberId, card: current.card, votes: Object.fromEntries(newest(current.votes)) }),
    3,
  );
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
    base: { entity: 'member_recent_votes', member_id: vote.member_id },
  });
  // Trimming only bounds the item; when writers race, a later write trims instead.
  if (Object.keys(RecentVotesItem().parse(after ?? {}).votes).length > TRIM_AT) {
    await rewriteVersioned(
      key,
      (item) => RecentVotesItem().parse(item),
      (current) => ({ entity: 'member_recent_votes', member_id: vote.member_id, card: current.card, votes: Object.fromEntries(newest(current.votes)) }),
      3,
    );
  }
}

/** The newest RECENT_VOTES_KEPT entries of a votes map (keys sort by date, then vote id). */
const newest = (votes: Record<string, RecentVote>) =>
  Object.entries(votes)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, RECENT_VOTES_KEPT);
