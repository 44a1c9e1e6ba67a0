// The colour scale of attention maps (web/src/figures/attention-map-parts.ts): weights are drawn on
// one fixed 0-1 scale, so colour means the same weight in every map (issue 52 A1); a difference of
// two maps on a scale symmetric about 0.
import { describe, expect, it, vi } from 'vitest';

// The i18n module reads the browser's languages when it loads; this Node has no navigator.
vi.hoisted(() => {
  if (!('navigator' in globalThis))
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'en', languages: ['en'] } });
});
import { colorScale } from '../../web/src/figures/attention-map-parts';

describe('the colour scale of attention weights', () => {
  it('draws a uniform row of 0.10 near the light end, not in the darkest blue', () => {
    const uniform = colorScale(new Float32Array(10).fill(0.1), false);
    expect(uniform.position(0.1)).toBeCloseTo(0.1, 6);
    expect([uniform.lo, uniform.hi]).toEqual([0, 1]);
  });

  it('gives weights of 0.26-0.28 a light colour: flat attention does not look sharp', () => {
    const flat = colorScale(new Float32Array([0.26, 0.27, 0.28, 0.19]), false);
    expect(flat.position(0.28)).toBeLessThan(0.3);
  });

  it('puts two maps with different largest weights on one scale (one legend range)', () => {
    const sharp = colorScale(new Float32Array([1, 0, 0, 1]), false);
    const softer = colorScale(new Float32Array([0.9, 0.1, 0.3, 0.7]), false);
    expect([softer.lo, softer.hi]).toEqual([sharp.lo, sharp.hi]);
    expect(softer.position(0.7)).toBe(sharp.position(0.7));
  });

  it('keeps a difference map symmetric about 0, white in the middle', () => {
    const diff = colorScale(new Float32Array([-0.4, 0.2, 0.1]), true);
    expect(diff.lo).toBeCloseTo(-diff.hi, 6);
    expect(diff.position(0)).toBe(0.5);
    expect(diff.position(-0.4)).toBeCloseTo(0, 6);
  });
});
