// The attention map's layout (web/src/figures/attention-map-layout.ts) without a browser: cell
// size, label room, leaning or upright column labels, SVG or canvas, with a fake text measure.
import { describe, expect, it } from 'vitest';
import {
  CANVAS_MAX_SIDE,
  CELL_MAX,
  CELL_MIN,
  CELL_WITH_NUMBER,
  MAX_SVG_TOKENS,
  layoutMap,
} from '../../web/src/figures/attention-map-layout';

/** Every character is 0.6 em wide, as a monospace font would be. */
const measure = (text: string, fontSize: number) => [...text].length * fontSize * 0.6;

const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`);

function layout(rowLabels: string[], colLabels: string[], available: number) {
  return layoutMap({
    rows: rowLabels.length,
    cols: colLabels.length,
    rowLabels,
    colLabels,
    available,
    measure,
  });
}

describe('layoutMap', () => {
  it('gives a short sentence large cells with their numbers, and leaning column labels', () => {
    const tokens = ['the', 'cat', 'sat'];
    const l = layout(tokens, tokens, 800);
    expect(l.canvas).toBe(false);
    expect(l.cell).toBe(CELL_MAX);
    expect(l.numbers).toBe(true);
    expect(l.angle).toBe(-45);
    expect(l.gap).toBe(1);
    expect(l.fontSize).toBe(13);
    // Row labels: the widest label (3 chars at 13 px) plus 10 px of room.
    expect(l.left).toBe(Math.ceil(3 * 13 * 0.6) + 10);
    expect(l.width).toBe(l.left + 3 * l.cell + l.right);
    expect(l.height).toBe(l.top + 3 * l.cell + 2);
  });

  it('fits the cells into the width it is given', () => {
    const tokens = words(12);
    const l = layout(tokens, tokens, 500);
    expect(l.cell).toBeGreaterThan(CELL_MIN);
    expect(l.cell).toBeLessThan(CELL_MAX);
    expect(l.width + 2).toBeLessThanOrEqual(500);
    // One pixel more per cell would not fit.
    expect(l.left + 12 * (l.cell + 1) + l.right + 2).toBeGreaterThan(500);
    expect(l.numbers).toBe(l.cell >= CELL_WITH_NUMBER);
  });

  it('stands column labels upright over narrow cells and never shrinks cells below CELL_MIN', () => {
    const tokens = words(60);
    const l = layout(tokens, tokens, 400);
    expect(l.angle).toBe(-90);
    expect(l.cell).toBe(CELL_MIN);
    expect(l.fontSize).toBe(11);
    expect(l.numbers).toBe(false);
    // Upright labels: the room above is the widest label plus 10 px.
    expect(l.top).toBe(Math.ceil(Math.max(...l.colText.map((s) => measure(s, 11)))) + 10);
    expect(l.width).toBeGreaterThan(400); // the map scrolls instead
  });

  it('cuts long labels and marks a token of spaces', () => {
    const l = layout(['extraordinarily-long-word', ' '], ['a', 'b'], 600);
    expect(l.rowText).toEqual(['extraordina…', '␣']);
    expect(l.colText).toEqual(['a', 'b']);
  });

  it('paints more than MAX_SVG_TOKENS tokens into a canvas, without labels', () => {
    const n = MAX_SVG_TOKENS + 1;
    const l = layout(words(n), words(n), 900);
    expect(l.canvas).toBe(true);
    expect(l.rowText).toEqual([]);
    expect(l.colText).toEqual([]);
    expect(l.cell).toBe(Math.floor(CANVAS_MAX_SIDE / n));
    expect(l.gap).toBe(0);
    expect([l.left, l.top, l.right]).toEqual([4, 4, 4]);
    expect(l.numbers).toBe(false);
  });

  it('keeps a canvas map within CANVAS_MAX_SIDE down to one pixel per cell', () => {
    const l = layout(words(3000, 'w'), words(3000, 'w'), 900);
    expect(l.cell).toBe(1);
    expect(l.width).toBe(4 + 3000 + 4);
  });

  it('sizes a rectangular map by its columns', () => {
    const l = layout(words(2), words(30), 700);
    expect(l.rows).toBe(2);
    expect(l.cols).toBe(30);
    expect(l.height).toBe(l.top + 2 * l.cell + 2);
    expect(l.width).toBe(l.left + 30 * l.cell + l.right);
  });
});

describe('column labels are never cut off', () => {
  /** The box a column label takes once rotated, as the SVG draws it (anchor at the middle of its column). */
  function labelBoxes(l: ReturnType<typeof layoutMap>, widths: number[]) {
    const a = (l.angle * Math.PI) / 180;
    const half = (1.2 * l.fontSize) / 2;
    return widths.map((w, i) => {
      const x0 = l.left + i * l.cell + (l.cell - l.gap) / 2;
      const y0 = l.top - 6;
      const corners = [
        [0, -half],
        [0, half],
        [w, -half],
        [w, half],
      ].map(([x, y]) => [x0 + x * Math.cos(a) - y * Math.sin(a), y0 + x * Math.sin(a) + y * Math.cos(a)]);
      return {
        right: Math.max(...corners.map((c) => c[0])),
        top: Math.min(...corners.map((c) => c[1])),
      };
    });
  }

  for (const [name, labels] of [
    ['short words', words(6, 'w')],
    ['a long last word', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'unbelievable']],
    ['long words', words(12, 'longword')],
    ['many words', words(40, 'w')],
    ['one word', ['antidisestablishment']],
  ] as const) {
    it(`${name}: every label lies inside the figure, at any width`, () => {
      const cols = [...labels];
      for (let available = 240; available <= 1400; available += 3) {
        const l = layout(cols, cols, available);
        const widths = l.colText.map((s) => measure(s, l.fontSize));
        for (const box of labelBoxes(l, widths)) {
          expect(box.right, `${available}px: right edge`).toBeLessThanOrEqual(l.width);
          expect(box.top, `${available}px: top edge`).toBeGreaterThanOrEqual(0);
        }
      }
    });
  }
});
