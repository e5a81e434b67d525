/**
 * A member's latest recorded positions (docs/data-model.md M7a), kept beside
 * the member record by the vote writer: a map of `{date}#{vote_id}` to the
 * position, trimmed to the newest few. The dashboard reads it in the same
 * BatchGet as the member records, instead of one Query per followed member.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import { isConditionFailed, type Item } from './dynamo.ts';
import { memberKeys } from './keys/member.keys.ts';
import { tableName } from './table.ts';

/** Positions kept per member: the dashboard shows three; a few more absorb late-arriving older votes. */
export const RECENT_VOTES_KEPT = 5;
/** The map is trimmed once it holds this many entries. */
const TRIM_AT = 15;
/** Members updated at once when a roll call is saved. */
const WRITE_CONCURRENCY = 16;

const RecentVotesItem = z.object({ votes: z.record(z.string(), MemberVote).default({}), version: z.number().int().default(0) });

const entryKey = (v: Pick<MemberVote, 'date' | 'vote_id'>) => `${v.date}#${v.vote_id}`;

/** The newest positions of a stored recent-votes item, newest first. */
export function recentVotesFromItem(item: Item | undefined, limit: number): MemberVote[] {
  const { votes } = RecentVotesItem.parse(item ?? {});
  return Object.entries(votes)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, limit)
    .map(([, v]) => v);
}

/** Notes each position of a saved roll call on its member's recent-votes item (idempotent: the same vote rewrites its entry). */
export async function noteRecentVotes(positions: MemberVote[]): Promise<void> {
  await mapLimit(positions, WRITE_CONCURRENCY, noteOne);
}

async function noteOne(vote: MemberVote): Promise<void> {
  const key = memberKeys.recentVotes(vote.member_id);
  const note = () =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #votes.#k = :v',
        ConditionExpression: 'attribute_exists(#votes)',
        ExpressionAttributeNames: { '#votes': 'votes', '#k': entryKey(vote) },
        ExpressionAttributeValues: { ':v': vote },
        ReturnValues: 'ALL_NEW',
      }),
    );
  let out;
  try {
    out = await note();
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    // The member's first vote: create the map without a read (writers may race here), then note it.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #votes = if_not_exists(#votes, :empty), entity = :entity, member_id = :m, version = if_not_exists(version, :zero)',
        ExpressionAttributeNames: { '#votes': 'votes' },
        ExpressionAttributeValues: { ':empty': {}, ':entity': 'member_recent_votes', ':m': vote.member_id, ':zero': 0 },
      }),
    );
    out = await note();
  }
  // Trimming only bounds the item; when writers race, a later write trims instead.
  if (Object.keys(RecentVotesItem.parse(out.Attributes ?? {}).votes).length > TRIM_AT) await rewrite(vote.member_id, (votes) => votes);
}

/** Read, change, keep the newest RECENT_VOTES_KEPT, write back on the version read (retried on a race). */
async function rewrite(memberId: string, change: (votes: Record<string, MemberVote>) => Record<string, MemberVote>): Promise<void> {
  const key = memberKeys.recentVotes(memberId);
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, Math.random() * 50 * attempt));
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const current = RecentVotesItem.parse(out.Item ?? {});
    const kept = Object.entries(change(current.votes))
      .sort(([a], [b]) => b.localeCompare(a))
      .slice(0, RECENT_VOTES_KEPT);
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, entity: 'member_recent_votes', member_id: memberId, votes: Object.fromEntries(kept), version: current.version + 1 },
          ConditionExpression: out.Item ? 'version = :v' : 'attribute_not_exists(pk)',
          ...(out.Item ? { ExpressionAttributeValues: { ':v': current.version } } : {}),
        }),
      );
      return;
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
      if (attempt >= 3) return;
    }
  }
}
