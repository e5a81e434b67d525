/**
 * categorize_action: the category of a bill action, by the product's rules
 * (docs/product-rules.md): presidential, vote, committee_report, calendar,
 * referral, else procedural. Checked in that order, so "Presented to
 * President" is presidential even though it follows a passage.
 */
import type { ActionCategory } from './action-categories.ts';

const RULES: [Exclude<ActionCategory, 'new_document' | 'new_amendment' | 'status_changed' | 'procedural'>, RegExp][] = [
  ['presidential', /\b(presented to (the )?president|signed by (the )?president|vetoed by (the )?president|became public law|became private law|pocket veto)/i],
  ['vote', /\b(passed|failed|agreed to|roll call|recorded vote|roll no\.|yea-and-nay)/i],
  [
    'committee_report',
    /(\bordered to be reported\b|\bordered reported\b|^reported\b|\breported by\b|\breported (with|without|favorably|an original|in the nature)\b|committee report filed|\breport filed\b)/i,
  ],
  ['calendar', /\bplaced on (the )?([a-z.]+ )*calendar\b/i],
  ['referral', /\b(referred (?:(?:concurrently|jointly|sequentially|additionally) )?to|introduced in|^introduced\b)/i],
];

/** The category of an action's text (the Congress.gov action type helps only where the text is silent). */
export function categorizeAction(text: string, type?: string | null): ActionCategory {
  for (const [category, re] of RULES) if (re.test(text)) return category;
  if (type === 'President' || type === 'BecameLaw') return 'presidential';
  if (type === 'IntroReferral') return 'referral';
  if (type === 'Calendars') return 'calendar';
  return 'procedural';
}

/**
 * The category of a bill's latest action: the one its entry in the bill's
 * action list was given (categorised once, with the provider's action type),
 * or, before the actions are known, what the text alone says.
 */
export function latestActionCategory(
  latest: { date: string; text: string },
  actions: readonly { action_date: string; action_text: string; category: ActionCategory }[],
): ActionCategory {
  return actions.find((a) => a.action_date === latest.date && a.action_text === latest.text)?.category ?? categorizeAction(latest.text);
}
