/**
 * One regression tree of the boosted ensemble, grown best-first: the leaf
 * whose best split gains most is split next, until `maxLeaves`. Gains and
 * leaf values are Newton steps on the logistic loss (sums of gradients G and
 * hessians H per side, with an L2 penalty lambda). Each leaf owns a segment
 * of the in-sample rows (which its histogram counts) and of the rest (which
 * only follow the splits); a split partitions both segments in place.
 */
import type { TreeNode } from '#shared/domain/forecast/tree-ensemble.ts';
import { type BinnedMatrix, rowBin } from '#local/forecast/feature-bins.ts';
import type { GbdtParams } from '#local/forecast/gbdt-trainer.ts';

interface Split {
  gain: number;
  feature: number;
  bin: number;
}

interface Leaf {
  node: number;
  /** Segments [start, end) of the in-sample and out-of-sample row orders. */
  bag: [number, number];
  oob: [number, number];
  hist: Float64Array;
  G: number;
  H: number;
  split: Split | null;
}

export interface GrowInput {
  matrix: BinnedMatrix;
  grad: Float64Array;
  hess: Float64Array;
  /** In-sample rows and the rest, each in any order (partitioned in place). */
  bagRows: Int32Array;
  oobRows: Int32Array;
  sampled: number[];
  params: GbdtParams;
}

export interface GrownTree {
  /** Split nodes are final; leaf nodes are placeholders the caller fills with values. */
  nodes: TreeNode[];
  leaves: { node: number; rows: Int32Array; G: number; H: number }[];
}

/** Grows one tree over the binned features. */
export function growTree(input: GrowInput): GrownTree {
  const { matrix: m, grad, hess, bagRows, oobRows, sampled, params } = input;
  const features = m.edges.length;
  const offsets = new Int32Array(features + 1);
  for (let f = 0; f < features; f += 1) offsets[f + 1] = offsets[f]! + 3 * (m.edges[f]!.length + 1);
  const denseOffsets = new Int32Array(m.denseCount);
  for (let f = 0; f < features; f += 1) if (m.slot[f]! >= 0) denseOffsets[m.slot[f]!] = offsets[f]!;
  const sparse = [...m.common.keys()].filter((f) => m.common[f]! >= 0);
  const D = m.denseCount;
  const buffer = new Int32Array(Math.max(bagRows.length, oobRows.length));

  /** Per feature and bin, over the leaf's in-sample rows: sum of gradients, of hessians, and the row count. */
  function histogram(leaf: Leaf): void {
    const h = leaf.hist;
    for (let i = leaf.bag[0]; i < leaf.bag[1]; i += 1) {
      const r = bagRows[i]!;
      const g = grad[r]!;
      const hs = hess[r]!;
      const base = r * D;
      for (let s = 0; s < D; s += 1) {
        const k = denseOffsets[s]! + 3 * m.denseBins[base + s]!;
        h[k]! += g;
        h[k + 1]! += hs;
        h[k + 2]! += 1;
      }
      for (let e = m.rowStart[r]!; e < m.rowStart[r + 1]!; e += 1) {
        const k = offsets[m.entryFeature[e]!]! + 3 * m.entryBin[e]!;
        h[k]! += g;
        h[k + 1]! += hs;
        h[k + 2]! += 1;
      }
    }
    // A sparse feature's common bin holds whatever the other bins do not.
    for (const f of sparse) {
      const c = offsets[f]! + 3 * m.common[f]!;
      h[c] = leaf.G;
      h[c + 1] = leaf.H;
      h[c + 2] = leaf.bag[1] - leaf.bag[0];
      for (let k = offsets[f]!; k < offsets[f + 1]!; k += 3) {
        if (k === c) continue;
        h[c]! -= h[k]!;
        h[c + 1]! -= h[k + 1]!;
        h[c + 2]! -= h[k + 2]!;
      }
    }
  }

  const score = (g: number, h: number) => (g * g) / (h + params.lambda);

  function bestSplit(leaf: Leaf): Split | null {
    let best: Split | null = null;
    const parent = score(leaf.G, leaf.H);
    const rows = leaf.bag[1] - leaf.bag[0];
    for (const f of sampled) {
      let gl = 0;
      let hl = 0;
      let nl = 0;
      for (let k = offsets[f]!, b = 0; k < offsets[f + 1]! - 3; k += 3, b += 1) {
        gl += leaf.hist[k]!;
        hl += leaf.hist[k + 1]!;
        nl += leaf.hist[k + 2]!;
        const hr = leaf.H - hl;
        if (hl < params.minLeafHessian || nl < params.minLeafRows) continue;
        if (hr < params.minLeafHessian || rows - nl < params.minLeafRows) break;
        const gain = score(gl, hl) + score(leaf.G - gl, hr) - parent;
        if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: f, bin: b };
      }
    }
    return best;
  }

  /** Moves the segment's rows whose bin is at most `bin` to its front (in order); returns where the rest start. */
  function partition(order: Int32Array, [start, end]: [number, number], feature: number, bin: number): number {
    let left = 0;
    let right = end - start;
    for (let i = start; i < end; i += 1) {
      const r = order[i]!;
      if (rowBin(m, r, feature) <= bin) buffer[left++] = r;
      else buffer[--right] = r;
    }
    // The right side was written backwards: restore its order so results do not depend on the pass.
    buffer.subarray(left, end - start).reverse();
    order.set(buffer.subarray(0, end - start), start);
    return start + left;
  }

  function newLeaf(node: number, bag: [number, number], oob: [number, number], hist: Float64Array): Leaf {
    let G = 0;
    let H = 0;
    for (let i = bag[0]; i < bag[1]; i += 1) {
      G += grad[bagRows[i]!]!;
      H += hess[bagRows[i]!]!;
    }
    return { node, bag, oob, hist, G, H, split: null };
  }

  const nodes: TreeNode[] = [[0]];
  const root = newLeaf(0, [0, bagRows.length], [0, oobRows.length], new Float64Array(offsets[features]!));
  histogram(root);
  root.split = bestSplit(root);
  const leaves: Leaf[] = [root];
  while (leaves.length < params.maxLeaves) {
    let at = -1;
    leaves.forEach((l, i) => {
      if (l.split && (at < 0 || l.split.gain > leaves[at]!.split!.gain)) at = i;
    });
    if (at < 0) break;
    const parent = leaves[at]!;
    const { feature, bin } = parent.split!;
    const bagCut = partition(bagRows, parent.bag, feature, bin);
    const oobCut = partition(oobRows, parent.oob, feature, bin);
    // Bin 0 holds missing values: a split after it sends only them left, below the lowest value seen.
    const edges = m.edges[feature]!;
    nodes[parent.node] = [feature, bin === 0 ? edges[0]! - 1 : edges[bin - 1]!, nodes.length, nodes.length + 1];
    // The smaller child's histogram is counted; the larger's is the parent's minus it.
    const leftSmaller = bagCut - parent.bag[0] <= parent.bag[1] - bagCut;
    const fresh = new Float64Array(offsets[features]!);
    const left = newLeaf(nodes.length, [parent.bag[0], bagCut], [parent.oob[0], oobCut], leftSmaller ? fresh : parent.hist);
    const right = newLeaf(nodes.length + 1, [bagCut, parent.bag[1]], [oobCut, parent.oob[1]], leftSmaller ? parent.hist : fresh);
    nodes.push([0], [0]);
    const [small, large] = leftSmaller ? [left, right] : [right, left];
    histogram(small);
    for (let k = 0; k < large.hist.length; k += 1) large.hist[k]! -= small.hist[k]!;
    left.split = bestSplit(left);
    right.split = bestSplit(right);
    leaves[at] = left;
    leaves.push(right);
  }
  return {
    nodes,
    leaves: leaves.map((l) => {
      const rows = new Int32Array(l.bag[1] - l.bag[0] + l.oob[1] - l.oob[0]);
      rows.set(bagRows.subarray(l.bag[0], l.bag[1]));
      rows.set(oobRows.subarray(l.oob[0], l.oob[1]), l.bag[1] - l.bag[0]);
      return { node: l.node, rows, G: l.G, H: l.H };
    }),
  };
}
