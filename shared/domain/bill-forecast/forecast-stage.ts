/**
 * How far a bill has got, for the forecast: the model's progress (introduced,
 * reported, passed its chamber, passed both) read from the bill's status
 * code, and the two states the model does not forecast from: enacted (every
 * stage reached) and vetoed (a veto override is not a stage of the chain;
 * the forecast made before the veto stands until the bill is enacted over it
 * or the Congress ends). "Reported" is the training data's: out of committee
 * by any route, so a bill voted on the floor without a report counts.
 */
import type { BillStatus } from '#shared/domain/bills/bill-status.ts';
import type { Progress } from '#shared/domain/forecast/forecast.ts';

/** A bill's place for the forecast: a progress the model forecasts from, or a state it does not. */
export type ForecastStage = Progress | 'enacted' | 'vetoed';

const BY_STATUS: Record<BillStatus, ForecastStage> = {
  INTRODUCED: 'introduced',
  REFERRED: 'introduced',
  REPORTED: 'reported',
  // Voted on the floor (and failed): out of committee.
  'PROV_KILL:SUSPENSIONFAILED': 'reported',
  'PROV_KILL:CLOTUREFAILED': 'reported',
  'FAIL:ORIGINATING:HOUSE': 'reported',
  'FAIL:ORIGINATING:SENATE': 'reported',
  'PASS_OVER:HOUSE': 'passed_chamber',
  'PASS_OVER:SENATE': 'passed_chamber',
  'FAIL:SECOND:HOUSE': 'passed_chamber',
  'FAIL:SECOND:SENATE': 'passed_chamber',
  // A simple resolution agreed to has passed its only chamber.
  'PASSED:SIMPLERES': 'passed_chamber',
  'PASS_BACK:HOUSE': 'passed_both',
  'PASS_BACK:SENATE': 'passed_both',
  'PROV_KILL:PINGPONGFAIL': 'passed_both',
  'CONFERENCE:PASSED:HOUSE': 'passed_both',
  'CONFERENCE:PASSED:SENATE': 'passed_both',
  'PASSED:BILL': 'passed_both',
  'PASSED:CONCURRENTRES': 'passed_both',
  'PASSED:CONSTAMEND': 'passed_both',
  'ENACTED:SIGNED': 'enacted',
  'ENACTED:VETO_OVERRIDE': 'enacted',
  'ENACTED:TENDAYRULE': 'enacted',
  'PROV_KILL:VETO': 'vetoed',
  'VETOED:POCKET': 'vetoed',
  'VETOED:OVERRIDE_PASS_OVER:HOUSE': 'vetoed',
  'VETOED:OVERRIDE_PASS_OVER:SENATE': 'vetoed',
  'VETOED:OVERRIDE_FAIL_ORIGINATING:HOUSE': 'vetoed',
  'VETOED:OVERRIDE_FAIL_ORIGINATING:SENATE': 'vetoed',
  'VETOED:OVERRIDE_FAIL_SECOND:HOUSE': 'vetoed',
  'VETOED:OVERRIDE_FAIL_SECOND:SENATE': 'vetoed',
};

export const forecastStageOf = (status: BillStatus): ForecastStage => BY_STATUS[status];

/** The three forecast events, in order (the model's FORECAST_STAGES). */
export const FORECAST_EVENTS = ['reported', 'passed_chamber', 'enacted'] as const;
export type ForecastEvent = (typeof FORECAST_EVENTS)[number];

/** Which events a bill at `stage` has already reached. */
export function reachedEvents(stage: ForecastStage): Record<ForecastEvent, boolean> {
  const rank = { introduced: 0, reported: 1, passed_chamber: 2, passed_both: 2, vetoed: 2, enacted: 3 }[stage];
  return { reported: rank >= 1, passed_chamber: rank >= 2, enacted: rank >= 3 };
}

/** The last day a Congress sits: it ends at noon on 3 January two years after it began. */
export const congressEnd = (congress: number): string => `${1789 + 2 * congress}-01-03`;

/** Whether a Congress has ended by `now` (from its last day on, no bill of it can move). */
export const congressEnded = (congress: number, now: Date): boolean => now.toISOString().slice(0, 10) >= congressEnd(congress);
