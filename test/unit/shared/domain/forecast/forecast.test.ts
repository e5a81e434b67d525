import { describe, expect, it } from 'vitest';
import { BillFacts } from '#shared/domain/forecast/bill-record.schema.ts';
import { forecastAt, forecastAtIntroduction, PROGRESS } from '#shared/domain/forecast/forecast.ts';
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
