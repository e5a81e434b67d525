/**
 * The kind of a roll call from its question, so the alignment view can tell
 * passage votes from procedural ones (cloture, motion to recommit, ordering
 * the previous question on a rule, tabling, …).
 */
import type { VoteKind, VotePositionValue } from './vote.schema.ts';

const PROCEDURAL =
  /\bcloture\b|\brecommit\b|motion to (table|proceed|reconsider|adjourn|instruct|waive|discharge)|\bprevious question\b|\bquorum\b|\bjournal\b|point of order|\bappeal the ruling\b/i;
const NOMINATION = /\bnomination\b|\bconfirmation\b/i;
const PASSAGE =
  /\bpassage\b|\bsuspend the rules and (pass|agree)|\bconcur\b|\bconcurring\b|\boverride\b|\bveto\b|agreeing to the (resolution|concurrent resolution|joint resolution|conference report)|resolution of ratification|\bpass\b/i;
const AMENDMENT = /\bamendment\b/i;

/**
 * The kind of a roll call counted per candidate: an election of the Speaker, or a call of the
 * House (a quorum call, where "Present" is the only choice). Neither is ever a passage vote.
 */
export const candidateKind = (question: string): VoteKind => (/\bspeaker\b/i.test(question) ? 'election' : 'quorum');

/** passage / procedural / amendment / nomination / other, from the vote question. */
export function voteKind(question: string): VoteKind {
  if (PROCEDURAL.test(question)) return 'procedural';
  if (NOMINATION.test(question)) return 'nomination';
  if (PASSAGE.test(question)) return 'passage';
  if (AMENDMENT.test(question)) return 'amendment';
  return 'other';
}

const POSITIONS: Record<string, VotePositionValue> = {
  yea: 'Yea',
  aye: 'Yea',
  yes: 'Yea',
  guilty: 'Yea',
  nay: 'Nay',
  no: 'Nay',
  'not guilty': 'Nay',
  present: 'Present',
  'present, giving live pair': 'Present',
  'not voting': 'Not Voting',
  absent: 'Not Voting',
};

/** A recorded vote word ("Aye", "No", "Not Voting", …) as one of the four positions; null when unknown. */
export const positionOf = (cast: string): VotePositionValue | null => POSITIONS[cast.trim().toLowerCase()] ?? null;
