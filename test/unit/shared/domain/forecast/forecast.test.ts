import { describe, expect, it } from 'vitest';
import { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import { forecastAt, forecastAtIntroduction, forecastFeatures, linkLogit, productLogit, PROGRESS } from '#shared/domain/forecast/forecast.ts';
import { ensembleMargin, logit, sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { loadForecastModel } from '#local/forecast/forecast-cli.ts';
import { EXAMPLE_RECORD, hasDataset, realRecords } from '../../../../support/bill-outcomes.ts';

const model = loadForecastModel();

const S1942 = BillFacts().parse(EXAMPLE_RECORD);

describe('forecast with the committed model', () => {
  it('never gives a later stage better odds than an earlier one', () => {
    for (const progress of PROGRESS) {
      const f = forecastAt(model, S1942, progress);
      expect(f.p_passed_chamber).toBeLessThanOrEqual(f.p_reported);
      expect(f.p_enacted).toBeLessThanOrEqual(f.p_passed_chamber);
    }
  });

  it('raises the odds of enactment as the bill reaches each stage, and counts reached stages as certain', () => {
    const odds = PROGRESS.map((p) => forecastAt(model, S1942, p));
    for (let i = 1; i < odds.length; i += 1) expect(odds[i]!.p_enacted).toBeGreaterThan(odds[i - 1]!.p_enacted);
    expect(odds[1]!.p_reported).toBe(1);
    expect(odds[2]).toMatchObject({ p_reported: 1, p_passed_chamber: 1 });
    expect(forecastAtIntroduction(model, S1942)).toEqual(odds[0]);
  });

  it('raises the odds when the bill gains cosponsors of both parties after introduction', () => {
    const none = forecastAt(model, S1942, 'introduced', { n: 2, n_other_party: 1 });
    const many = forecastAt(model, S1942, 'introduced', { n: 40, n_other_party: 20 });
    expect(many.p_reported).toBeGreaterThan(none.p_reported);
    expect(many.p_enacted).toBeGreaterThan(none.p_enacted);
  });

  it('never lets a simple or concurrent resolution become law', () => {
    const resolution = { ...S1942, id: '113-sres-1', type: 'sres' as const, number: 1 };
    expect(forecastAtIntroduction(model, resolution).p_enacted).toBe(0);
    expect(forecastAtIntroduction(model, resolution).p_reported).toBeGreaterThan(0);
    expect(forecastAtIntroduction(model, { ...resolution, type: 'sjres' }).p_enacted).toBeGreaterThan(0);
  });

  it('gives a majority sponsor better odds than the same bill from the minority', () => {
    const minority = { ...S1942, majority_party: 'R', sponsor: { ...S1942.sponsor, committee_chair: false } };
    const majority = { ...S1942, sponsor: { ...S1942.sponsor, committee_chair: false } };
    expect(forecastAtIntroduction(model, majority).p_reported).toBeGreaterThan(forecastAtIntroduction(model, minority).p_reported);
  });

  it.skipIf(!hasDataset)('ranks a House post office naming far above a tax bill of the same Congress', () => {
    const [naming, tax] = realRecords('114-hr-1132', '114-hr-644');
    const n = forecastAtIntroduction(model, naming!);
    const t = forecastAtIntroduction(model, tax!);
    expect(n.p_enacted).toBeGreaterThan(5 * t.p_enacted);
    expect(n.p_enacted).toBeGreaterThan(0.1);
  });
});

describe('the odds of enactment at introduction', () => {
  const { introduction, ...older } = model;
  const margins = (['reported', 'passed_given_reported', 'enacted_given_passed'] as const).map((l) =>
    ensembleMargin(model.links[l].ensemble, forecastFeatures(model, S1942)),
  );
  const linkLogitOf = (c: { calibration: { slope: number; intercept: number } }) => c.calibration.slope * productLogit(margins) + c.calibration.intercept;

  it('reads the log-odds of a product of probabilities, also far in the tails', () => {
    expect(productLogit([0.3, -1.2, 2])).toBeCloseTo(logit(sigmoid(0.3) * sigmoid(-1.2) * sigmoid(2)), 10);
    expect(productLogit([-800, 1])).toBeCloseTo(-800 - Math.log1p(Math.exp(-1)), 6);
    expect(productLogit([40, 40])).toBeGreaterThan(38);
  });

  it('multiplies the calibrated links in a model file without the calibration at introduction', () => {
    const x = forecastFeatures(model, S1942);
    const chain = ['reported', 'passed_given_reported', 'enacted_given_passed'] as const;
    const product = chain.reduce((p, l) => p * sigmoid(linkLogit(model.links[l], x, null)), 1);
    expect(forecastAtIntroduction(older, S1942).p_enacted).toBeCloseTo(product, 12);
  });

  it('calibrates the product of the uncalibrated links as a whole, capped by the odds of passing the chamber', () => {
    const enacted = { calibration: { slope: 0.9, intercept: -0.2 }, cosponsor_update: { intercept: 0, gained: 0, gained_other_party: 0 } };
    const f = forecastAtIntroduction({ ...older, introduction: { enacted } }, S1942);
    expect(f.p_enacted).toBeCloseTo(Math.min(f.p_passed_chamber, sigmoid(0.9 * productLogit(margins) - 0.2)), 12);
    // Odds of the chamber are untouched by it; a calibration that would lift enactment above passage is capped there.
    expect(f.p_passed_chamber).toBe(forecastAtIntroduction(older, S1942).p_passed_chamber);
    const lifted = { ...enacted, calibration: { slope: 1, intercept: 30 } };
    const capped = forecastAtIntroduction({ ...older, introduction: { enacted: lifted } }, S1942);
    expect(capped.p_enacted).toBe(capped.p_passed_chamber);
  });

  it('is part of the committed model, and is what the CLI prints', () => {
    expect(introduction!.enacted.calibration.slope).toBeGreaterThan(0);
    const f = forecastAtIntroduction(model, S1942);
    expect(f.p_enacted).toBeCloseTo(Math.min(f.p_passed_chamber, sigmoid(linkLogitOf(introduction!.enacted))), 12);
  });
});
