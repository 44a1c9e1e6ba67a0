// The palette cache and the quantized colour scales every figure shares (web/src/figures/palette.ts):
// 256 steps per interpolator, made once, positions clamped, NaN on the first step.
import { describe, expect, it } from 'vitest';
import { interpolateBlues, interpolatePuOr, rgb } from 'd3';
import {
  cellsGradient,
  cssPalette,
  divergingColour,
  divergingPosition,
  paletteStep,
  quantizedScale,
  rgbPalette,
} from '../../web/src/figures/palette';

describe('palette', () => {
  it('paints a row of cells as hard-stopped gradient stops, each in its palette colour', () => {
    const values = [-2, 0, 2, Number.NaN];
    const gradient = cellsGradient(values.length, interpolatePuOr, (i) => divergingPosition(values[i], 2));
    const css = cssPalette(interpolatePuOr);
    expect(gradient).toBe(
      `linear-gradient(to right, ${css[0]} 0% 25%, ${css[128]} 25% 50%, ${css[255]} 50% 75%, ${css[128]} 75% 100%)`,
    );
    expect(cellsGradient(3, interpolatePuOr, () => 0)).toContain('33.3333% 66.6667%');
    expect(cellsGradient(0, interpolatePuOr, () => 0)).toBe('none');
  });

  it('places positions on 256 steps, clamped, NaN first', () => {
    expect(paletteStep(0)).toBe(0);
    expect(paletteStep(1)).toBe(255);
    expect(paletteStep(0.5)).toBe(128);
    expect(paletteStep(-3)).toBe(0);
    expect(paletteStep(7)).toBe(255);
    expect(paletteStep(Number.NaN)).toBe(0);
  });

  it('makes each palette once and keeps the interpolator colours at its steps', () => {
    const css = cssPalette(interpolateBlues);
    expect(cssPalette(interpolateBlues)).toBe(css);
    expect(css).toHaveLength(256);
    expect(css[0]).toBe(interpolateBlues(0));
    expect(css[255]).toBe(interpolateBlues(1));
    const bytes = rgbPalette(interpolatePuOr);
    expect(rgbPalette(interpolatePuOr)).toBe(bytes);
    const mid = rgb(interpolatePuOr(128 / 255));
    expect([...bytes.slice(3 * 128, 3 * 128 + 3)]).toEqual([mid.r, mid.g, mid.b]);
  });

  it('colours a value by where its position falls', () => {
    const max = 4;
    const colour = quantizedScale(interpolateBlues, (w) => w / max);
    expect(colour(0)).toBe(interpolateBlues(0));
    expect(colour(4)).toBe(interpolateBlues(1));
    expect(colour(40)).toBe(interpolateBlues(1));
    expect(colour(2)).toBe(cssPalette(interpolateBlues)[128]);
  });
});

describe('the one diverging scale of the vector strips', () => {
  it('puts 0 in the middle, +max at orange, -max at purple, clamps beyond and reads NaN as 0', () => {
    expect(divergingPosition(0, 2)).toBe(0.5);
    expect(divergingPosition(2, 2)).toBe(1);
    expect(divergingPosition(-2, 2)).toBe(0);
    expect(divergingPosition(5, 2)).toBe(1);
    expect(divergingPosition(Number.NaN, 2)).toBe(0.5);
    expect(divergingColour(1, 1)).toBe(interpolatePuOr(1));
    expect(divergingColour(-1, 1)).toBe(interpolatePuOr(0));
    expect(interpolatePuOr(1)).toBe('rgb(127, 59, 8)'); // orange: the strips' text says so
  });
});
