/**
 * Older Bill Status files (the legacy format and the 115th Congress's) list
 * the bill's recorded votes once, at bill level, and not on the actions; the
 * vote fetch reads them from the actions (shared/use-cases/bills/bill-tasks.ts). Each
 * bill-level vote is attached here to the action it records: the action of
 * its day whose text names its roll number ("Roll no. 552", "Record Vote
 * Number: 294"), else that day's first vote action, else that day's first
 * action listed, else the latest action before it, else the first listed:
 * never dropped. A vote the actions already carry is not added twice.
 */
import { voteIdOf } from '#shared/domain/votes/roll-call.ts';
import type { BillAction, RecordedVoteRef } from '#shared/domain/bills/action.schema.ts';

const EASTERN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of a vote in Washington: the file's timestamps are UTC and a late vote is the evening before. */
export function congressDay(date: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const t = Date.parse(date);
  return Number.isNaN(t) ? date.slice(0, 10) : EASTERN_DAY.format(new Date(t));
}

const namesRoll = (text: string, roll: number) => new RegExp(`(Roll no\\.|Record Vote (?:No|Number):?)\\s*0*${roll}\\b`, 'i').test(text);

function actionFor(actions: readonly BillAction[], vote: RecordedVoteRef): number {
  if (actions.length === 0) return -1;
  const day = vote.date ? congressDay(vote.date) : null;
  const sameDay = actions.flatMap((a, i) => (day && a.action_date === day ? [i] : []));
  const named = sameDay.find((i) => namesRoll(actions[i]?.action_text ?? '', vote.roll_number));
  if (named !== undefined) return named;
  const voted = sameDay.find((i) => actions[i]?.category === 'vote');
  if (voted !== undefined) return voted;
  if (sameDay.length) return sameDay[0] as number;
  // No action that day: the last one before it (actions are in any order, so by date).
  let best = -1;
  actions.forEach((a, i) => {
    if (day && a.action_date <= day && (best < 0 || a.action_date > (actions[best] as BillAction).action_date)) best = i;
  });
  return best >= 0 ? best : 0;
}

/** The actions with each bill-level vote attached to the action it records (a new array; inputs untouched). */
export function attachBillLevelVotes(actions: readonly BillAction[], votes: readonly RecordedVoteRef[]): BillAction[] {
  const out = actions.map((a) => ({ ...a, recorded_votes: [...a.recorded_votes] }));
  const known = new Set(out.flatMap((a) => a.recorded_votes.map(voteIdOf)));
  for (const vote of votes) {
    if (known.has(voteIdOf(vote))) continue;
    const i = actionFor(out, vote);
    const action = i >= 0 ? out[i] : undefined;
    if (!action) continue;
    action.recorded_votes.push(vote);
    known.add(voteIdOf(vote));
  }
  return out;
}
