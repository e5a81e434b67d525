/**
 * What became of a bill's vote fetch (B18): when it was asked for, when it
 * last ran, and which recorded votes it could not store and why. The votes
 * view reads it so a page never says "being fetched" about a fetch that
 * finished, failed or was never going to find the vote (offline, a roll call
 * the recording lacks).
 */
import { voteIdOf } from '#shared/domain/votes/roll-call.ts';
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import { rollCallXmlUrl } from './roll-call-source.ts';

/**
 * Why a recorded vote has no stored roll call: the fetch has not reached it
 * yet, its record is not in the offline data (the local stack replays
 * recordings), or its source answered with an error.
 */
export const MissingVoteReason = lazySchema(() =>
  z
    .enum(['not_fetched', 'not_in_offline_data', 'fetch_failed'])
    .describe('not_fetched: not asked for yet; not_in_offline_data: the offline recordings lack it; fetch_failed: its source answered an error'),
);
export type MissingVoteReason = z.infer<ReturnType<typeof MissingVoteReason>>;

/** One vote the last fetch could not store. */
export const MissingVote = lazySchema(() =>
  z.object({
    vote_id: z.string(),
    reason: MissingVoteReason(),
    detail: z.string().nullable().default(null),
  }),
);
export type MissingVote = z.infer<ReturnType<typeof MissingVote>>;

/** The stored state of a bill's vote fetch (the claim item, written by the claim and by each run). */
export const VoteFetchRecord = lazySchema(() =>
  z.object({
    requested_at: z.string().nullable().default(null),
    checked_at: z.string().nullable().default(null),
    missing: z.array(MissingVote()).default([]),
  }),
);
export type VoteFetchRecord = z.infer<ReturnType<typeof VoteFetchRecord>>;

export const VoteFetchState = lazySchema(() =>
  z
    .enum(['queued', 'checked', 'stalled', 'not_queued'])
    .describe(
      'queued: a fetch was asked for and has not run yet; checked: the last fetch ran (checked_at); stalled: asked for over 15 minutes ago and never ran; not_queued: none was asked for (the queue was unavailable)',
    ),
);
export type VoteFetchState = z.infer<ReturnType<typeof VoteFetchState>>;

/** What the votes view says of the fetch. */
export const VoteFetchView = lazySchema(() =>
  z
    .object({
      state: VoteFetchState(),
      requested_at: z.string().nullable().describe('When the fetch was first asked for (ISO 8601, UTC); null when never'),
      checked_at: z.string().nullable().describe('When the fetch last ran (ISO 8601, UTC); null when it has not'),
    })
    .meta({ id: 'VoteFetch', description: "What became of a bill's vote fetch: asked for, run, or stalled" }),
);

/** A fetch asked for longer ago than this without running is said to be stalled, not "being fetched". */
export const VOTE_FETCH_STALLED_MS = 15 * 60 * 1000;

/** The state a votes view reports from the stored record (null: none) and the time of the view. */
export function voteFetchState(record: VoteFetchRecord | null, now: Date): VoteFetchState {
  if (!record?.requested_at && !record?.checked_at) return 'not_queued';
  if (record.checked_at && (!record.requested_at || record.checked_at >= record.requested_at)) return 'checked';
  const asked = Date.parse(record.requested_at ?? '');
  return now.getTime() - asked > VOTE_FETCH_STALLED_MS ? 'stalled' : 'queued';
}

/** A recorded vote a bill's actions name whose roll call is not stored, as the votes view lists it. */
export const MissingVoteView = lazySchema(() =>
  z
    .object({
      vote_id: z.string().describe('`{chamber}-{congress}-{session}-{roll}`, e.g. senate-116-1-231.'),
      chamber: z.enum(['house', 'senate']).describe('The chamber: house or senate'),
      roll_number: z.number().int().describe('The roll-call number within the session'),
      date: z.string().nullable().describe('The date (YYYY-MM-DD) of the action that records it; null when unknown'),
      action_text: z.string().nullable().describe('The text of the action that records it (its tally, when the action gives one)'),
      source_url: z.string().describe('Where the chamber publishes the roll call'),
      reason: MissingVoteReason(),
      detail: z.string().nullable().describe('What the source answered, for fetch_failed; null otherwise'),
    })
    .meta({ id: 'MissingVote', description: 'A recorded vote on the bill whose member-by-member record the service does not hold, and why' }),
);
export type MissingVoteView = z.infer<ReturnType<typeof MissingVoteView>>;

/** The recorded votes the actions name that are not among `storedIds`, oldest first, each with what the last fetch said of it. */
export function missingVotes(actions: readonly BillAction[], storedIds: ReadonlySet<string>, record: VoteFetchRecord | null): MissingVoteView[] {
  const said = new Map((record?.missing ?? []).map((m) => [m.vote_id, m]));
  const seen = new Set<string>();
  const out: MissingVoteView[] = [];
  const byDate = [...actions].sort((a, b) => a.action_date.localeCompare(b.action_date));
  for (const action of byDate) {
    for (const ref of action.recorded_votes) {
      const id = voteIdOf(ref);
      if (storedIds.has(id) || seen.has(id)) continue;
      seen.add(id);
      const m = said.get(id);
      out.push({
        vote_id: id,
        chamber: ref.chamber,
        roll_number: ref.roll_number,
        date: action.action_date,
        action_text: action.action_text,
        source_url: rollCallXmlUrl(ref),
        reason: m?.reason ?? 'not_fetched',
        detail: m?.detail ?? null,
      });
    }
  }
  return out;
}
