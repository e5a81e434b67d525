/**
 * Gradient-boosted trees as the model file stores them, and their evaluation.
 * A node is `[feature, threshold, left, right]` (a value at or below the
 * threshold, or a missing one, goes left) or a leaf `[value]`; the margin is
 * the bias plus one leaf value per tree, in log-odds.
 */
import * as z from 'zod';
import { lazySchema } from '#shared/domain/lazy-schema.ts';

export const TreeNode = lazySchema(() => z.union([z.tuple([z.number().int().min(0), z.number(), z.number().int(), z.number().int()]), z.tuple([z.number()])]));
export type TreeNode = z.infer<ReturnType<typeof TreeNode>>;

export const TreeEnsemble = lazySchema(() => z.object({ bias: z.number(), trees: z.array(z.array(TreeNode()).min(1)) }));
export type TreeEnsemble = z.infer<ReturnType<typeof TreeEnsemble>>;

/** The leaf a feature vector reaches in one tree. */
export function leafValue(tree: TreeNode[], x: ArrayLike<number>): number {
  let node = tree[0]!;
  while (node.length === 4) {
    const v = x[node[0]]!;
    node = tree[Number.isNaN(v) || v <= node[1] ? node[2] : node[3]]!;
  }
  return node[0];
}

/** The ensemble's log-odds for a feature vector. */
export function ensembleMargin(model: TreeEnsemble, x: ArrayLike<number>): number {
  let margin = model.bias;
  for (const tree of model.trees) margin += leafValue(tree, x);
  return margin;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
export const logit = (p: number): number => Math.log(p / (1 - p));
