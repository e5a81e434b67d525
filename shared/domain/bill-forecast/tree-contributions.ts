/**
 * What each feature added to a tree ensemble's log-odds for one bill: the
 * path a bill takes down each tree credits every split it passes to the
 * split's feature, by how much the expected leaf value moved from the node
 * to the child it took (the "tree interpreter" attribution of Saabas). The
 * credits of one tree add up to its leaf minus the mean of its leaves, so a
 * bill's contributions add up to its margin minus a reference margin (the
 * bias plus every tree's mean leaf). The model file keeps no count of the
 * training bills under each node, so a node's expected value is the plain
 * mean of the leaves below it: the attribution of a reference bill that is
 * as likely to reach any leaf, an approximation docs/bill-forecasts.md states.
 */
import type { TreeEnsemble, TreeNode } from '#shared/domain/forecast/tree-ensemble.ts';

/** Per node, the mean of the leaves below it (a leaf's own value). */
const means = new WeakMap<TreeNode[], Float64Array>();

function nodeMeans(tree: TreeNode[]): Float64Array {
  let out = means.get(tree);
  if (out) return out;
  const sum = new Float64Array(tree.length);
  const leaves = new Float64Array(tree.length);
  const visit = (i: number): void => {
    const node = tree[i]!;
    if (node.length === 1) {
      sum[i] = node[0];
      leaves[i] = 1;
      return;
    }
    visit(node[2]);
    visit(node[3]);
    sum[i] = sum[node[2]]! + sum[node[3]]!;
    leaves[i] = leaves[node[2]]! + leaves[node[3]]!;
  };
  visit(0);
  out = sum.map((s, i) => s / leaves[i]!);
  means.set(tree, out);
  return out;
}

/** Adds one tree's credits for `x` into `into` (indexed by feature); returns the tree's mean leaf. */
function addTree(tree: TreeNode[], x: ArrayLike<number>, into: Float64Array): number {
  const mean = nodeMeans(tree);
  let i = 0;
  let node = tree[0]!;
  while (node.length === 4) {
    const v = x[node[0]]!;
    const next = Number.isNaN(v) || v <= node[1] ? node[2] : node[3];
    into[node[0]] = into[node[0]]! + mean[next]! - mean[i]!;
    i = next;
    node = tree[i]!;
  }
  return mean[0]!;
}

/** Each feature's contribution to the ensemble's margin for `x`, and the reference margin they are measured from. */
export function treeContributions(model: TreeEnsemble, x: ArrayLike<number>, features: number): { contributions: Float64Array; reference: number } {
  const contributions = new Float64Array(features);
  let reference = model.bias;
  for (const tree of model.trees) reference += addTree(tree, x, contributions);
  return { contributions, reference };
}
