/**
 * Which roll calls say something about a member's stance on a bill. Only
 * passage-type votes count toward alignment (passage, suspend-and-pass,
 * agreeing to a resolution, conference reports, concurring, veto overrides);
 * procedural votes (cloture, motions to recommit, rules, tabling, the
 * previous question, amendments, motions to proceed) are shown apart.
 * An unrecognised question is procedural: it is never counted by guess.
 */

export type VoteClass = 'passage' | 'procedural';
export type PositionClass = 'yea' | 'nay' | 'not_voting';

// Checked first: a question naming one of these is procedural even when it also says "pass"
// ("On Motion to Recommit with Instructions" on a bill "to pass", "Cloture on the Motion to Proceed").
const PROCEDURAL = [
  /\bcloture\b/i,
  /\brecommit\b/i,
  /\bprevious question\b/i,
  /\bto table\b/i,
  /\btable the\b/i,
  /\bmotion to proceed\b/i,
  /\bproviding for (the )?consideration\b/i,
  /\bwaive\b/i,
  /\bpoint of order\b/i,
  /\bquorum\b/i,
  /\badjourn/i,
  /\breconsider\b/i,
  /\binstruct\b/i,
  /\bquestion of consideration\b/i,
  /\bappeal\b/i,
];

const PASSAGE = [
  /\bpassage\b/i,
  /\bsuspend the rules and (pass|agree)\b/i,
  /\bagreeing to the (resolution|concurrent resolution|joint resolution)\b/i,
  /\bconference report\b/i,
  /\bconcur\b/i,
  /\boverrid(e|ing) the veto\b/i,
  /\bveto override\b/i,
  /^on the (bill|joint resolution|resolution|concurrent resolution)\b/i,
];

/**
 * Classifies a roll call by its question (and vote type, where the chamber
 * records one). Amendment votes ("On Agreeing to the Amendment") match no
 * passage pattern and so fall to procedural.
 */
export function classifyVote(question: string, voteType?: string | null): VoteClass {
  const text = `${question} ${voteType ?? ''}`.trim();
  if (PROCEDURAL.some((re) => re.test(text))) return 'procedural';
  if (PASSAGE.some((re) => re.test(text))) return 'passage';
  return 'procedural';
}

/** Normalises a recorded position: Yea/Aye/Yes, Nay/No, everything else (Present, Not Voting). */
export function classifyPosition(position: string): PositionClass {
  const p = position.trim().toLowerCase();
  if (p === 'yea' || p === 'aye' || p === 'yes') return 'yea';
  if (p === 'nay' || p === 'no') return 'nay';
  return 'not_voting';
}
