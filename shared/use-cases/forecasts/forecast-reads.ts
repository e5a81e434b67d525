/**
 * The forecast routes' reads: a bill's latest forecast (one Query of its
 * partition's forecast items, F1) and the model card (the model file's
 * training record and features, the recorded held-out figures, and the
 * track record's counters: one GetItem, F5).
 */
import { getBill } from '#shared/adapters/db/bills.repository.ts';
import { getTrackCounters, listBillForecasts } from '#shared/adapters/db/forecasts.repository.ts';
import { NotFoundError } from '#shared/errors/app-error.ts';
import { factorOfFeature } from '#shared/domain/bill-forecast/factor-words.ts';
import { FORECAST_JUMP_RULE_WORDS } from '#shared/domain/bill-forecast/forecast-jump.ts';
import { billForecastView, type BillForecastResponse, type ForecastModelCard } from '#shared/domain/bill-forecast/forecast-views.ts';
import { HeldOutFile } from '#shared/domain/bill-forecast/held-out.schema.ts';
import { modelVersion, unforecastable } from '#shared/domain/bill-forecast/score-forecast.ts';
import { trackRecord } from '#shared/domain/bill-forecast/track-record.ts';
import { FORECAST_STAGES } from '#shared/domain/forecast/forecast-stages.ts';
import type { Bill } from '#shared/domain/bills/bill.schema.ts';
import { forecastModel } from './forecast-model.ts';

/** Why a bill has no published forecast, in the words the bill page shows: the scorer's own reason when it has one. */
const NOT_FORECAST = {
  enacted: 'It became law: nothing is left to forecast',
  vetoed: 'It was vetoed: its odds are not forecast',
  actions_not_stored: 'Its actions are not stored yet',
} as const;
const whyNoForecast = (bill: Pick<Bill, 'status' | 'status_timeline'>): string => {
  const reason = unforecastable(bill);
  return reason ? NOT_FORECAST[reason] : 'It has not been scored yet: bills are scored nightly and when they move';
};

/** GET /api/bills/{id}/forecast. */
export async function billForecastRead(billId: string): Promise<BillForecastResponse> {
  const [bill, { latest }] = await Promise.all([getBill(billId), listBillForecasts(billId, 0)]);
  if (!bill) throw new NotFoundError(`No bill ${billId}`, 'bill.not_found');
  if (!latest) return { bill_id: billId, forecast: null, not_forecast: whyNoForecast(bill) };
  return { bill_id: billId, forecast: billForecastView(latest.forecast, bill.type), not_forecast: null };
}

let heldOut: Promise<HeldOutFile> | null = null;
/** The recorded held-out figures (bench/support/forecast-held-out.ts writes the file). */
const heldOutFigures = () =>
  (heldOut ??= import('#shared/domain/bill-forecast/held-out-metrics.json', { with: { type: 'json' } }).then((f) => HeldOutFile().parse(f.default)));

/** GET /api/forecast/model. */
export async function forecastModelCard(): Promise<ForecastModelCard> {
  const [model, figures, counters] = await Promise.all([forecastModel(), heldOutFigures(), getTrackCounters()]);
  const groups = new Map<string, string[]>();
  for (const name of model.features) groups.set(factorOfFeature(name), [...(groups.get(factorOfFeature(name)) ?? []), name]);
  const events = trackRecord(counters);
  const resolved = events.reduce((s, e) => s + e.forecasts, 0);
  return {
    model_version: modelVersion(model.training),
    training: {
      congresses: model.training.congresses,
      calibration_congress: model.training.calibration_congress,
      dataset: model.training.dataset,
      seed: model.training.seed,
    },
    stages: [...FORECAST_STAGES],
    features: [...groups].map(([factor, features]) => ({ factor, features })),
    held_out: figures.splits,
    held_out_current: figures.splits.length > 0 && figures.splits.every((s) => s.code_sha256 === model.training.code_sha256),
    track_record: {
      events: events.map((e) => ({ ...e, calibration: e.calibration.map(({ forecasts, ...row }) => ({ ...row, bills: forecasts })) })),
      resolved,
      note:
        resolved === 0
          ? 'No published forecast has resolved yet: a forecast is scored once the bill is reported, passes its chamber or becomes law, or its Congress ends without it.'
          : 'Every forecast the service published, scored on each event it gave odds for once that event resolved (it happened, or the Congress ended without it).',
    },
    jump_rule: FORECAST_JUMP_RULE_WORDS,
  };
}
