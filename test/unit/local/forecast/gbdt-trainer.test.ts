import { describe, expect, it } from 'vitest';
import { auc } from '#shared/domain/forecast/forecast-metrics.ts';
import { ensembleMargin, sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { binMatrix, rowBin } from '#local/forecast/feature-bins.ts';
import { type GbdtParams, trainGbdt } from '#local/forecast/gbdt-trainer.ts';
import { seededRandom } from '#local/forecast/seeded-random.ts';

const PARAMS: GbdtParams = {
  trees: 40,
  learningRate: 0.2,
  maxLeaves: 8,
  minLeafHessian: 0.5,
  minLeafRows: 10,
  lambda: 1,
  rowSample: 0.8,
  featureSample: 1,
  seed: 3,
};

/** Rows whose label follows an interaction (x0 high and flag x2 set) plus noise; x1 is noise, x0 sometimes missing. */
function synthetic(n: number, seed: number) {
  const r = seededRandom(seed);
  const vectors = Array.from({ length: n }, () => [r() < 0.05 ? NaN : r(), r(), r() < 0.08 ? 1 : 0]);
  const labels = Uint8Array.from(vectors, ([x0, , x2]) => ((x0! > 0.6 && x2 === 1) || r() < 0.005 ? 1 : 0));
  return { vectors, labels };
}

describe('gradient-boosted trees', () => {
  it('learns an interaction of a dense and a sparse feature', () => {
    const train = synthetic(4000, 1);
    const test = synthetic(2000, 2);
    const model = trainGbdt({ matrix: binMatrix(train.vectors, 32), labels: train.labels, weights: new Float64Array(4000).fill(1) }, PARAMS);
    const probs = test.vectors.map((x) => sigmoid(ensembleMargin(model, x)));
    expect(auc(probs, test.labels)).toBeGreaterThan(0.9);
    expect(sigmoid(ensembleMargin(model, [0.9, 0.5, 1]))).toBeGreaterThan(0.5);
    expect(sigmoid(ensembleMargin(model, [0.9, 0.5, 0]))).toBeLessThan(0.1);
  });

  it('gives the same trees for the same seed and other trees for another', () => {
    const { vectors, labels } = synthetic(1500, 4);
    const data = { matrix: binMatrix(vectors, 32), labels, weights: new Float64Array(1500).fill(1) };
    const params = { ...PARAMS, trees: 10 };
    const a = trainGbdt(data, params);
    expect(trainGbdt(data, params)).toEqual(a);
    expect(trainGbdt(data, { ...params, seed: 4 })).not.toEqual(a);
  });

  it('stores a mostly-constant feature as its exceptions and reads every row’s bin back', () => {
    const { vectors } = synthetic(500, 5);
    const m = binMatrix(vectors, 16);
    expect(m.slot[2]).toBe(-1);
    expect(m.slot[0]).toBeGreaterThanOrEqual(0);
    vectors.forEach((x, row) => expect(rowBin(m, row, 2)).toBe(x[2] === 1 ? 2 : 1));
    vectors.forEach((x, row) => expect(rowBin(m, row, 0) === 0).toBe(Number.isNaN(x[0])));
  });
});
