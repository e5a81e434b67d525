import { describe, expect, it } from 'vitest';
import { auc } from '#shared/domain/forecast/forecast-metrics.ts';
import { ensembleMargin, type TreeEnsemble } from '#shared/domain/forecast/tree-ensemble.ts';
import { averageEnsembles, BAG_SEED_STEP, trainBagged } from '#local/forecast/bagged-ensemble.ts';
import { binMatrix } from '#local/forecast/feature-bins.ts';
import { type GbdtParams, trainGbdt } from '#local/forecast/gbdt-trainer.ts';
import { seededRandom } from '#local/forecast/seeded-random.ts';

const PARAMS: GbdtParams = {
  trees: 15,
  learningRate: 0.2,
  maxLeaves: 6,
  minLeafHessian: 0.5,
  minLeafRows: 10,
  lambda: 1,
  rowSample: 0.6,
  featureSample: 0.7,
  seed: 5,
};

/** A noisy label over three features, with a fourth of noise. */
function synthetic(n: number, seed: number) {
  const r = seededRandom(seed);
  const vectors = Array.from({ length: n }, () => [r(), r(), r(), r()]);
  const labels = Uint8Array.from(vectors, ([a, b, c]) => (r() < 0.1 + 0.5 * a! * b! + 0.3 * (c! > 0.7 ? 1 : 0) ? 1 : 0));
  return { vectors, labels };
}

describe('bagged tree ensembles', () => {
  it('averages ensembles in log-odds as one ensemble', () => {
    const a: TreeEnsemble = { bias: -1, trees: [[[0, 0.5, 1, 2], [0.3], [0.9]]] };
    const b: TreeEnsemble = { bias: -1, trees: [[[1, 0.2, 1, 2], [-0.6], [0.6]], [[0.15]]] };
    const mean = averageEnsembles([a, b]);
    for (const x of [
      [0.1, 0.1],
      [0.1, 0.9],
      [0.9, 0.1],
      [0.9, 0.9],
    ])
      expect(ensembleMargin(mean, x)).toBeCloseTo((ensembleMargin(a, x) + ensembleMargin(b, x)) / 2, 6);
    expect(mean.trees).toHaveLength(3);
    expect(averageEnsembles([a])).toBe(a);
  });

  it('with one bag is the unbagged ensemble, and its bags are the seeds BAG_SEED_STEP apart', () => {
    const { vectors, labels } = synthetic(1200, 1);
    const data = { matrix: binMatrix(vectors, 32), labels, weights: new Float64Array(1200).fill(1) };
    expect(trainBagged(data, PARAMS, 1)).toEqual(trainGbdt(data, PARAMS));
    const bags = [0, 1, 2].map((k) => trainGbdt(data, { ...PARAMS, seed: PARAMS.seed + k * BAG_SEED_STEP }));
    expect(trainBagged(data, PARAMS, 3)).toEqual(averageEnsembles(bags));
    expect(trainBagged(data, PARAMS, 3)).toEqual(trainBagged(data, PARAMS, 3));
  });

  it('ranks held-out rows at least as well as its bags do on average', () => {
    const train = synthetic(3000, 2);
    const test = synthetic(3000, 3);
    const data = { matrix: binMatrix(train.vectors, 32), labels: train.labels, weights: new Float64Array(3000).fill(1) };
    const score = (e: TreeEnsemble) =>
      auc(
        test.vectors.map((x) => ensembleMargin(e, x)),
        test.labels,
      );
    const single = [0, 1, 2, 3].map((k) => score(trainGbdt(data, { ...PARAMS, seed: PARAMS.seed + k * BAG_SEED_STEP })));
    expect(score(trainBagged(data, PARAMS, 4))).toBeGreaterThanOrEqual(single.reduce((s, v) => s + v, 0) / single.length);
  });
});
