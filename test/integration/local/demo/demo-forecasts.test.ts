/**
 * The offline demo's forecasts: after the demo bills are imported, the seed's
 * forecast run (the one every `npm start` makes) gives each bill that has not
 * become law or been vetoed a forecast, retrospective (its Congress ended),
 * which the bill's forecast route serves; the model card answers with its
 * held-out figures and says plainly that no forecast has resolved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as bills } from '#functions/api/bills.ts';
import { trendsJobs } from '#functions/jobs/trends.ts';
import { listBillChanges } from '#shared/adapters/db/change-feed.repository.ts';
import { runJob } from '#shared/edges/jobs/job-function.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { forecastStageOf } from '#shared/domain/bill-forecast/forecast-stage.ts';
import { importDemoBills } from '#local/demo/demo-bills.ts';
import { DEMO_FORECAST_RUN } from '#local/seed.ts';
import { call } from '#test/support/api.ts';
import { useIntegrationStack } from '#test/support/stack.ts';

useIntegrationStack();
let demo: Bill[] = [];

beforeAll(async () => {
  await importDemoBills(new Date('2026-03-01T00:00:00Z'));
  for (const congress of DEMO_FORECAST_RUN.input.congresses) demo.push(...(await listBillChanges(congress, undefined, 100)).items);
  demo = demo.filter((b) => b.status_timeline.length > 0);
}, 120_000);

describe("the offline demo's forecasts", () => {
  it('gives every demo bill still able to move a forecast, and a second start writes nothing', async () => {
    const run = await runJob(trendsJobs, { ...DEMO_FORECAST_RUN, input: { ...DEMO_FORECAST_RUN.input, congresses: [...DEMO_FORECAST_RUN.input.congresses] } });
    expect(run.status, JSON.stringify(run)).toBe('succeeded');
    const open = demo.filter((b) => !['enacted', 'vetoed'].includes(forecastStageOf(b.status)));
    expect(open.length).toBeGreaterThan(5);
    expect(run.result).toMatchObject({ published: open.length });
    for (const b of open) {
      const res = await call(bills, 'GET', `/api/bills/${b.id}/forecast`);
      expect(res.body, b.id).toMatchObject({ forecast: { version: 1, retrospective: true } });
    }
    const again = await runJob(trendsJobs, {
      ...DEMO_FORECAST_RUN,
      input: { ...DEMO_FORECAST_RUN.input, congresses: [...DEMO_FORECAST_RUN.input.congresses] },
    });
    expect(again.result).toMatchObject({ published: 0, unchanged: open.length });
  });

  it('serves the model card with held-out figures and an empty track record said plainly', async () => {
    const res = await call(bills, 'GET', '/api/forecast/model');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      held_out: [expect.objectContaining({ congress: 114 }), expect.objectContaining({ congress: 113 })],
      held_out_current: true,
      track_record: { resolved: 0 },
    });
    expect((res.body as { track_record: { note: string } }).track_record.note).toMatch(/^No published forecast has resolved yet/);
  });
});
