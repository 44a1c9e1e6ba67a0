// Colour scales as 256-step lookup tables, made once per interpolator (a figure redraws on every
// keystroke), the one canvas painter every pixel figure uses (the attention map of a long text,
// the transformer's thumbnails and positional-encoding picture), and the vector strips' cells as
// a CSS gradient.

import { interpolatePuOr, rgb } from 'd3';

export type Interpolator = (t: number) => string;

const STEPS = 256;
const cssPalettes = new WeakMap<Interpolator, string[]>();
const rgbPalettes = new WeakMap<Interpolator, Uint8ClampedArray>();

/** The step of a position t in [0, 1] (clamped; NaN gives step 0). */
export function paletteStep(t: number): number {
  const k = Math.round(t * (STEPS - 1));
  return k > 0 ? Math.min(STEPS - 1, k) : 0;
}

/** `interpolate` at 256 steps, as CSS colour strings (for SVG fill attributes). */
export function cssPalette(interpolate: Interpolator): string[] {
  let palette = cssPalettes.get(interpolate);
  if (!palette) {
    palette = Array.from({ length: STEPS }, (_, k) => interpolate(k / (STEPS - 1)));
    cssPalettes.set(interpolate, palette);
  }
  return palette;
}

/** `interpolate` at 256 steps, as RGB triples (3 bytes per step, for canvas pixels). */
export function rgbPalette(interpolate: Interpolator): Uint8ClampedArray {
  let palette = rgbPalettes.get(interpolate);
  if (!palette) {
    palette = new Uint8ClampedArray(STEPS * 3);
    for (let k = 0; k < STEPS; k++) {
      const c = rgb(interpolate(k / (STEPS - 1)));
      palette.set([c.r, c.g, c.b], 3 * k);
    }
    rgbPalettes.set(interpolate, palette);
  }
  return palette;
}

/** A colour function backed by the lookup table of `interpolate`; position(w) places w in [0, 1]. */
export function quantizedScale(
  interpolate: Interpolator,
  position: (w: number) => number,
): (w: number) => string {
  const palette = cssPalette(interpolate);
  return (w: number) => palette[paletteStep(position(w))] ?? palette[0];
}

/**
 * Paints a (rows, cols) grid into `canvas`, one pixel per cell (CSS scales it up): cell i (row-major)
 * gets the colour of `interpolate` at position(i) in [0, 1]. Resizes the canvas to cols x rows.
 */
export function paintCanvas(
  canvas: HTMLCanvasElement,
  rows: number,
  cols: number,
  interpolate: Interpolator,
  position: (i: number) => number,
): void {
  canvas.width = cols;
  canvas.height = rows;
  const context = canvas.getContext('2d');
  if (!context) return;
  const palette = rgbPalette(interpolate);
  const image = context.createImageData(cols, rows);
  for (let i = 0; i < rows * cols; i++) {
    const k = 3 * paletteStep(position(i));
    image.data[4 * i] = palette[k];
    image.data[4 * i + 1] = palette[k + 1];
    image.data[4 * i + 2] = palette[k + 2];
    image.data[4 * i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
}

/**
 * The one diverging scale of every vector strip: purple below 0, white at 0, orange above (d3's
 * PuOr), |value| = max at the ends; NaN sits in the neutral middle.
 */
export function divergingPosition(value: number, max: number): number {
  const x = value / max;
  return ((Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0) + 1) / 2;
}
export const divergingColour = (value: number, max: number): string =>
  interpolatePuOr(divergingPosition(value, max));

/**
 * A row of cells as a CSS background: cell i gets the colour of `interpolate` at position(i), with
 * hard stops, so the cells are as sharp as a pixelated canvas. The vector strips use it instead of a
 * canvas: every canvas is a compositing layer of its own, and lesson 1's step panel had 16 of its
 * page's 29, each one more layer to update and commit in the frame after a keystroke.
 */
export function cellsGradient(
  count: number,
  interpolate: Interpolator,
  position: (i: number) => number,
): string {
  if (count <= 0) return 'none';
  const palette = cssPalette(interpolate);
  const at = (i: number) => `${+((i / count) * 100).toFixed(4)}%`;
  const stops: string[] = [];
  for (let i = 0; i < count; i++) stops.push(`${palette[paletteStep(position(i))]} ${at(i)} ${at(i + 1)}`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
