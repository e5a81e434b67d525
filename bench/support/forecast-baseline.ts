/**
 * The baseline the forecast is compared against: a plain logistic regression
 * per stage on the dataset's raw fields at introduction (bill type, sponsor
 * party and majority, seniority, chair, cosponsor counts, committees and
 * policy area one-hot, companion, bill number, day of the Congress), with no
 * title text, no track records and no trees. Fitted by the same trainer the
 * title model uses, on standardised inputs.
 */
import type { BillRecord } from '#shared/domain/forecast/bill-record.schema.ts';
import { stagesReached } from '#shared/domain/forecast/forecast-stages.ts';
import { daysIntoCongress } from '#shared/domain/forecast/political-calendar.ts';
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { logisticMargin, trainLogistic } from '#local/forecast/logistic-trainer.ts';

function rawFields(r: BillRecord): Record<string, number> {
  const co = r.original_cosponsors;
  const out: Record<string, number> = {
    [`type_${r.type}`]: 1,
    sponsor_in_majority: r.sponsor.party !== null && r.sponsor.party === r.majority_party ? 1 : 0,
    [`party_${r.sponsor.party ?? 'unknown'}`]: 1,
    seniority: r.sponsor.seniority_years ?? 0,
    seniority_unknown: r.sponsor.seniority_years === null ? 1 : 0,
    chair: r.sponsor.committee_chair ? 1 : 0,
    cosponsors: Math.log1p(co.n),
    cosponsors_other_party: Math.log1p(co.n_other_party),
    committees: r.committees_referred.length,
    companion: r.companion ? 1 : 0,
    number: Math.log(r.number),
    days_into_congress: daysIntoCongress(r.congress, r.introduced) / 730,
    [`policy_${r.subjects_top_term ?? 'none'}`]: 1,
  };
  for (const c of r.committees_referred) out[`committee_${c}`] = 1;
  return out;
}

/** Trains one regression per stage on `train` and returns the probabilities for `test`, stage by stage. */
export function baselineForecast(train: BillRecord[], test: BillRecord[]): number[][] {
  const names = new Map<string, number>();
  const rows = (rs: BillRecord[], grow: boolean) =>
    rs.map((r) => {
      const f = Object.entries(rawFields(r)).filter(([k]) => grow || names.has(k));
      if (grow) for (const [k] of f) if (!names.has(k)) names.set(k, names.size);
      return f.map(([k, v]) => [names.get(k)!, v] as const);
    });
  const trainRows = rows(train, true);
  const testRows = rows(test, false);
  const mean = new Float64Array(names.size);
  const sd = new Float64Array(names.size).fill(0);
  for (const row of trainRows) for (const [i, v] of row) mean[i]! += v / train.length;
  for (const row of trainRows) for (const [i, v] of row) sd[i]! += (v - mean[i]!) ** 2 / train.length;
  // Scale only (no centring) keeps the rows sparse; binary fields stay as they are.
  const scale = (row: (readonly [number, number])[]) => ({
    ids: Int32Array.from(row, ([i]) => i),
    values: Float64Array.from(row, ([i, v]) => (sd[i]! > 0.3 ? v / Math.sqrt(sd[i]!) : v)),
  });
  const trainScaled = trainRows.map(scale);
  const testScaled = testRows.map(scale);
  return [0, 1, 2].map((s) => {
    const model = trainLogistic(
      {
        ids: trainScaled.map((r) => r.ids),
        values: trainScaled.map((r) => r.values),
        labels: Uint8Array.from(train, (r) => stagesReached(r.type, r.outcome!)[s]!),
        weights: new Float64Array(train.length).fill(1),
        features: names.size,
      },
      { epochs: 5, learningRate: 0.05, l2: 1e-4, seed: 3 },
    );
    return testScaled.map((r) => sigmoid(logisticMargin(model, r.ids, r.values)));
  });
}
