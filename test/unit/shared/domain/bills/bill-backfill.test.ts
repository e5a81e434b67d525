/**
 * The pure rules of bill backfills: what may be asked for, the ids of scopes,
 * the listing a scope reads, the pacing of pages within the Congress.gov
 * budget and how a page message waits, and when a backfill is stalled.
 */
import { describe, expect, it } from 'vitest';
import {
  BACKFILL_STALL_MS,
  BackfillId,
  backfillId,
  backfillScopeOf,
  backfillView,
  isStalled,
  listingOf,
  pageDelaySeconds,
  pageDelivery,
  pageRequestCost,
  type BillBackfill,
} from '#shared/domain/bills/bill-backfill.ts';
import { CONGRESS_GOV_HOURLY_LIMIT, parseConfig } from '#shared/platform/config.ts';

const june2025 = new Date('2025-06-01T12:00:00Z');

describe('what a backfill may be asked for', () => {
  it('takes a Congress from the 93rd to the one sitting', () => {
    expect(backfillScopeOf({ congress: 119 }, june2025)).toEqual({ scope: { kind: 'congress', congress: 119 } });
    expect(backfillScopeOf({ congress: 93 }, june2025)).toEqual({ scope: { kind: 'congress', congress: 93 } });
    expect(backfillScopeOf({ congress: 92 }, june2025)).toEqual({ issues: [{ path: 'body.congress', message: 'must be a Congress from 93 to 119' }] });
    expect(backfillScopeOf({ congress: 120 }, june2025)).toMatchObject({ issues: [{ path: 'body.congress' }] });
    // The 120th sits from 3 January 2027.
    expect(backfillScopeOf({ congress: 120 }, new Date('2027-01-03T12:00:00Z'))).toEqual({ scope: { kind: 'congress', congress: 120 } });
  });

  it('takes a window of whole days up to a year long, ending by today', () => {
    expect(backfillScopeOf({ from: '2024-01-01', to: '2024-12-31' }, june2025)).toEqual({ scope: { kind: 'window', from: '2024-01-01', to: '2024-12-31' } });
    expect(backfillScopeOf({ from: '2025-06-01', to: '2025-06-01' }, june2025)).toMatchObject({ scope: { kind: 'window' } });
    expect(backfillScopeOf({ from: '2023-12-31', to: '2024-12-31' }, june2025)).toMatchObject({
      issues: [{ path: 'body.to', message: expect.stringContaining('spans 367 days') as string }],
    });
    expect(backfillScopeOf({ from: '2025-02-01', to: '2025-01-31' }, june2025)).toEqual({ issues: [{ path: 'body.from', message: 'must not be after to' }] });
    expect(backfillScopeOf({ from: '2025-06-01', to: '2025-06-02' }, june2025)).toEqual({
      issues: [{ path: 'body.to', message: 'must not be after today (2025-06-01)' }],
    });
  });

  it('wants exactly one of a Congress and a whole window', () => {
    expect(backfillScopeOf({}, june2025)).toEqual({ issues: [{ path: 'body', message: 'give either congress or from and to' }] });
    expect(backfillScopeOf({ congress: 118, from: '2025-01-01', to: '2025-01-02' }, june2025)).toMatchObject({ issues: [{ path: 'body' }] });
    expect(backfillScopeOf({ to: '2025-01-02' }, june2025)).toEqual({ issues: [{ path: 'body.from', message: 'is required with to' }] });
  });

  it('names each scope with one id, which the status route accepts', () => {
    expect(backfillId({ kind: 'congress', congress: 119 })).toBe('congress-119');
    expect(backfillId({ kind: 'window', from: '2025-01-01', to: '2025-01-31' })).toBe('updated-2025-01-01-2025-01-31');
    for (const id of ['congress-119', 'congress-93', 'updated-2025-01-01-2025-01-31']) expect(BackfillId().safeParse(id).success).toBe(true);
    for (const id of ['congress-', 'congress-1190', 'updated-2025-01-01', '../congress-119', 'congress 119'])
      expect(BackfillId().safeParse(id).success).toBe(false);
  });

  it('lists a window from its first second to its last', () => {
    expect(listingOf({ kind: 'window', from: '2025-01-01', to: '2025-01-31' })).toEqual({
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2025-01-31T23:59:59Z'),
    });
    expect(listingOf({ kind: 'congress', congress: 118 })).toEqual({ congress: 118 });
  });
});

describe('pacing within the Congress.gov budget', () => {
  it('counts a page as its listing plus four follow-ups per new bill and one per changed bill', () => {
    expect(pageRequestCost({ queued: 250, refreshed: 0 })).toBe(1001);
    expect(pageRequestCost({ queued: 0, refreshed: 0 })).toBe(1);
    expect(pageRequestCost({ queued: 100, refreshed: 150 })).toBe(551);
  });

  it('waits cost × 3600 / budget seconds, so pages average the budget: half an hour after a page of new bills at the default', () => {
    const budget = parseConfig({ JWT_SECRET_KEY: 'x'.repeat(32) }).BACKFILL_REQUESTS_PER_HOUR;
    expect(budget).toBe(2000);
    const full = pageRequestCost({ queued: 250, refreshed: 0 });
    expect(pageDelaySeconds(full, budget)).toBe(1802);
    expect((3600 / pageDelaySeconds(full, budget)) * full).toBeLessThanOrEqual(budget);
    expect(pageDelaySeconds(pageRequestCost({ queued: 0, refreshed: 0 }), budget)).toBe(2);
    // The whole documented allowance, were the budget raised to it: still at most 5,000 an hour.
    expect((3600 / pageDelaySeconds(full, CONGRESS_GOV_HOURLY_LIMIT)) * full).toBeLessThanOrEqual(CONGRESS_GOV_HOURLY_LIMIT);
  });

  it('refuses a budget above the documented 5,000 an hour on a deployed stage', () => {
    const base = { JWT_SECRET_KEY: 'x'.repeat(32), BACKFILL_REQUESTS_PER_HOUR: '6000' };
    expect(() => parseConfig({ ...base, STAGE: 'prod' })).toThrow(/BACKFILL_REQUESTS_PER_HOUR: must be at most Congress.gov's documented 5000/);
    expect(() => parseConfig({ ...base, STAGE: 'dev' })).toThrow(/BACKFILL_REQUESTS_PER_HOUR/);
    expect(parseConfig({ ...base, STAGE: 'test' }).BACKFILL_REQUESTS_PER_HOUR).toBe(6000);
    expect(parseConfig({ ...base, STAGE: 'prod', BACKFILL_REQUESTS_PER_HOUR: '5000' }).BACKFILL_REQUESTS_PER_HOUR).toBe(5000);
  });

  it('sends a page due within 900 s with that delay, and a later one at 900 s carrying when it is due', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(pageDelivery(now)).toEqual({ delaySeconds: 0 });
    expect(pageDelivery(now, new Date('2025-06-01T11:00:00Z'))).toEqual({ delaySeconds: 0 });
    expect(pageDelivery(now, new Date('2025-06-01T12:00:02Z'))).toEqual({ delaySeconds: 2, notBefore: '2025-06-01T12:00:02.000Z' });
    expect(pageDelivery(now, new Date(now.getTime() + 1802_000))).toEqual({ delaySeconds: 900, notBefore: '2025-06-01T12:30:02.000Z' });
  });
});

describe('stalled backfills', () => {
  const at = (ms: number) => new Date(june2025.getTime() + ms).toISOString();
  const running: BillBackfill = {
    id: 'congress-119',
    scope: { kind: 'congress', congress: 119 },
    run: 1,
    state: 'running',
    offset: 500,
    pages_done: 2,
    bills_seen: 500,
    bills_queued: 480,
    bills_refreshed: 20,
    bills_total: 12_345,
    next_page_at: at(0),
    resumes: 0,
    started_by: 'u1',
    started_at: at(-3_600_000),
    updated_at: at(-1_800_000),
    finished_at: null,
    error: null,
    claim_id: null,
    claim_until: null,
    last_page_by: 'm1',
  };

  it('is a running backfill whose page is overdue by the stall time with nobody holding it', () => {
    expect(isStalled(running, new Date(june2025.getTime() + BACKFILL_STALL_MS - 1000))).toBe(false);
    expect(isStalled(running, new Date(june2025.getTime() + BACKFILL_STALL_MS + 1000))).toBe(true);
    const held = { ...running, claim_id: 'm2', claim_until: at(BACKFILL_STALL_MS + 60_000) };
    expect(isStalled(held, new Date(june2025.getTime() + BACKFILL_STALL_MS + 1000))).toBe(false);
    expect(isStalled({ ...running, state: 'failed' }, new Date(june2025.getTime() + 10 * BACKFILL_STALL_MS))).toBe(false);
    // A page claimed recently (a retry in progress) counts as activity.
    expect(isStalled({ ...running, updated_at: at(BACKFILL_STALL_MS) }, new Date(june2025.getTime() + BACKFILL_STALL_MS + 1000))).toBe(false);
  });

  it('shows the cursor, the pages of 250 and whether it is stalled', () => {
    expect(backfillView(running, june2025)).toMatchObject({
      cursor: { offset: 500, next_page_at: at(0) },
      pages_done: 2,
      pages_total: 50,
      stalled: false,
    });
    expect(backfillView({ ...running, bills_total: null }, june2025).pages_total).toBeNull();
  });
});
