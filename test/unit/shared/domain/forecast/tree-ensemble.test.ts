import { describe, expect, it } from 'vitest';
import { ensembleMargin, leafValue, type TreeNode } from '#shared/domain/forecast/tree-ensemble.ts';

// x0 <= 2 goes left to a leaf of 0.5; else x1 <= 0 decides between -1 and 2.
const tree: TreeNode[] = [[0, 2, 1, 2], [0.5], [1, 0, 3, 4], [-1], [2]];

describe('tree ensemble', () => {
  it('sends a value at or below the threshold left and one above right', () => {
    expect(leafValue(tree, [2, 5])).toBe(0.5);
    expect(leafValue(tree, [2.1, 0])).toBe(-1);
    expect(leafValue(tree, [3, 1])).toBe(2);
  });

  it('sends a missing value left, below every threshold', () => {
    expect(leafValue(tree, [NaN, 1])).toBe(0.5);
    expect(leafValue(tree, [3, NaN])).toBe(-1);
  });

  it('adds one leaf per tree to the bias', () => {
    expect(ensembleMargin({ bias: -3, trees: [tree, [[1.5]]] }, [3, 1])).toBe(0.5);
  });
});
