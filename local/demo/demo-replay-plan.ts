/**
 * Which real actions the offline demo holds back for its replay: for a few
 * demo bills, every action from the day of the second-to-last status change
 * on (from the last one's when the second-to-last is on the bill's first
 * day, which would leave nothing to import). The bills: three Senate bills
 * whose last days move their status twice, a vetoed resolution whose
 * override failed and a bill that failed passage, so a follower is told of
 * a veto and of a failed vote with its roll calls. The seed
 * imports these bills without those days; the replay releases them a day at
 * a time (./demo-replay.ts). Nothing here is invented: the held-back days
 * are the bills' own Bill Status actions. The replay also releases a new
 * text version of a seed bill (./demo-replay-text.ts); both give the replay
 * loop a schedule of held-back days (ReplaySchedule).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import type { DemoReplayStep } from '#shared/domain/demo/demo-replay.schema.ts';
import { latestActionCategory } from '#shared/domain/bills/categorize-action.ts';
import { deriveStatus } from '#shared/domain/bills/status-timeline.ts';
import type { ParsedBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';

/**
 * The replayed bills' files (local/demo/billstatus/): passed by the Senate, then (S. 2269) by the House;
 * S.J.Res. 36 (116th) vetoed, the Senate's override failing; H.R. 4760 (115th) failing passage in the House.
 */
export const DEMO_REPLAY_FILES = [
  'DEV-BILLSTATUS-115s2269.xml',
  'BILLSTATUS-117s1260.xml',
  'legacy-BILLSTATUS-114s2848.xml',
  'legacy-BILLSTATUS-116sjres36.xml',
  'legacy-BILLSTATUS-115hr4760.xml',
] as const;

export interface ReplayBill {
  parsed: ParsedBillStatus;
  /** The held-back days, oldest first, each with its actions. */
  heldDays: { date: string; actions: BillAction[] }[];
}

/** What the replay loop needs of a replayed bill: its id and its held-back days, oldest first, with their counts of real actions. */
export interface ReplaySchedule {
  bill_id: string;
  days: { date: string; actions: number }[];
  /** Plays the n-th step (from 1) at `at` itself, instead of the bills' poll: the meeting's (./demo-replay-meeting.ts). */
  play?: (n: number, at: Date) => Promise<DemoReplayStep['meeting']>;
}

/** A Bill Status bill's schedule. */
export const scheduleOf = (bill: ReplayBill): ReplaySchedule => ({
  bill_id: bill.parsed.bill.id,
  days: bill.heldDays.map((d) => ({ date: d.date, actions: d.actions.length })),
});

/**
 * The first held-back day: the day of the second-to-last status change, or
 * of the last one when that is the bill's first day of actions (a bill
 * referred on the day it was introduced would be imported with none).
 */
function firstHeldDay(parsed: ParsedBillStatus): string | null {
  const timeline = parsed.bill.status_timeline;
  if (timeline.length < 2) return null;
  const firstDay = parsed.actions.map((a) => a.action_date).sort()[0];
  const secondToLast = timeline[timeline.length - 2]?.date ?? null;
  return secondToLast === firstDay ? (timeline[timeline.length - 1]?.date ?? null) : secondToLast;
}

/** Splits one parsed file into what the seed imports and the days the replay holds back. */
export function planReplayBill(parsed: ParsedBillStatus): ReplayBill {
  const from = firstHeldDay(parsed);
  const held = from ? parsed.actions.filter((a) => a.action_date >= from) : [];
  const days = [...new Set(held.map((a) => a.action_date))].sort();
  return { parsed, heldDays: days.map((date) => ({ date, actions: held.filter((a) => a.action_date === date) })) };
}

/** The bill as it stood before the held-back days: its actions, latest action, status and timeline then. */
export function beforeReplay(bill: ReplayBill, releasedDays = 0): ParsedBillStatus {
  const hidden = new Set(bill.heldDays.slice(releasedDays).map((d) => d.date));
  const actions = bill.parsed.actions.filter((a) => !hidden.has(a.action_date));
  const latest = [...actions].sort((a, b) => b.action_date.localeCompare(a.action_date))[0];
  const { type, number, title } = bill.parsed.bill;
  const derived = deriveStatus({ type, number, title }, actions);
  return {
    ...bill.parsed,
    bill: {
      ...bill.parsed.bill,
      latest_action_date: latest?.action_date ?? null,
      latest_action_text: latest?.action_text ?? null,
      latest_action_category: latest ? latestActionCategory({ date: latest.action_date, text: latest.action_text }, actions) : null,
      status: derived.status,
      status_timeline: derived.timeline,
    },
    actions,
  };
}

/** Reads and plans every replayed bill. */
export async function loadReplayPlan(dir: string, now = new Date()): Promise<ReplayBill[]> {
  return Promise.all(DEMO_REPLAY_FILES.map(async (file) => planReplayBill(parseBillStatus(await readFile(path.join(dir, file), 'utf8'), now.toISOString()))));
}
