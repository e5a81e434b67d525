/**
 * Roll-call votes: the House clerk and Senate LIS XML whose URLs come from
 * the recordedVotes of bill actions, parsed into ParsedVote.
 */
import { parseHouseVote, HOUSE_CLERK } from './house-vote.parser.ts';
import type { ParsedVote } from '#shared/domain/votes/parsed-vote.schema.ts';
import { parseSenateVote, SENATE_LIS } from './senate-vote.parser.ts';
import { getText } from '#shared/adapters/providers/transport/http-transport.ts';

/** Fetches and parses one roll call of either chamber. */
export async function fetchRollCall(chamber: 'house' | 'senate', url: string, options: { timeoutMs?: number; retries?: number } = {}): Promise<ParsedVote> {
  const provider = chamber === 'house' ? HOUSE_CLERK : SENATE_LIS;
  const res = await getText({ provider, url, ...options });
  return chamber === 'house' ? parseHouseVote(res.text) : parseSenateVote(res.text);
}
