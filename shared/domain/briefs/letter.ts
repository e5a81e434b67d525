/**
 * Pure parts of the draft letter: the stance a follow mode pre-fills
 * (hold_boost → YES, hold_veto → NO: the user's own stance on the bill), and
 * the letter written without a model from the chosen cited points.
 */
import type { FollowMode } from '#shared/domain/bills/action-categories.ts';
import type { BriefPoint } from './brief.schema.ts';
import { fence } from './prompts.ts';

export const STANCES = ['YES', 'NO'] as const;
export type Stance = (typeof STANCES)[number];
export const TONES = ['formal', 'friendly', 'urgent'] as const;
export type Tone = (typeof TONES)[number];

/** The stance a follow mode implies, or null (neutral or no follow). */
export function stanceFromFollowMode(mode: FollowMode | null | undefined): Stance | null {
  if (mode === 'hold_boost') return 'YES';
  if (mode === 'hold_veto') return 'NO';
  return null;
}

export interface LetterInput {
  bill: { label: string; title: string; latest_action_date?: string | null; latest_action_text?: string | null };
  stance: Stance;
  tone: Tone;
  rep_name?: string;
  points: BriefPoint[];
}

const OPENINGS: Record<Tone, string> = {
  formal: 'I am writing as your constituent regarding',
  friendly: 'I hope this finds you well. I am reaching out about',
  urgent: 'I am writing with urgency about',
};

/** The bill's latest action in a sentence, or null when none is recorded. */
const latestAction = (bill: LetterInput['bill']): string | null =>
  bill.latest_action_text ? `${bill.latest_action_date ? `On ${bill.latest_action_date}: ` : ''}${bill.latest_action_text.trim()}` : null;

/** The user message of the letter call: the facts the model may use. */
export function letterMessage(input: LetterInput): string {
  const points = input.points.length
    ? input.points.map((p, i) => `${i + 1}. ${p.text}${p.citation ? ` (${p.citation.section}: "${p.citation.quote}")` : ''}`).join('\n')
    : `none: the bill has no brief yet; speak of it from its title${latestAction(input.bill) ? ` and its latest action (${latestAction(input.bill)})` : ''}`;
  return [
    fence('bill', `BILL: ${input.bill.label}, ${input.bill.title}\nPOINTS:\n${points}`),
    `POSITION: the writer asks the representative to vote ${input.stance === 'YES' ? 'YES (support)' : 'NO (oppose)'}`,
    `TONE: ${input.tone}`,
    `REPRESENTATIVE: ${input.rep_name ?? 'not named; use "Dear Representative"'}`,
  ].join('\n');
}

/** The title as the end of a sentence: official titles often end with their own period ("…Congress."). */
const asSentence = (title: string): string => (/[.!?]$/.test(title.trim()) ? title.trim() : `${title.trim()}.`);

/** A plain-text letter from a template (no model configured). */
export function templateLetter(input: LetterInput): string {
  const greeting = input.rep_name ? `Dear ${input.rep_name},` : 'Dear Representative,';
  const ask = input.stance === 'YES' ? `I urge you to vote YES on ${input.bill.label}.` : `I urge you to vote NO on ${input.bill.label}.`;
  const reasons = input.points.map((p) => `- ${p.text}${p.citation ? ` (${p.citation.section})` : ''}`).join('\n');
  const action = latestAction(input.bill);
  // A bill without a brief has no points to give as reasons: the letter says where the bill stands instead.
  const body = reasons ? `My reasons:\n${reasons}` : action ? `Where it stands: ${asSentence(action)}` : '';
  return `${greeting}\n\n${OPENINGS[input.tone]} ${input.bill.label}, ${asSentence(input.bill.title)} ${ask}\n\n${body ? `${body}\n\n` : ''}Thank you for your attention to this bill and for your service.\n\nSincerely,\nA constituent\n`;
}
