import { describe, expect, it } from 'vitest';
import { newOutcomes, reachedOn } from '#shared/domain/bill-forecast/forecast-resolution.ts';
import { congressEnded, forecastStageOf, reachedEvents } from '#shared/domain/bill-forecast/forecast-stage.ts';
import { addCounters, binOf, trackIncrements, trackRecord } from '#shared/domain/bill-forecast/track-record.ts';

const timeline = [
  { status: 'INTRODUCED' as const, date: '2025-02-01', action_text: 'Introduced' },
  { status: 'REPORTED' as const, date: '2025-05-01', action_text: 'Reported by the Committee' },
  { status: 'PASS_OVER:HOUSE' as const, date: '2025-06-10', action_text: 'Passed the House' },
];

describe('forecast stages', () => {
  it('reads the model progress from the status code', () => {
    expect(forecastStageOf('REFERRED')).toBe('introduced');
    expect(forecastStageOf('PROV_KILL:SUSPENSIONFAILED')).toBe('reported');
    expect(forecastStageOf('PASS_OVER:SENATE')).toBe('passed_chamber');
    expect(forecastStageOf('PASSED:BILL')).toBe('passed_both');
    expect(forecastStageOf('ENACTED:SIGNED')).toBe('enacted');
    expect(forecastStageOf('VETOED:POCKET')).toBe('vetoed');
    expect(reachedEvents('passed_both')).toEqual({ reported: true, passed_chamber: true, enacted: false });
  });
  it('ends a Congress on 3 January two years after it began', () => {
    expect(congressEnded(118, new Date('2025-01-02T23:00:00Z'))).toBe(false);
    expect(congressEnded(118, new Date('2025-01-03T12:00:00Z'))).toBe(true);
  });
});

describe('newOutcomes', () => {
  const forecast = { scored_events: ['reported', 'passed_chamber', 'enacted'] as const, outcomes: {}, as_of: '2025-03-01' };
  it('scores an event 1 once the timeline reaches it, and leaves the others open while the Congress sits', () => {
    expect(reachedOn(timeline)).toEqual({ reported: '2025-05-01', passed_chamber: '2025-06-10' });
    expect(
      newOutcomes({ ...forecast, scored_events: [...forecast.scored_events] }, { congress: 119, status_timeline: timeline }, new Date('2025-07-01')),
    ).toEqual({
      reported: 1,
      passed_chamber: 1,
    });
  });
  it('scores what did not happen 0 once the Congress ended, and skips events already recorded', () => {
    const out = newOutcomes(
      { scored_events: ['reported', 'passed_chamber', 'enacted'], outcomes: { reported: 1, passed_chamber: 1 }, as_of: '2025-03-01' },
      { congress: 119, status_timeline: timeline },
      new Date('2027-01-04'),
    );
    expect(out).toEqual({ enacted: 0 });
  });
  it('voids an event reached before the forecast was made (stale data would flatter the record)', () => {
    const out = newOutcomes(
      { scored_events: ['passed_chamber'], outcomes: {}, as_of: '2025-07-01' },
      { congress: 119, status_timeline: timeline },
      new Date('2025-07-02'),
    );
    expect(out).toEqual({ passed_chamber: 'void' });
  });
});

describe('trackRecord', () => {
  it('turns the counters of resolved forecasts into Brier score, skill and calibration', () => {
    const counters = addCounters(
      trackIncrements('enacted', 0.8, 1),
      trackIncrements('enacted', 0.1, 0),
      trackIncrements('enacted', 0.15, 0),
      trackIncrements('enacted', 0.05, 1),
    );
    const enacted = trackRecord(counters).find((e) => e.event === 'enacted')!;
    expect(enacted.forecasts).toBe(4);
    expect(enacted.happened).toBe(2);
    const brier = (0.04 + 0.01 + 0.0225 + 0.9025) / 4;
    expect(enacted.brier).toBeCloseTo(brier, 4);
    expect(enacted.brier_skill).toBeCloseTo(1 - brier / 0.25, 4);
    expect(enacted.calibration).toEqual([
      { from: 0, to: 0.1, forecasts: 1, predicted: 0.05, observed: 1 },
      { from: 0.1, to: 0.2, forecasts: 2, predicted: 0.125, observed: 0 },
      { from: 0.8, to: 0.9, forecasts: 1, predicted: 0.8, observed: 1 },
    ]);
  });
  it('has no score before anything resolved, and no skill while every outcome is the same', () => {
    expect(trackRecord({})[0]).toMatchObject({ forecasts: 0, brier: null, brier_skill: null, calibration: [] });
    const same = trackRecord(addCounters(trackIncrements('reported', 0.2, 0), trackIncrements('reported', 0.3, 0)))[0]!;
    expect(same.brier).toBeCloseTo(0.065, 4);
    expect(same.brier_skill).toBeNull();
    expect(binOf(1)).toBe(9);
  });
});
