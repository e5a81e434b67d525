/**
 * The offline demo replay (`npm run demo:replay`, POST /api/admin/demo/replay):
 * plays the held-back days of the replayed bills' real action histories
 * forward in compressed time, through the real poller path: three Bill Status
 * bills' last status changes (./demo-replay-plan.ts) and a seed bill's new
 * text version (./demo-replay-text.ts), and a recorded committee meeting of
 * a demo bill, released into the coming week and then rescheduled
 * (./demo-replay-meeting.ts: such a step polls the schedule, not the bills).
 * Each step:
 *   1. takes the next held-back day (oldest real date first, across bills);
 *   2. records it as released (SYSTEM / DEMO_REPLAY, conditioned on the
 *      version read: a concurrent replay fails with 409 instead of interleaving);
 *   3. runs the poller over a window around now, marked demo: the stand-in
 *      (./demo-stand-in.ts) lists the bill as updated, the poller queues its
 *      actions task, and the pumps bring the new actions, the status change
 *      and the notifications on every channel, each marked demo: true (a
 *      new text version: its document fetch, brief and announcement too);
 *   4. waits until the step's actions task has stored the day's actions and
 *      its status (at most SETTLE_MS), so the next day of the same bill is
 *      a change of its own and its milestone is told apart, however slow
 *      the queue workers are; then waits step_ms, so the alerts arrive one
 *      by one.
 * A request plays steps while REPLAY_BUDGET_MS lasts and answers what it
 * played and how many steps are left, so it always answers in time (an
 * API Gateway request ends at 30 s); the CLI and the admin page ask again
 * until none is left.
 * Dying between 2 and 3 loses nothing: the released day stays in the
 * stand-in, and the next step's poll lists the bill again with both days.
 * When every held-back day is played, a replay answers 409 saying so; the
 * held-back state comes back with a fresh data folder (docs/local-stack.md).
 */
import { pollBills } from '#shared/use-cases/bills/poll-bills.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { listActions } from '#shared/adapters/db/actions.repository.ts';
import { provideDemoReplay } from '#shared/use-cases/admin/demo-replay.ts';
import { getDemoReplayState, putDemoReplayState } from '#shared/adapters/db/demo-replay.repository.ts';
import type { DemoReplayRequest, DemoReplayResult, DemoReplayState, DemoReplayStep } from '#shared/domain/demo/demo-replay.schema.ts';
import { ConflictError } from '#shared/errors/app-error.ts';
import { transportSettings } from '#shared/adapters/providers/transport/http-transport.ts';
import { SEED_POLL_WINDOW } from '../fixtures/build-seed-har.ts';
import { DEMO_BILLSTATUS_DIR } from './demo-bills.ts';
import { beforeReplay, loadReplayPlan, scheduleOf, type ReplayBill, type ReplaySchedule } from './demo-replay-plan.ts';
import { textReplaySchedule } from './demo-replay-text.ts';
import { demoStandIn } from './demo-stand-in.ts';
import { meetingReplaySchedule } from './demo-replay-meeting.ts';
import { SCHEDULE_RECORDINGS_DIR } from './offline-schedule.ts';

/** The held-back days not yet released, in the order the replay plays them. */
export function remainingSteps(plan: ReplaySchedule[], state: DemoReplayState) {
  return plan
    .flatMap((b) =>
      b.days.slice(state.released[b.bill_id]?.days ?? 0).map((day) => ({ bill_id: b.bill_id, date: day.date, actions: day.actions, play: b.play })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.bill_id.localeCompare(b.bill_id));
}

export interface ReplayClock {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

const realClock: ReplayClock = { now: () => new Date(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

/** Steps start while a request has used less than this (real time), so it answers well within API Gateway's 30 s. */
export const REPLAY_BUDGET_MS = 15_000;
/** How long a step waits for its actions task before the next step goes on anyway. */
export const SETTLE_MS = 10_000;

export interface ReplayOptions {
  /** Waits until a played step's changes are stored (the local stack's: settledStep). */
  settle?: (step: { bill_id: string; days: number }) => Promise<void>;
  /** Real milliseconds a request may start steps in. */
  budgetMs?: number;
}

/**
 * Waits until the actions task of a Bill Status bill's step has run: the
 * day's actions are stored and the status derived from them is the bill's.
 * A bill outside `plan` (the text replay's) is not waited for.
 */
export async function settledStep(plan: ReplayBill[], step: { bill_id: string; days: number }, clock = realClock, timeoutMs = SETTLE_MS): Promise<boolean> {
  const bill = plan.find((b) => b.parsed.bill.id === step.bill_id);
  const day = bill?.heldDays[step.days - 1];
  if (!bill || !day) return true;
  const expected = beforeReplay(bill, step.days).bill;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [stored, actions] = await Promise.all([getBill(step.bill_id), listActions(step.bill_id)]);
    const done =
      stored?.status === expected.status &&
      stored.status_timeline.length === expected.status_timeline.length &&
      actions.some((a) => a.action_date === day.date);
    if (done) return true;
    if (Date.now() >= until) return false;
    await clock.sleep(100);
  }
}

/** Plays `request.steps` steps (default all left); see the header. */
export async function replayDemo(
  plan: ReplaySchedule[],
  cache: { state: DemoReplayState },
  request: DemoReplayRequest,
  clock = realClock,
  options: ReplayOptions = {},
): Promise<DemoReplayResult> {
  const started = Date.now();
  cache.state = await getDemoReplayState();
  const bills = plan.map((b) => b.bill_id);
  // A bill whose released days are all stored still counts as a step per day: the order is by real date, across bills.
  const left = remainingSteps(plan, cache.state);
  if (left.length === 0)
    throw new ConflictError(
      `The demo replay has played every held-back day of ${bills.join(', ')}; start the local stack on a fresh data folder to replay it again`,
      'demo.replay_finished',
    );
  const played: DemoReplayStep[] = [];
  for (const step of left.slice(0, request.steps ?? left.length)) {
    // At least one step per request, so every request makes progress.
    if (played.length > 0 && Date.now() - started >= (options.budgetMs ?? REPLAY_BUDGET_MS)) break;
    const at = clock.now();
    const before = cache.state;
    const next: DemoReplayState = {
      version: before.version + 1,
      released: { ...before.released, [step.bill_id]: { days: (before.released[step.bill_id]?.days ?? 0) + 1, updated_at: at.toISOString() } },
    };
    if (!(await putDemoReplayState(next))) throw new ConflictError('Another demo replay is running; try again when it has finished', 'demo.replay_running');
    cache.state = next;
    const n = next.released[step.bill_id]?.days ?? 0;
    // The window holds this step's update (the listing's time grain is a second) and nothing before the replay.
    const meeting = step.play
      ? await step.play(n, at)
      : void (await pollBills({
          now: at,
          since: new Date(at.getTime() - 1000).toISOString(),
          until: new Date(at.getTime() + 1000).toISOString(),
          force: true,
          demo: true,
        }));
    played.push({ bill_id: step.bill_id, action_date: step.date, actions: step.actions, released_at: at.toISOString(), ...(meeting ? { meeting } : {}) });
    await options.settle?.({ bill_id: step.bill_id, days: n });
    if (request.step_ms > 0) await clock.sleep(request.step_ms);
  }
  return { played, remaining_steps: left.length - played.length, bills };
}

/**
 * Plugs the stand-in and the replay into this process (the local stack's);
 * returns what unplugs them. Plugged in before the seed, whose poll must see
 * the text replay's bill held back (./demo-replay-text.ts).
 */
export async function installDemoReplay(): Promise<() => void> {
  // Parsed in the background (about 0.5 s): only a replay needs it, and it waits for it; a start does not.
  let plan: ReplayBill[] = [];
  const planned = loadReplayPlan(DEMO_BILLSTATUS_DIR).then((p) => (plan = p));
  planned.catch(() => undefined);
  const cache = { state: await getDemoReplayState() };
  transportSettings.replayStandIn = demoStandIn(
    () => plan,
    () => cache.state,
    SEED_POLL_WINDOW.until,
  );
  provideDemoReplay(async (request) =>
    replayDemo([...(await planned).map(scheduleOf), textReplaySchedule(), meetingReplaySchedule(SCHEDULE_RECORDINGS_DIR)], cache, request, realClock, {
      settle: async (step) => void (await settledStep(plan, step)),
    }),
  );
  return () => {
    transportSettings.replayStandIn = undefined;
    provideDemoReplay(undefined);
  };
}
