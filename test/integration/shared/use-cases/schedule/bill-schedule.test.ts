/**
 * A bill's schedule on DynamoDB Local: GET /api/bills/{id}/schedule answers the
 * meetings that take the bill up from today in Washington on (a meeting earlier
 * today stays, yesterday's and another bill's do not), earliest first, a
 * cancelled one marked, with the bill's calendar URLs; 404 for an unknown bill.
 * The MCP tool get_bill_schedule answers the same through the MCP endpoint.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as committees } from '#functions/api/committees.ts';
import { handler as mcp } from '#functions/api/mcp.ts';
import { easternDate, easternWallTime } from '#shared/domain/schedule/eastern-time.ts';
import type { MeetingFields } from '#shared/domain/schedule/meeting.schema.ts';
import { applyObservations } from '#shared/use-cases/schedule/apply-observations.ts';
import { call } from '#test/support/api.ts';
import { seedBill } from '#test/support/notify-harness.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();

const BILL = '119-hr-7702';
const DAY = 24 * 3600 * 1000;
/** An instant `days` from now at `hour`:00 UTC, without milliseconds. */
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().replace('.000Z', 'Z');
};

const fields = (over: Partial<MeetingFields>): MeetingFields => ({
  chamber: 'house',
  congress: 119,
  committees: ['HSII'],
  type: 'hearing',
  status: 'scheduled',
  starts_at: at(3, 14),
  ends_at: null,
  all_day: false,
  location: 'Longworth House Office Building 1324',
  title: 'Legislative hearing',
  bill_ids: [BILL],
  witnesses: [],
  documents: [],
  ...over,
});

const save = (id: string, over: Partial<MeetingFields>) =>
  applyObservations(id, { 'house-docs': { ref: 'test', observed_at: new Date().toISOString(), fields: fields(over) } }, new Date());

beforeAll(async () => {
  await seedBill(BILL, { title: 'Canyon Trails Act', label: 'H.R. 7702' });
  await save('house-sched-past', { starts_at: at(-2, 15), title: 'Two days ago' });
  // Half past midnight today in Washington: most likely over already, and still today's.
  await save('house-sched-today', { starts_at: easternWallTime(easternDate(new Date()), '00:30:00'), type: 'floor', committees: [], title: 'Today' });
  await save('house-sched-later', { starts_at: at(9, 15), type: 'markup', title: 'Markup in nine days' });
  await save('house-sched-soon', { starts_at: at(3, 14), title: 'Hearing in three days' });
  await save('house-sched-cancelled', { starts_at: at(5, 14), status: 'cancelled', title: 'Cancelled hearing' });
  await save('house-sched-other', { starts_at: at(4, 14), bill_ids: ['119-hr-1'], title: 'Another bill' });
}, 60_000);

describe('GET /api/bills/{id}/schedule', () => {
  it("answers the bill's meetings from today on, earliest first, with its calendar's URLs", async () => {
    const res = await call(committees, 'GET', `/api/bills/${BILL}/schedule`);
    expect(res.status).toBe(200);
    const body = res.body as { bill_id: string; meetings: { id: string; status: string }[]; calendar_url: string; webcal_url: string };
    expect(body.bill_id).toBe(BILL);
    expect(body.meetings.map((m) => [m.id, m.status])).toEqual([
      ['house-sched-today', 'scheduled'],
      ['house-sched-soon', 'scheduled'],
      ['house-sched-cancelled', 'cancelled'],
      ['house-sched-later', 'scheduled'],
    ]);
    expect(body.calendar_url).toBe(`http://localhost:3000/api/bills/${BILL}/calendar.ics`);
    expect(body.webcal_url).toBe(`webcal://localhost:3000/api/bills/${BILL}/calendar.ics`);
  });

  it('answers 404 for an unknown bill and 422 for a malformed id', async () => {
    expect(await call(committees, 'GET', '/api/bills/119-hr-99999/schedule')).toMatchObject({ status: 404, body: { code: 'bill.not_found' } });
    expect((await call(committees, 'GET', '/api/bills/tuesday/schedule')).status).toBe(422);
  });

  it('is the MCP tool get_bill_schedule', async () => {
    const res = await call(mcp, 'POST', '/api/mcp', {
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_bill_schedule', arguments: { id: BILL } } },
    });
    expect(res.status).toBe(200);
    const result = (res.body as { result: { isError?: boolean; structuredContent: { meetings: { id: string }[]; webcal_url: string } } }).result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.meetings.map((m) => m.id)).toEqual(['house-sched-today', 'house-sched-soon', 'house-sched-cancelled', 'house-sched-later']);
    expect(result.structuredContent.webcal_url).toBe(`webcal://localhost:3000/api/bills/${BILL}/calendar.ics`);
  });
});
