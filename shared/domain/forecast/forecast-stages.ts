/**
 * The three stages a bill is forecast to reach, in order, and which of them a
 * recorded outcome reached: reported (out of committee by any route: the
 * dataset's `reported`, which counts calendar placement and passage without a
 * committee report), passed its chamber of origin, enacted.
 */
import type { BillOutcome } from '#shared/domain/forecast/bill-record.schema.ts';
import type { BillType } from '#shared/domain/bills/bill-types.ts';

export const FORECAST_STAGES = ['reported', 'passed_chamber', 'enacted'] as const;
export type ForecastStage = (typeof FORECAST_STAGES)[number];

/** Whether the bill reached each stage, as 0/1 in FORECAST_STAGES order. */
export function stagesReached(type: BillType, outcome: BillOutcome): [number, number, number] {
  const passed = type.startsWith('s') ? outcome.passed_senate : outcome.passed_house;
  return [outcome.reported ? 1 : 0, passed ? 1 : 0, outcome.enacted ? 1 : 0];
}
