/**
 * The offline demo replay's plan and provider stand-in (local/demo/): which
 * real days are held back, how the bill stood before them, what the stand-in
 * Congress.gov answers as days are released, and the route's 404 where no
 * offline local stack provides the replay.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDemoReplay } from '#shared/use-cases/admin/demo-replay.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { parseBillStatus } from '#shared/adapters/providers/congress-gov/bill-status.parser.ts';
import { ActionsPage, BillListPage } from '#shared/adapters/providers/congress-gov/congress-gov.schema.ts';
import { actionFromProvider } from '#shared/adapters/providers/congress-gov/normalise-congress.ts';
import { actionSk } from '#shared/adapters/db/actions.repository.ts';
import { DEMO_BILLSTATUS_DIR } from '#local/demo/demo-bills.ts';
import { beforeReplay, planReplayBill, scheduleOf } from '#local/demo/demo-replay-plan.ts';
import { demoStandIn } from '#local/demo/demo-stand-in.ts';
import { remainingSteps } from '#local/demo/demo-replay.ts';

const s2269 = planReplayBill(parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, 'DEV-BILLSTATUS-115s2269.xml'), 'utf8')));
const API = 'https://api.congress.gov/v3';

describe('the demo replay plan', () => {
  it('holds back every real day from the second-to-last status change on', () => {
    expect(s2269.heldDays.map((d) => d.date)).toEqual(['2018-06-19', '2018-06-20', '2018-09-28', '2018-10-02']);
    const held = s2269.heldDays.flatMap((d) => d.actions);
    expect(held.every((a) => s2269.parsed.actions.includes(a))).toBe(true);
  });

  it('gives the bill as it stood before the held-back days, and as it stands after each', () => {
    const before = beforeReplay(s2269);
    expect(before.bill.status).toBe('REPORTED');
    expect(before.bill.latest_action_date).toBe('2018-05-22');
    expect(before.actions.every((a) => a.action_date < '2018-06-19')).toBe(true);
    expect(beforeReplay(s2269, 1).bill.status).toBe('PASS_OVER:SENATE');
    expect(beforeReplay(s2269, 4).bill.status).toBe(s2269.parsed.bill.status);
    expect(beforeReplay(s2269, 4).actions).toHaveLength(s2269.parsed.actions.length);
  });

  it('holds back a veto and the failed override, and a failed passage with its two roll calls', () => {
    const plan = (file: string) => planReplayBill(parseBillStatus(readFileSync(path.join(DEMO_BILLSTATUS_DIR, file), 'utf8')));
    const sjres36 = plan('legacy-BILLSTATUS-116sjres36.xml');
    expect(beforeReplay(sjres36).bill.status).toBe('PASSED:BILL');
    expect(sjres36.heldDays.map((d) => d.date)).toEqual(['2019-07-24', '2019-07-29']);
    expect([1, 2].map((n) => beforeReplay(sjres36, n).bill.status)).toEqual(['PROV_KILL:VETO', 'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE']);
    // Referred on the day it was introduced: held back from the last status change, so the bill is imported with its history.
    const hr4760 = plan('legacy-BILLSTATUS-115hr4760.xml');
    expect(beforeReplay(hr4760).bill.status).toBe('REFERRED');
    expect(beforeReplay(hr4760).actions.length).toBeGreaterThan(0);
    expect(hr4760.heldDays.map((d) => d.date)).toEqual(['2018-06-21']);
    expect(hr4760.heldDays[0]?.actions.flatMap((a) => a.recorded_votes.map((v) => v.roll_number)).sort()).toEqual([281, 282]);
    expect(beforeReplay(hr4760, 1).bill.status).toBe('FAIL:ORIGINATING:HOUSE');
  });

  it('orders the steps by real date across bills and skips released days', () => {
    const steps = remainingSteps([scheduleOf(s2269)], { version: 1, released: { '115-s-2269': { days: 1, updated_at: '2026-01-01T00:00:00Z' } } });
    expect(steps.map((s) => s.date)).toEqual(['2018-06-20', '2018-09-28', '2018-10-02']);
  });
});

describe('the stand-in Congress.gov', () => {
  const released = { version: 2, released: { '115-s-2269': { days: 2, updated_at: '2026-01-01T10:00:00.400Z' } } };
  const answer = demoStandIn(
    () => [s2269],
    () => released,
    '2025-02-01T00:00:00Z',
  );
  const body = (url: string) => JSON.parse(answer('GET', url)?.body.toString('utf8') ?? 'null') as unknown;

  it('lists a released bill in a window after the recording, as updated when released', () => {
    const page = BillListPage.parse(body(`${API}/bill?fromDateTime=2026-01-01T09:59:59Z&toDateTime=2026-01-01T10:00:01Z&format=json&api_key=DEMO_KEY`));
    expect(page.bills).toEqual([
      expect.objectContaining({
        congress: 115,
        type: 'S',
        number: 2269,
        updateDate: '2026-01-01T10:00:00.400Z',
        latestAction: expect.objectContaining({ actionDate: '2018-06-20' }),
      }),
    ]);
    expect(BillListPage.parse(body(`${API}/bill?fromDateTime=2026-01-02T00:00:00Z&format=json`)).bills).toEqual([]);
  });

  it("answers a shipped roll call's clerk or Senate address with the file, so a released vote is fetched", () => {
    const roll = answer('GET', 'https://clerk.house.gov/evs/2018/roll282.xml');
    expect(roll?.body.toString('utf8')).toContain('<rollcall-num>282</rollcall-num>');
    const senate = answer('GET', 'https://www.senate.gov/legislative/LIS/roll_call_votes/vote1142/vote_114_2_00141.xml');
    expect(senate?.body.toString('utf8')).toContain('<vote_number>141</vote_number>');
    expect(answer('GET', 'https://clerk.house.gov/evs/2018/roll283.xml')).toBeUndefined();
  });

  it('leaves other windows of the recording, and other bills, to the recording', () => {
    expect(answer('GET', `${API}/bill?fromDateTime=2025-01-01T00:00:00Z&toDateTime=2025-02-01T00:00:00Z&format=json`)).toBeUndefined();
    expect(answer('GET', `${API}/bill/119/s/5/actions?limit=250&format=json`)).toBeUndefined();
  });

  it("answers the released actions in Congress.gov's shape, with the keys the Bill Status import stored", () => {
    const page = ActionsPage.parse(body(`${API}/bill/115/s/2269/actions?limit=250&format=json`));
    const keys = new Set(page.actions.map((a) => actionSk(actionFromProvider('115-s-2269', a, '2026-01-01T00:00:00Z'))));
    expect(keys).toEqual(new Set(beforeReplay(s2269, 2).actions.map(actionSk)));
    expect(page.actions.some((a) => a.actionDate === '2018-09-28')).toBe(false);
  });
});

describe('POST /api/admin/demo/replay off the offline local stack', () => {
  it('is not found: nothing provides the replay', async () => {
    await expect(runDemoReplay({ step_ms: 0 })).rejects.toBeInstanceOf(NotFoundError);
  });
});
