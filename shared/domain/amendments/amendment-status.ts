/**
 * An amendment's status from its actions, a pure rule (docs/product-rules.md
 * "Amendment status"): each action's text says what happened to the
 * amendment itself, or nothing (a motion about it, a cloture vote, a day of
 * consideration); the status is the outcome of the latest action that says
 * one. Within a day a decision outranks an offer and an offer a submission
 * (the Library of Congress repeats a day's actions without their times),
 * then the later time, then the action listed first (lists run newest first).
 */
import type { AmendmentStatus } from './amendment-statuses.ts';

export interface StatusAction {
  action_date: string;
  action_time?: string | null;
  text: string;
}

/** The Library of Congress's category prefixes ("House amendment not agreed to: …", "Roll call votes on amendments in Senate: …"). */
const CATEGORY_PREFIX = /^(?:(?:house|senate) amendment [a-z/() ]{0,40}|roll call votes on amendments in (?:house|senate)):\s*/i;
/** Actions about a motion, a cloture vote or the day's business: they decide nothing about the amendment. */
const NOT_THE_AMENDMENT = /^(?:motion|cloture|point of order|considered|roll call votes on amendments|previous question|unanimous consent|pursuant|debate)\b/i;

/** First match wins: "SA 4987 fell when SA 4988 was withdrawn" tells of this amendment's fall, not a withdrawal. */
const RULES: [AmendmentStatus, RegExp][] = [
  ['fell', /\bfell\b|\bruled (?:out of order|non-germane)\b|\bpoint of order\b.*\bsustained\b/i],
  ['withdrawn', /\bwithdrawn\b/i],
  ['failed', /\bnot agreed to\b|\bfailed\b/i],
  ['agreed_to', /\bagreed to\b/i],
  ['offered', /\boffered\b|\bproposed\b|\breported by\b/i],
  ['submitted', /\bsubmitted\b|\bordered to be printed\b/i],
];

/** What one action says of the amendment's standing, or null when it says nothing of it. */
export function actionOutcome(text: string): AmendmentStatus | null {
  const t = text.replace(/\s+/g, ' ').trim().replace(CATEGORY_PREFIX, '');
  // A motion to table the amendment that carried kills it; one that failed leaves it standing.
  if (/^motion to table\b.*\bamendment\b/i.test(t)) return /\bnot agreed to\b|\bfailed\b/i.test(t) ? null : /\bagreed to\b/i.test(t) ? 'tabled' : null;
  if (/^point of order\b.*\bsustained\b/i.test(t)) return 'fell';
  if (NOT_THE_AMENDMENT.test(t)) return null;
  return RULES.find(([, re]) => re.test(t))?.[0] ?? null;
}

const RANK: Record<AmendmentStatus, number> = { submitted: 0, offered: 1, agreed_to: 2, failed: 2, withdrawn: 2, tabled: 2, fell: 2 };

/**
 * The status of an amendment and the date of the action that gave it; an
 * amendment whose actions say nothing (or that has none) is `submitted`,
 * dated by its first action when it has one.
 */
export function amendmentStatus(actions: readonly StatusAction[]): { status: AmendmentStatus; status_date: string | null } {
  let best: { status: AmendmentStatus; date: string; time: string; index: number } | null = null;
  actions.forEach((a, index) => {
    const status = actionOutcome(a.text);
    if (!status) return;
    const here = { status, date: a.action_date, time: a.action_time ?? '', index };
    if (!best || later(here, best)) best = here;
  });
  if (best) {
    const found: { status: AmendmentStatus; date: string } = best;
    return { status: found.status, status_date: found.date };
  }
  const first = [...actions].sort((a, b) => a.action_date.localeCompare(b.action_date))[0];
  return { status: 'submitted', status_date: first?.action_date ?? null };
}

type Candidate = { status: AmendmentStatus; date: string; time: string; index: number };

function later(a: Candidate, b: Candidate): boolean {
  if (a.date !== b.date) return a.date > b.date;
  if (RANK[a.status] !== RANK[b.status]) return RANK[a.status] > RANK[b.status];
  if (a.time !== b.time) return a.time > b.time;
  return a.index < b.index;
}

/** Whether a status is a decision the amendment's bill followers hear of (agreed to, failed). */
export const isDecided = (status: AmendmentStatus): boolean => status === 'agreed_to' || status === 'failed';
