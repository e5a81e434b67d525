/**
 * BENCH_FORECAST_DUMP=dir: bench/forecast.ts writes, per split, the raw tree
 * log-odds of the out-of-time rows the calibrations were fitted on and of the
 * validation bills, with their stages, chamber and 30-day cosponsor gains, so
 * calibrators can be compared offline in seconds instead of a training run
 * each (bench/forecast-calibrators.ts reads them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { LINKS, type Link } from '#shared/domain/forecast/forecast-model.schema.ts';
import { stagesReached } from '#shared/domain/forecast/forecast-stages.ts';
import { cosponsorGains, forecastFeatures, type ScoringModel } from '#shared/domain/forecast/forecast.ts';
import { ensembleMargin } from '#shared/domain/forecast/tree-ensemble.ts';
import type { CalibrationRow } from '#local/forecast/calibration-fit.ts';

/** One bill's raw margins per link, stages reached, chamber, and cosponsor gains by 30 days (null when unknown). */
export interface DumpRow {
  id: string;
  margins: Record<Link, number>;
  stages: [number, number, number];
  passedBoth: boolean;
  senate: boolean;
  gains: [number, number] | null;
}

export interface SplitDump {
  validation: number;
  calibration: DumpRow[];
  held: DumpRow[];
}

export const dumpDir = (): string | undefined => process.env.BENCH_FORECAST_DUMP || undefined;

export const calibrationDumpRows = (rows: CalibrationRow[]): DumpRow[] =>
  rows.map((r) => ({
    id: r.bill.record.id,
    margins: r.margins,
    stages: r.bill.stages,
    passedBoth: !!r.bill.record.outcome?.passed_house && !!r.bill.record.outcome.passed_senate,
    senate: r.bill.record.type.startsWith('s'),
    gains: r.gains,
  }));

export function heldDumpRows(model: ScoringModel, bills: BillRecord[]): DumpRow[] {
  return bills.map((b) => {
    const x = forecastFeatures(model, b);
    return {
      id: b.id,
      margins: Object.fromEntries(LINKS.map((l) => [l, ensembleMargin(model.links[l].ensemble, x)])) as Record<Link, number>,
      stages: stagesReached(b.type, b.outcome!),
      passedBoth: !!b.outcome!.passed_house && !!b.outcome!.passed_senate,
      senate: b.type.startsWith('s'),
      gains: b.cosponsors_at_30d ? cosponsorGains(b, b.cosponsors_at_30d) : null,
    };
  });
}

export function writeDump(dir: string, dump: SplitDump): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `forecast-${dump.validation}.json`), JSON.stringify(dump));
}
