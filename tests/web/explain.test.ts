// The numbers of the "does attention explain the output?" panel (web/src/lessons/shared/explain.ts)
// on hand-computed cases.
import { describe, expect, it } from 'vitest';
import {
  argmax,
  meanRowDistance,
  ranks,
  softmax,
  spearman,
  totalVariation,
} from '../../web/src/lessons/shared/explain';

describe('explain', () => {
  it('total variation: 0 for the same distribution, 1 for disjoint ones, half the L1 distance', () => {
    expect(totalVariation([0.5, 0.5], [0.5, 0.5])).toBe(0);
    expect(totalVariation([1, 0], [0, 1])).toBe(1);
    expect(totalVariation([0.7, 0.2, 0.1], [0.4, 0.4, 0.2])).toBeCloseTo(0.3, 12);
    expect(meanRowDistance([1, 0, 0.5, 0.5], [0, 1, 0.5, 0.5], 2, 2)).toBeCloseTo(0.5, 12);
    expect(() => totalVariation([1], [0.5, 0.5])).toThrow(/1 and 2/);
  });

  it('softmax and argmax', () => {
    const p = softmax([0, Math.log(3)]);
    expect(p[0]).toBeCloseTo(0.25, 12);
    expect(p[1]).toBeCloseTo(0.75, 12);
    expect(softmax([1000, 1000])).toEqual([0.5, 0.5]); // no overflow
    expect(argmax([0.1, 3, -2, 3])).toBe(1);
  });

  it('ranks share ties; Spearman is 1, -1, or the textbook value', () => {
    expect(ranks([10, 30, 20, 20])).toEqual([1, 4, 2.5, 2.5]);
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // d = rank differences (0, -2, 1, 1, 0): rho = 1 - 6*6 / (5*24) = 0.7
    expect(spearman([1, 2, 3, 4, 5], [1, 4, 2, 3, 5])).toBeCloseTo(0.7, 12);
    expect(spearman([1, 2], [2, 1])).toBeNull();
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});
