import { describe, expect, it } from 'vitest';
import { TABLE_ROWS, spread } from '../../web/src/figures/spread';

describe('spread (the line chart table thinned for a reader)', () => {
  it('keeps a short list as it is', () => {
    expect(spread([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('keeps at most TABLE_ROWS, evenly spaced, first and last included', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => i + 1);
    const kept = spread(items);
    expect(kept.length).toBe(TABLE_ROWS);
    expect(kept[0]).toBe(1);
    expect(kept.at(-1)).toBe(20_000);
    const gaps = kept.slice(1).map((x, i) => x - kept[i]);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });

  it('never repeats an item when the list is barely longer than the table', () => {
    const kept = spread(Array.from({ length: TABLE_ROWS + 1 }, (_, i) => i));
    expect(new Set(kept).size).toBe(kept.length);
    expect(kept.length).toBe(TABLE_ROWS);
  });
});
