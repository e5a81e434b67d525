/**
 * L2-regularised logistic regression on sparse binary features (token ids),
 * fitted by AdaGrad over seeded shuffles: the title model's heads and the
 * plain baseline the bench compares against. The penalty is applied to a
 * weight each time its token is seen, so rare tokens stay near zero.
 */
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { seededRandom, shuffledIndices } from '#local/forecast/seeded-random.ts';

export interface SparseRows {
  /** Feature ids of each row, and optional values (1 when absent). */
  ids: Int32Array[];
  values?: Float64Array[];
  labels: Uint8Array;
  weights: Float64Array;
  features: number;
}

export interface LogisticParams {
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
}

export interface LogisticModel {
  bias: number;
  weights: Float64Array;
}

/** Fits the model; the same rows and parameters give the same weights. */
export function trainLogistic(data: SparseRows, params: LogisticParams): LogisticModel {
  const weights = new Float64Array(data.features);
  const squares = new Float64Array(data.features + 1).fill(1e-8);
  let bias = 0;
  const random = seededRandom(params.seed);
  for (let epoch = 0; epoch < params.epochs; epoch += 1) {
    for (const r of shuffledIndices(data.labels.length, random)) {
      const ids = data.ids[r]!;
      const values = data.values?.[r];
      let z = bias;
      for (let k = 0; k < ids.length; k += 1) z += weights[ids[k]!]! * (values ? values[k]! : 1);
      const g = data.weights[r]! * (sigmoid(z) - data.labels[r]!);
      squares[data.features]! += g * g;
      bias -= (params.learningRate * g) / Math.sqrt(squares[data.features]!);
      for (let k = 0; k < ids.length; k += 1) {
        const i = ids[k]!;
        const gi = g * (values ? values[k]! : 1) + params.l2 * weights[i]!;
        squares[i]! += gi * gi;
        weights[i]! -= (params.learningRate * gi) / Math.sqrt(squares[i]!);
      }
    }
  }
  return { bias, weights };
}

/** The model's log-odds for one row. */
export function logisticMargin(model: LogisticModel, ids: Int32Array, values?: Float64Array): number {
  let z = model.bias;
  for (let k = 0; k < ids.length; k += 1) z += model.weights[ids[k]!]! * (values ? values[k]! : 1);
  return z;
}
