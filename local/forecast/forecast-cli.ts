/**
 * `npm run cli -- forecast FILE`: the forecast at introduction of every bill
 * in FILE, records in the bill-outcomes dataset's format (JSON Lines, plain
 * or gzip'd; an `outcome` is ignored). One JSON line per input line, in
 * order: `{"id", "p_reported", "p_passed_chamber", "p_enacted"}`, or for a line
 * that is not a bill record `{"id" (null when unreadable), "line", "error"}`;
 * blank lines are skipped. A count goes to stderr. Exit 0 whatever the
 * records hold; 1 when the file or the model cannot be read; 2 on bad usage.
 */
import { readFileSync } from 'node:fs';
import { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import { ForecastModel } from '#shared/domain/forecast/forecast-model.schema.ts';
import { forecastAtIntroduction } from '#shared/domain/forecast/forecast.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import { parseLine, readLines } from '#local/forecast/bill-dataset.ts';
import { MODEL_FILE } from '#local/forecast/training-run.ts';

export const FORECAST_USAGE =
  '       npm run cli -- forecast <file.jsonl[.gz]>   (bill records as in ../shared/datasets/bill-outcomes; one JSON line per bill)';

/** Six decimals: finer than any forecast means, and short lines. */
const round6 = (p: number) => roundTo(p, 6);

/** The committed model, parsed; throws with the reason when it cannot be read. */
export function loadForecastModel(file = MODEL_FILE): ForecastModel {
  return ForecastModel().parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Runs `forecast <file>`; returns the exit code. */
export function forecastCommand(args: string[], out: (s: string) => void, err: (s: string) => void): number {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    err(`forecast wants one file\n${FORECAST_USAGE}\n`);
    return 2;
  }
  let lines: string[];
  let model: ForecastModel;
  try {
    lines = readLines(file);
    model = loadForecastModel();
  } catch (e) {
    err(`forecast: ${(e as Error).message}\n`);
    return 1;
  }
  let bills = 0;
  let errors = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const parsed = parseLine(BillFacts(), line);
    if (!parsed.ok) {
      errors += 1;
      out(`${JSON.stringify({ id: parsed.id, line: i + 1, error: parsed.error })}\n`);
      return;
    }
    const f = forecastAtIntroduction(model, parsed.value);
    bills += 1;
    out(
      `${JSON.stringify({ id: parsed.value.id, p_reported: round6(f.p_reported), p_passed_chamber: round6(f.p_passed_chamber), p_enacted: round6(f.p_enacted) })}\n`,
    );
  });
  err(`forecast: ${bills} bills forecast, ${errors} lines with errors\n`);
  return 0;
}
