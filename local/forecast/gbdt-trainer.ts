/**
 * Gradient-boosted trees with logistic loss, grown leaf by leaf from
 * histograms of binned features (the LightGBM recipe: a split is the best cut
 * of a per-bin sum of gradients; a child's histogram is its parent's minus its
 * sibling's). Hand-written because no maintained npm package trains boosted
 * trees in TypeScript without native code, and the scoring side must live in
 * shared/domain, which may import only zod (docs/forecast-model.md, "Why a
 * hand-written trainer"). Seeded: row and feature sampling draw from
 * seeded-random.ts, so the same data and parameters give the same trees.
 */
import type { TreeEnsemble, TreeNode } from '#shared/domain/forecast/tree-ensemble.ts';
import { sigmoid } from '#shared/domain/forecast/tree-ensemble.ts';
import { roundTo } from '#shared/domain/forecast/rounding.ts';
import type { BinnedMatrix } from '#local/forecast/feature-bins.ts';
import { seededRandom } from '#local/forecast/seeded-random.ts';
import { growTree } from '#local/forecast/tree-grower.ts';

export interface GbdtParams {
  trees: number;
  learningRate: number;
  maxLeaves: number;
  /** Smallest sum of hessians (weighted p(1-p)) a leaf may hold. */
  minLeafHessian: number;
  minLeafRows: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** Share of rows each tree sees, and of features it may split on. */
  rowSample: number;
  featureSample: number;
  seed: number;
}

export interface GbdtData {
  matrix: BinnedMatrix;
  labels: Uint8Array;
  weights: Float64Array;
}

const round5 = (v: number): number => roundTo(v, 5);

/** Trains an ensemble; `onTree` hears each finished tree (for progress). */
export function trainGbdt(data: GbdtData, params: GbdtParams, onTree?: (i: number) => void): TreeEnsemble {
  const n = data.labels.length;
  const random = seededRandom(params.seed);
  let pos = 0;
  let total = 0;
  for (let r = 0; r < n; r += 1) {
    pos += data.weights[r]! * data.labels[r]!;
    total += data.weights[r]!;
  }
  const bias = round5(Math.log(pos / (total - pos)));
  const margin = new Float64Array(n).fill(bias);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  const trees: TreeNode[][] = [];
  for (let t = 0; t < params.trees; t += 1) {
    for (let r = 0; r < n; r += 1) {
      const p = sigmoid(margin[r]!);
      const w = data.weights[r]!;
      grad[r] = w * (p - data.labels[r]!);
      hess[r] = Math.max(w * p * (1 - p), 1e-12);
    }
    const bag: number[] = [];
    const oob: number[] = [];
    for (let r = 0; r < n; r += 1) (random() < params.rowSample ? bag : oob).push(r);
    const sampled = data.matrix.edges.map((_, f) => f).filter(() => random() < params.featureSample);
    const { nodes, leaves } = growTree({ matrix: data.matrix, grad, hess, bagRows: Int32Array.from(bag), oobRows: Int32Array.from(oob), sampled, params });
    for (const leaf of leaves) {
      const v = round5((-params.learningRate * leaf.G) / (leaf.H + params.lambda));
      nodes[leaf.node] = [v];
      for (const r of leaf.rows) margin[r]! += v;
    }
    trees.push(nodes);
    onTree?.(t);
  }
  return { bias, trees };
}
