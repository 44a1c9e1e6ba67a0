// The numbers of the "does attention explain the output?" panel (web/src/lessons/shared/explain.ts)
// on hand-computed cases.
import { describe, expect, it } from 'vitest';
import {
  MAX_MATCHED_HEADS,
  argmax,
  matchHeads,
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

  it('matches heads by the pairing of least total distance, not greedily; equal costs keep the numbers', () => {
    // Greedy (each head its nearest free partner, in order) takes 0->0 (0.1) and is left with
    // 1->1 (0.9): 1.0. The best pairing crosses: 0->1, 1->0, 0.2 + 0.3 = 0.5.
    expect(
      matchHeads([
        [0.1, 0.2],
        [0.3, 0.9],
      ]),
    ).toEqual([1, 0]);
    expect(
      matchHeads([
        [0.5, 0.5],
        [0.5, 0.5],
      ]),
    ).toEqual([0, 1]);
    // Against every permutation of 5 heads, on a fixed pseudo-random cost matrix.
    let x = 7;
    const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
    const cost = Array.from({ length: 5 }, () => Array.from({ length: 5 }, next));
    const total = (p: number[]) => p.reduce((s, j, i) => s + cost[i][j], 0);
    const perms = (xs: number[]): number[][] =>
      xs.length <= 1
        ? [xs]
        : xs.flatMap((v, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [v, ...p]));
    const best = Math.min(...perms([0, 1, 2, 3, 4]).map(total));
    const found = matchHeads(cost)!;
    expect([...found].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(total(found)).toBeCloseTo(best, 12);
    // More heads than an exact match is computed for: null (the page then says so).
    const n = MAX_MATCHED_HEADS + 1;
    expect(matchHeads(Array.from({ length: n }, () => new Array(n).fill(0)))).toBeNull();
  });
});
