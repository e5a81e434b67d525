/**
 * A bill's forecasts from first to last, on DynamoDB Local and fauxqs: the
 * nightly job publishes its first forecast; a re-score of the unchanged bill
 * writes nothing; the bill passes the House, so the re-score resolves the
 * first forecast's "reported" and "passed its chamber" (1 each, into the
 * track record), publishes a second one whose odds of becoming law jumped,
 * and the forecast_jump it owes reaches the follower who supports the bill
 * and not the neutral one (run twice: told once). The Congress then ends
 * without the bill becoming law: the job's sweep scores "enacted" 0 on both
 * forecasts. The routes show the forecast and the track record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as bills } from '#functions/api/bills.ts';
import { handler as notifications } from '#functions/api/notifications.ts';
import { handler as personal } from '#functions/api/personal.ts';
import { setBillStatus } from '#shared/adapters/db/bills.repository.ts';
import { listPublishedForecasts, getTrackCounters } from '#shared/adapters/db/forecasts.repository.ts';
import { listHistory } from '#shared/adapters/db/notifications.repository.ts';
import { ForecastJumpEvent } from '#shared/adapters/messaging/messages.ts';
import { trackRecord } from '#shared/domain/bill-forecast/track-record.ts';
import { forecastBills } from '#shared/use-cases/forecasts/forecast-bills-job.ts';
import { publishForecasts } from '#shared/use-cases/forecasts/publish-forecasts.ts';
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { call } from '#test/support/api.ts';
import { newAccount } from '#test/support/accounts.ts';
import { dispatch, drainDispatchQueue, seedBill } from '#test/support/notify-harness.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const BILL = '119-hr-7311';
const introduced = { status: 'REFERRED' as const, date: '2025-03-03', action_text: 'Referred to the Committee on Oversight and Government Reform.' };
const passed = { status: 'PASS_OVER:HOUSE' as const, date: '2025-06-10', action_text: 'On passage Passed by recorded vote' };
const users: Record<string, { id: string; token: string }> = {};

async function follower(name: string, mode: string): Promise<void> {
  const { id, token } = await newAccount(`${name}-forecast@example.org`);
  users[name] = { id, token };
  const settings = await call(notifications, 'PUT', '/api/notifications/settings', { token, body: { rss_enabled: true } });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const res = await call(personal, 'POST', '/api/follows', { token, body: { target_type: 'bill', target_id: BILL, follow_mode: mode } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const jumpsOf = async (name: string) => (await listHistory(users[name]!.id, 50)).items.filter((n) => n.kind === 'forecast_jump');
const scoreNow = async (now: Date) => publishForecasts([(await getBill(BILL))!], { now });

beforeAll(async () => {
  await seedBill(BILL, { introduced_date: '2025-03-03', status: 'REFERRED', status_timeline: [introduced], latest_action_date: '2025-03-03' });
  await follower('supporter', 'hold_boost');
  await follower('neutral', 'neutral');
});

describe('a bill forecast from first to last', () => {
  it('publishes the first forecast nightly, and a re-score of an unchanged bill writes nothing', async () => {
    const first = await forecastBills(new Date('2025-04-10T04:00:00Z'));
    expect(first).toMatchObject({ congresses: [119], bills: 1, published: 1, jumps: 0 });
    const again = await forecastBills(new Date('2025-04-11T04:00:00Z'));
    expect(again).toMatchObject({ published: 0, unchanged: 1 });
    const res = await call(bills, 'GET', `/api/bills/${BILL}/forecast`);
    expect(res.status).toBe(200);
    const body = res.body as { forecast: { version: number; as_of: string; p_enacted: number; odds: { enacted: { words: string } }; factors: unknown[] } };
    expect(body.forecast).toMatchObject({ version: 1, as_of: '2025-04-10' });
    expect(body.forecast.odds.enacted.words).toMatch(/^about \d+ in \d+|less than 1 in 200$/);
    expect(body.forecast.factors.length).toBeGreaterThan(0);
    expect(res.headers.etag).toBeTruthy();
  });

  it('resolves the first forecast when the bill passes the House, and tells its supporter once of the jump', async () => {
    await setBillStatus(BILL, { status: 'PASS_OVER:HOUSE', status_timeline: [introduced, passed] });
    const now = new Date('2025-06-11T04:00:00Z');
    const summary = await scoreNow(now);
    expect(summary).toMatchObject({ published: 1, jumps: 1, resolved: 2 });
    const sent = (await drainDispatchQueue()).map((m) => ForecastJumpEvent().parse(m));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ bill_id: BILL, version: 2 });
    await dispatch(sent);
    await dispatch(sent);
    expect(await jumpsOf('supporter')).toHaveLength(1);
    expect(await jumpsOf('neutral')).toHaveLength(0);
    // Scoring again: the same forecast, nothing sent, nothing counted twice.
    expect(await scoreNow(new Date('2025-06-12T04:00:00Z'))).toMatchObject({ published: 0, jumps: 0, resolved: 0 });
    expect(await drainDispatchQueue()).toEqual([]);
    const [v1] = await listPublishedForecasts(BILL);
    expect(v1!.outcomes).toEqual({ reported: 1, passed_chamber: 1 });
  });

  it('scores what did not happen once the Congress ends, and the model card shows the record', async () => {
    const end = await forecastBills(new Date('2027-01-04T04:00:00Z'));
    expect(end.ended_congress).toMatchObject({ congress: 119, bills: 1, resolved: 2 });
    const forecasts = await listPublishedForecasts(BILL);
    expect(forecasts.map((f) => f.outcomes.enacted)).toEqual([0, 0]);
    const enacted = trackRecord(await getTrackCounters()).find((e) => e.event === 'enacted')!;
    expect(enacted).toMatchObject({ forecasts: 2, happened: 0 });
    // A second sweep finds nothing open: the bill left the open listing.
    expect((await forecastBills(new Date('2027-01-05T04:00:00Z'))).ended_congress).toMatchObject({ bills: 0, resolved: 0 });
    const card = await call(bills, 'GET', '/api/forecast/model');
    expect(card.status).toBe(200);
    const body = card.body as { track_record: { resolved: number; events: { event: string; forecasts: number; brier: number | null }[] } };
    expect(body.track_record.resolved).toBe(4);
    expect(body.track_record.events.find((e) => e.event === 'reported')).toMatchObject({ forecasts: 1 });
    expect(body.track_record.events.find((e) => e.event === 'enacted')!.brier).toBeGreaterThan(0);
  });

  it('says why a bill has no forecast: not scored yet, or nothing left to forecast once it became law', async () => {
    const why = async (id: string) => ((await call(bills, 'GET', `/api/bills/${id}/forecast`)).body as { not_forecast: string | null }).not_forecast;
    await seedBill('119-hr-9474', { status: 'REFERRED', status_timeline: [introduced] });
    expect(await why('119-hr-9474')).toBe('It has not been scored yet: bills are scored nightly and when they move');
    const signed = { status: 'ENACTED:SIGNED' as const, date: '2025-01-29', action_text: 'Signed by President.' };
    await seedBill('119-s-9473', { status: 'ENACTED:SIGNED', status_timeline: [introduced, signed] });
    expect(await why('119-s-9473')).toBe('It became law: nothing is left to forecast');
    expect(await publishForecasts([(await getBill('119-s-9473'))!], { now: new Date('2025-04-10T04:00:00Z') })).toMatchObject({ skipped: { enacted: 1 } });
    expect(await why('119-s-9473')).toBe('It became law: nothing is left to forecast');
  });
});
