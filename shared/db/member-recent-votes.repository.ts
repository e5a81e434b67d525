/**
 * A member's latest recorded positions (docs/data-model.md M7a), kept beside
 * the member record by the vote writer: a map of `{date}#{vote_id}` to the
 * position, trimmed to the newest few. The dashboard reads it in the same
 * BatchGet as the member records, instead of one Query per followed member.
 */
import * as z from 'zod';
import { MemberVote } from '#shared/domain/votes/vote.schema.ts';
import { mapLimit } from '#shared/platform/concurrency.ts';
import type { Item } from './dynamo.ts';
import { memberKeys } from './keys/member.keys.ts';
import { rewriteVersioned, setMapEntry } from './versioned-item.ts';

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
  return newest(RecentVotesItem.parse(item ?? {}).votes)
    .slice(0, limit)
    .map(([, v]) => v);
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
    value: vote,
    base: { entity: 'member_recent_votes', member_id: vote.member_id },
  });
  // Trimming only bounds the item; when writers race, a later write trims instead.
  if (Object.keys(RecentVotesItem.parse(after ?? {}).votes).length > TRIM_AT) {
    await rewriteVersioned(
      key,
      (item) => RecentVotesItem.parse(item),
      (current) => ({ entity: 'member_recent_votes', member_id: vote.member_id, votes: Object.fromEntries(newest(current.votes)) }),
      3,
    );
  }
}

/** The newest RECENT_VOTES_KEPT entries of a votes map (keys sort by date, then vote id). */
const newest = (votes: Record<string, MemberVote>) =>
  Object.entries(votes)
    .sort(([a], [b]) => b.localeCompare(a))
    .slice(0, RECENT_VOTES_KEPT);
