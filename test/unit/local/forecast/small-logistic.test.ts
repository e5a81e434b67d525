import { describe, expect, it } from 'vitest';
import { fitSmallLogistic } from '#local/forecast/small-logistic.ts';

describe('small logistic regression', () => {
  it('recovers the coefficients that made the labels, with and without an offset', () => {
    // Expected counts: at x = 0 one in five is positive (log-odds -1.386), at x = 1 four in five (+1.386).
    const inputs = [...Array(10).fill([0]), ...Array(10).fill([1])] as number[][];
    const labels = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0];
    const [intercept, slope] = fitSmallLogistic(inputs, labels, undefined, 0);
    expect(intercept).toBeCloseTo(-1.3863, 3);
    expect(slope).toBeCloseTo(2.7726, 3);
    const withOffset = fitSmallLogistic(inputs, labels, Array(20).fill(-1.3863), 0);
    expect(withOffset[0]).toBeCloseTo(0, 3);
    expect(withOffset[1]).toBeCloseTo(2.7726, 3);
  });
});
