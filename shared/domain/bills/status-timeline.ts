/**
 * A bill's status and status timeline from its actions: actions in date
 * order (within a day, in the order the legislative process runs them, since
 * stored actions carry a date but no time), the Library of Congress's echoes
 * of an action dropped, each action applied to the status before it
 * (status-rules.ts). Pure and deterministic, so recomputing from the same
 * actions gives the same result (docs/product-rules.md, "Bill status").
 */
import { INITIAL_STATUS, type BillStatus, type StatusTimelineEntry } from './bill-status.ts';
import { readAction, transition, type ActionEffect, type StatusSubject } from './status-rules.ts';

export interface DatedAction {
  action_date: string;
  action_text: string;
}

export interface DerivedStatus {
  status: BillStatus;
  /** Oldest first: INTRODUCED at the first action, then one entry per change. */
  timeline: StatusTimelineEntry[];
}

/** Where an action falls within its day: introduction, committee, floor votes in order, the President, the law. */
function rankWithinDay(effect: ActionEffect | null): number {
  if (!effect) return 1;
  if (effect.kind !== 'vote') {
    const ranks: Record<Exclude<ActionEffect['kind'], 'vote'>, number> = {
      introduced: 0,
      referral: 2,
      reported: 3,
      // A bill is placed on a calendar once reported, so a same-day report is the change.
      calendar: 3.5,
      // After the originating chamber's vote of the same day, before the other chamber's.
      after_origin_passage: 5.5,
      presented: 10,
      vetoed: 11,
      pocket_veto: 13,
      signed: 13,
      unsigned: 13,
      law: 14,
    };
    return ranks[effect.kind];
  }
  const stages: Record<typeof effect.stage, number> = { cloture: 4, table: 5, origin: 5, second: 6, pingpong: 7, conference: 8, override: 12 };
  return stages[effect.stage];
}

/** Without spaces and a trailing citation, for comparing an echo with its original. */
const comparable = (text: string) => text.replace(/\s*\((?!Roll no\.|Record Vote)[^()]*\)\s*$/i, '').replace(/\s+/g, '');

/**
 * The Library of Congress repeats a chamber's action the same day under a
 * label ("Passed/agreed to in House: On motion…"); reading both would count
 * one vote twice (fatal for conference reports, where the second passage
 * finishes the bill), so the labelled copy is dropped.
 */
function dropEchoes<T extends DatedAction>(actions: T[]): T[] {
  const byDate = new Map<string, string[]>();
  for (const a of actions) byDate.set(a.action_date, [...(byDate.get(a.action_date) ?? []), comparable(a.action_text)]);
  return actions.filter((a) => {
    const mine = comparable(a.action_text);
    return !(byDate.get(a.action_date) ?? []).some((other) => other.length < mine.length && mine.endsWith(other) && mine.slice(0, -other.length).endsWith(':'));
  });
}

/** The status and timeline of a bill from its actions (any order). */
export function deriveStatus(subject: StatusSubject, actions: readonly DatedAction[]): DerivedStatus {
  const read = dropEchoes([...actions]).map((a) => ({ ...a, effect: readAction(subject, a.action_text) }));
  read.sort(
    (a, b) => a.action_date.localeCompare(b.action_date) || rankWithinDay(a.effect) - rankWithinDay(b.effect) || a.action_text.localeCompare(b.action_text),
  );
  const first = read[0];
  if (!first) return { status: INITIAL_STATUS, timeline: [] };
  let status = INITIAL_STATUS;
  const timeline: StatusTimelineEntry[] = [{ status, date: first.action_date, action_text: first.action_text }];
  const countedRolls = new Set<string>();
  for (const a of read) {
    if (!a.effect) continue;
    if (a.effect.kind === 'vote' && a.effect.vote.roll !== null) {
      // One roll call is one vote, however many actions report it.
      const roll = `${a.action_date}:${a.effect.vote.chamber}:${a.effect.vote.roll}`;
      if (countedRolls.has(roll)) continue;
      countedRolls.add(roll);
    }
    const next = transition(subject, status, a.effect);
    if (next === null || next === status) continue;
    status = next;
    timeline.push({ status, date: a.action_date, action_text: a.action_text });
  }
  return { status, timeline };
}
