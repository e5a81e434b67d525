/**
 * The demo replay's new text version: H.J.Res. 37 of the 116th, the one seed
 * bill with real text (GPO's rh, then rfs). The local stack's seed loads it as
 * it stood before its latest text version: that version and the actions from
 * its day on are held back, because the stand-in (./demo-stand-in.ts) answers
 * the bill's Congress.gov requests (the seed's listing, detail, actions, text
 * versions) with the held-back state. The replay releases the day; the
 * stand-in then lists the bill as updated and answers the released state, so
 * the poller's actions task sees the new action and asks for a document
 * fetch, which fetches the real rfs file from the seed recording and has it
 * briefed (an amendment brief), and the brief announces the new text.
 * The recording itself keeps the whole bill: the integration tests and the
 * saved-search e2e test read it directly.
 */
import type { RecordedResponse } from '#shared/adapters/providers/transport/har.ts';
import { harKey } from '#shared/adapters/providers/transport/har.ts';
import type { DemoReplayState } from '#shared/domain/demo/demo-replay.schema.ts';
import { billEntries, listItem, seedListing, type Entry } from '../fixtures/build-seed-har.ts';
import { SEED_BILLS, type SeedBill } from '../fixtures/seed-bills.ts';
import type { ReplaySchedule } from './demo-replay-plan.ts';

export const TEXT_REPLAY_BILL_ID = '116-hjres-37';

const idOf = (b: SeedBill) => `${b.congress}-${b.type.toLowerCase()}-${b.number}`;
const day = (isoDateOrTime: string) => isoDateOrTime.slice(0, 10);
const actionDate = (a: Record<string, unknown>) => String(a.actionDate);

function textReplayBill(): SeedBill {
  const bill = SEED_BILLS.find((b) => idOf(b) === TEXT_REPLAY_BILL_ID);
  if (!bill) throw new Error(`The seed has no bill ${TEXT_REPLAY_BILL_ID} to release a text version of`);
  return bill;
}

/** The held-back days, oldest first: every action day from the day of the latest text version on. */
function heldDays(bill: SeedBill): string[] {
  const from = bill.texts
    .map((t) => day(t.date))
    .sort()
    .at(-1);
  return from ? [...new Set(bill.actions.map(actionDate).filter((d) => d >= from))].sort() : [];
}

/** The replay's steps for the bill: one per held-back day, with its count of real actions. */
export function textReplaySchedule(): ReplaySchedule {
  const bill = textReplayBill();
  return {
    bill_id: TEXT_REPLAY_BILL_ID,
    days: heldDays(bill).map((date) => ({ date, actions: bill.actions.filter((a) => actionDate(a) === date).length })),
  };
}

type Released = DemoReplayState['released'][string] | undefined;

/**
 * The bill as it stands after `released` days: the actions and text versions
 * dated before the first day still held back. Released, it was updated when
 * its last day was; held back, it keeps the recording's update date.
 */
export function textReplayView(released: Released): SeedBill {
  const bill = textReplayBill();
  const hidden = heldDays(bill).slice(released?.days ?? 0);
  const cut = hidden[0];
  if (!cut) return { ...bill, updateDate: released?.updated_at ?? bill.updateDate };
  return {
    ...bill,
    actions: bill.actions.filter((a) => actionDate(a) < cut),
    texts: bill.texts.filter((t) => day(t.date) < cut),
    ...(released?.days ? { updateDate: released.updated_at } : {}),
  };
}

/** The bill's listing item as the stand-in's replay windows list it. */
export const textReplayListItem = (released: Released) => listItem(textReplayView(released));

const response = (e: Entry): RecordedResponse => ({
  status: e.status ?? 200,
  headers: { 'content-type': e.mime, ...e.headers },
  body: Buffer.from(e.body),
});

/**
 * The stand-in's answers for the bill as it stands (the seed's listing with
 * it, and its own requests), by the recording's match key; built once per
 * release state, since every poll asks several of them.
 */
export function textReplayAnswers(): (released: Released, method: string, url: string) => RecordedResponse | undefined {
  let built: { key: string; answers: Map<string, RecordedResponse> } | undefined;
  return (released, method, url) => {
    const key = `${released?.days ?? 0} ${released?.updated_at ?? ''}`;
    if (built?.key !== key) {
      const view = textReplayView(released);
      const entries = [seedListing(SEED_BILLS.map((b) => (idOf(b) === TEXT_REPLAY_BILL_ID ? view : b))), ...billEntries(view)];
      built = { key, answers: new Map(entries.map((e) => [harKey('GET', e.url), response(e)])) };
    }
    return built.answers.get(harKey(method, url));
  };
}
