/**
 * The public track record of published forecasts (docs/bill-forecasts.md,
 * "Track record"): each scored event of each kept forecast, once it
 * resolves, adds its probability p and outcome y (1 happened, 0 did not by
 * the Congress's end) to running counters per event: how many, the sums of
 * p, y and (p - y)², and the same per tenth of the probability scale. From
 * those the record shows the Brier score (mean squared error), its skill
 * over always forecasting the observed rate, and a calibration table. The
 * counters are flat attributes so each resolution is one atomic ADD.
 */
import { FORECAST_EVENTS, type ForecastEvent } from './forecast-stage.ts';

export const CALIBRATION_BINS = 10;

/** The stored counters: `{event}_n`, `{event}_p`, `{event}_y`, `{event}_sse`, and `{event}_b{bin}_n|p|y`. */
export type TrackCounters = Record<string, number>;

/** The tenth of the scale a probability falls in (1.0 in the last). */
export const binOf = (p: number): number => Math.min(CALIBRATION_BINS - 1, Math.floor(p * CALIBRATION_BINS));

/** What one resolved (forecast, event) adds to the counters. */
export function trackIncrements(event: ForecastEvent, p: number, y: 0 | 1): TrackCounters {
  const b = `${event}_b${binOf(p)}`;
  return { [`${event}_n`]: 1, [`${event}_p`]: p, [`${event}_y`]: y, [`${event}_sse`]: (p - y) ** 2, [`${b}_n`]: 1, [`${b}_p`]: p, [`${b}_y`]: y };
}

/** Adds increments together (several events of one forecast resolving at once are one write). */
export function addCounters(...parts: TrackCounters[]): TrackCounters {
  const out: TrackCounters = {};
  for (const part of parts) for (const [k, v] of Object.entries(part)) out[k] = (out[k] ?? 0) + v;
  return out;
}

export interface CalibrationRow {
  from: number;
  to: number;
  forecasts: number;
  predicted: number;
  observed: number;
}

export interface EventRecord {
  event: ForecastEvent;
  /** Resolved forecasts of the event. */
  forecasts: number;
  /** How many of them happened. */
  happened: number;
  /** Mean squared error of the probabilities; null before any resolved. */
  brier: number | null;
  /** 1 - Brier / Brier of always forecasting the observed rate; null while every outcome is the same (no rate to beat). */
  brier_skill: number | null;
  calibration: CalibrationRow[];
}

const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The record of each event from the counters. */
export function trackRecord(c: TrackCounters): EventRecord[] {
  const get = (k: string) => c[k] ?? 0;
  return FORECAST_EVENTS.map((event) => {
    const n = get(`${event}_n`);
    const y = get(`${event}_y`);
    const rate = n ? y / n : 0;
    const brier = n ? get(`${event}_sse`) / n : null;
    const baseline = rate * (1 - rate);
    const calibration = Array.from({ length: CALIBRATION_BINS }, (_, b) => {
      const k = `${event}_b${b}`;
      const m = get(`${k}_n`);
      return {
        from: b / CALIBRATION_BINS,
        to: (b + 1) / CALIBRATION_BINS,
        forecasts: m,
        predicted: m ? round(get(`${k}_p`) / m) : 0,
        observed: m ? round(get(`${k}_y`) / m) : 0,
      };
    }).filter((r) => r.forecasts > 0);
    return {
      event,
      forecasts: n,
      happened: Math.round(y),
      brier: brier === null ? null : round(brier),
      brier_skill: brier === null || baseline === 0 ? null : round(1 - brier / baseline),
      calibration,
    };
  });
}
