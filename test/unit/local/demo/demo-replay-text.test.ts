/**
 * The demo replay's new text version (local/demo/demo-replay-text.ts): which
 * day of H.J.Res. 37 (116th) is held back, how the bill stands before and
 * after it, and what the stand-in Congress.gov answers for it, from the
 * seed's listing on.
 */
import { describe, expect, it } from 'vitest';
import { ActionsPage, BillListPage, TextVersionsPage } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import type { DemoReplayState } from '#shared/domain/demo/demo-replay.schema.ts';
import { TEXT_REPLAY_BILL_ID, textReplaySchedule, textReplayView } from '#local/demo/demo-replay-text.ts';
import { demoStandIn } from '#local/demo/demo-stand-in.ts';
import { SEED_POLL_WINDOW, seedListingUrl } from '#local/fixtures/build-seed-har.ts';
import { SEED_BILLS } from '#local/fixtures/seed-bills.ts';

const API = 'https://api.congress.gov/v3';
const RELEASED_AT = '2026-01-01T10:00:00.400Z';
const whole = SEED_BILLS.find((b) => b.type === 'HJRES' && b.number === 37);

describe("the text replay's bill", () => {
  it('holds back the day of its latest text version: the Senate referral and the rfs text', () => {
    expect(textReplaySchedule()).toEqual({ bill_id: TEXT_REPLAY_BILL_ID, days: [{ date: '2019-02-14', actions: 1 }] });
    const held = textReplayView(undefined);
    expect(held.actions.map((a) => a.actionDate)).toEqual(['2019-02-13', '2019-02-11', '2019-02-11', '2019-01-30', '2019-01-30']);
    expect(held.texts.map((t) => t.code)).toEqual(['rh']);
    expect(held.updateDate).toBe(whole?.updateDate);
  });

  it('stands whole once its day is released, updated when it was', () => {
    const released = textReplayView({ days: 1, updated_at: RELEASED_AT });
    expect(released).toEqual({ ...whole, updateDate: RELEASED_AT });
  });
});

describe('the stand-in Congress.gov for it', () => {
  const state: DemoReplayState = { version: 0, released: {} };
  const answer = demoStandIn(
    () => [],
    () => state,
    SEED_POLL_WINDOW.until,
  );
  const body = (url: string) => JSON.parse(answer('GET', url)?.body.toString('utf8') ?? 'null') as unknown;
  const texts = () => TextVersionsPage.parse(body(`${API}/bill/116/hjres/37/text?limit=250&format=json`)).textVersions.map((t) => t.type);
  const window = `${API}/bill?fromDateTime=2026-01-01T09:59:59Z&toDateTime=2026-01-01T10:00:01Z&format=json`;

  it("answers the seed's listing, the bill's actions and its text versions held back", () => {
    const listed = BillListPage.parse(body(seedListingUrl())).bills;
    expect(listed.map((b) => `${b.congress}-${b.type}-${b.number}`)).toEqual(['116-HJRES-37', '119-S-5', '118-HR-21']);
    expect(listed[0]?.latestAction).toMatchObject({ actionDate: '2019-02-13' });
    const firstPage = ActionsPage.parse(body(`${API}/bill/116/hjres/37/actions?limit=250&format=json`));
    expect(firstPage.pagination?.count).toBe(5);
    expect(texts()).toEqual(['Reported in House']);
    expect(BillListPage.parse(body(window)).bills).toEqual([]);
    // The documents stay the recording's: the stand-in answers Congress.gov only.
    expect(answer('GET', 'https://api.govinfo.gov/packages/BILLS-116hjres37rfs/uslm')).toBeUndefined();
  });

  it('answers it released in the window of its release, and whole after', () => {
    state.released[TEXT_REPLAY_BILL_ID] = { days: 1, updated_at: RELEASED_AT };
    expect(BillListPage.parse(body(window)).bills).toEqual([
      expect.objectContaining({
        congress: 116,
        type: 'HJRES',
        number: 37,
        updateDate: RELEASED_AT,
        latestAction: expect.objectContaining({ actionDate: '2019-02-14' }),
      }),
    ]);
    expect(BillListPage.parse(body(`${API}/bill?fromDateTime=2026-01-02T00:00:00Z&format=json`)).bills).toEqual([]);
    expect(ActionsPage.parse(body(`${API}/bill/116/hjres/37/actions?limit=250&format=json`)).pagination?.count).toBe(6);
    expect(texts()).toEqual(['Referred in Senate', 'Reported in House']);
  });
});
