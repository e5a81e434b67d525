/**
 * The provider stand-in the offline poller reads during the demo replay: it
 * answers Congress.gov's bill listing and bill actions for the replayed bills
 * as they stand after the days released so far, in Congress.gov's JSON shape
 * (the same fields GPO's Bill Status XML carries: the actions are the bills'
 * own). Plugged in before the recording (transportSettings.replayStandIn).
 *   - /bill?fromDateTime&toDateTime: a window that starts after the seed
 *     recording's is answered here: the replayed bills released within it
 *     (offline, nothing else changes), possibly none.
 *   - /bill/{congress}/{type}/{number}/actions: the released actions, newest first.
 * The roll calls shipped with the demo (./demo-roll-calls.ts) are answered
 * at their clerk and Senate addresses, so a released day's votes are fetched.
 * And for the bill whose new text version the replay releases
 * (./demo-replay-text.ts), from before the seed's poll on: the seed's listing,
 * its detail, actions and text versions as it stands (held back until
 * released), and its listing item in a replay window that holds its release.
 */
import { config } from '#shared/platform/config.ts';
import type { BillAction } from '#shared/domain/bills/action.schema.ts';
import type { DemoReplayState } from '#shared/domain/demo/demo-replay.schema.ts';
import type { RecordedResponse } from '#shared/adapters/providers/transport/har.ts';
import { beforeReplay, type ReplayBill } from './demo-replay-plan.ts';
import { TEXT_REPLAY_BILL_ID, textReplayAnswers, textReplayListItem } from './demo-replay-text.ts';
import { demoRollCallResponse } from './demo-roll-calls.ts';

const json = (body: unknown): RecordedResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(body)),
});

/** One stored action in Congress.gov's words (the inverse of actionFromProvider, so its key is the same). */
function apiAction(a: BillAction) {
  return {
    actionDate: a.action_date,
    text: a.action_text,
    type: a.action_type ?? undefined,
    actionCode: a.action_code,
    recordedVotes: a.recorded_votes.map((v) => ({
      chamber: v.chamber === 'senate' ? 'Senate' : 'House',
      congress: v.congress,
      date: v.date ?? undefined,
      rollNumber: v.roll_number,
      sessionNumber: v.session,
      url: v.url,
    })),
  };
}

/** Congress.gov's listing sends whole seconds (2025-01-01T00:00:00Z); compare on the same grain. */
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The stand-in over the plan; `plan` and `state` are read at every request, so
 * releases show at once (an empty plan, while it still loads, answers nothing).
 */
export function demoStandIn(planned: () => ReplayBill[], state: () => DemoReplayState, recordingEnds: string) {
  const released = (b: ReplayBill) => state().released[b.parsed.bill.id];
  const textAnswers = textReplayAnswers();
  const inWindow = (at: string, from: string, to: string | null) => seconds(at) >= seconds(from) && (!to || seconds(at) <= seconds(to));
  return (method: string, url: string): RecordedResponse | undefined => {
    const base = config().CONGRESS_API_BASE_URL.replace(/\/$/, '');
    const plan = planned();
    const rollCall = demoRollCallResponse(method, url);
    if (rollCall) return rollCall;
    if (method !== 'GET' || !url.startsWith(`${base}/bill`)) return undefined;
    const textBill = state().released[TEXT_REPLAY_BILL_ID];
    const answered = textAnswers(textBill, method, url);
    if (answered) return answered;
    const u = new URL(url);
    const rest = u.pathname.slice(new URL(base).pathname.length);
    const from = u.searchParams.get('fromDateTime');
    if (rest === '/bill' && from && seconds(from) >= seconds(recordingEnds)) {
      const to = u.searchParams.get('toDateTime');
      const bills: object[] = plan.flatMap((b) => {
        const r = released(b);
        if (!r || r.days === 0 || !inWindow(r.updated_at, from, to)) return [];
        const now = beforeReplay(b, r.days).bill;
        return [
          {
            congress: now.congress,
            number: now.number,
            type: now.type.toUpperCase(),
            title: now.title,
            originChamber: now.chamber === 'senate' ? 'Senate' : 'House',
            latestAction: now.latest_action_date && now.latest_action_text ? { actionDate: now.latest_action_date, text: now.latest_action_text } : null,
            updateDate: r.updated_at,
          },
        ];
      });
      if (textBill && textBill.days > 0 && inWindow(textBill.updated_at, from, to)) bills.push(textReplayListItem(textBill));
      return json({ bills, pagination: { count: bills.length } });
    }
    const match = /^\/bill\/(\d+)\/([a-z]+)\/(\d+)\/actions$/.exec(rest);
    const bill = match ? plan.find((b) => b.parsed.bill.id === `${match[1]}-${match[2]}-${match[3]}`) : undefined;
    if (!bill) return undefined;
    const actions = beforeReplay(bill, released(bill)?.days ?? 0).actions;
    const newestFirst = [...actions].sort((a, b) => b.action_date.localeCompare(a.action_date));
    return json({ actions: newestFirst.map(apiAction), pagination: { count: newestFirst.length } });
  };
}
