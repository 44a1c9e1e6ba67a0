// The colour of an attention weight, the same in every figure (issue 52 A1): every map, the
// Transformer's small maps, the first view, the training lab and the downloads draw a weight on
// one fixed scale, 0 (light) to 1 (dark). A softmax row's weights add up to 1 and a sigmoid's each
// lie in (0, 1), so the same colour always means the same weight: a uniform row of 0.10 is pale
// wherever it is drawn, and maps shown together share one scale without being told. A map scaled
// to its own largest weight would paint a uniform row (or random weights of 0.26-0.28) in the
// darkest blue, and two maps side by side on different ranges.
// A difference of two maps is signed: a diverging scale symmetric about 0.

import { interpolateBlues, interpolatePuOr } from 'd3';
import { maxValue } from '../engine/records';
import { quantizedScale } from './palette';

/** Colour-blind-safe sequential scale, light (weight 0) to dark (weight 1). */
export const SEQUENTIAL = interpolateBlues;
/** Colour-blind-safe diverging scale for signed maps (a difference of two maps): purple < 0 < orange. */
export const DIVERGING = interpolatePuOr;

/** The weight at the dark end of the scale: attention weights lie in [0, 1]. */
export const WEIGHT_MAX = 1;

/**
 * The colour scale of a map as a function of t in [0, 1], and where a value v sits on it, with the
 * range [lo, hi] its legend shows.
 */
export interface ColorScale {
  interpolate: (t: number) => string;
  position: (v: number) => number; // in [0, 1]
  lo: number;
  hi: number;
}

/** Where a weight sits on the one weight scale (0 light, 1 dark; clamped when drawn). */
export const weightPosition = (w: number): number => w / WEIGHT_MAX;

/** The weights' scale: 0 to 1 for every map of weights. */
export const WEIGHT_SCALE: ColorScale = {
  interpolate: SEQUENTIAL,
  position: weightPosition,
  lo: 0,
  hi: WEIGHT_MAX,
};

/** The colour of a weight, from the palette every map paints its cells with (figures/palette.ts). */
export const weightColour: (w: number) => string = quantizedScale(SEQUENTIAL, weightPosition);

/**
 * The scale of a map: weights on the one fixed 0-1 scale (a value above 1, which no attention
 * weight is, widens it so nothing is drawn as something it is not, and the legend says so); a
 * signed map symmetrically from -max|v| to +max|v| (the page shows one difference map at a time).
 */
export function colorScale(weights: Float32Array, diverging: boolean): ColorScale {
  if (!diverging) {
    const max = maxValue(weights);
    if (!(max > WEIGHT_MAX)) return WEIGHT_SCALE;
    return { interpolate: SEQUENTIAL, position: (v) => v / max, lo: 0, hi: max };
  }
  let max = 0;
  for (const v of weights) if (Number.isFinite(v)) max = Math.max(max, Math.abs(v));
  max = max || 1;
  return { interpolate: DIVERGING, position: (v) => (v / max + 1) / 2, lo: -max, hi: max };
}
