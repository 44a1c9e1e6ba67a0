// Where everything of an attention map goes, as plain arithmetic: how large a cell is, how much
// room the row and column labels take, whether column labels lean or stand upright, and whether the
// cells are SVG rects or a canvas. Pure (text widths come from `measure`), so it is unit-tested
// (tests/web/attention-map-layout.test.ts) and attention-map.ts only joins the result to the DOM.

import { truncateLabel } from '../engine/records';

export const CELL_MIN = 13; // px: below this a cell is too small to hover; the map scrolls instead
export const CELL_MAX = 44; // px: above this a short sentence looks blown up
export const CELL_WITH_NUMBER = 38; // px: cells at least this large print their weight
export const LABEL_MAX_CHARS = 12; // longer token labels are cut; the <title> keeps the full text
const COS45 = Math.SQRT1_2;
const CELL_FOR_LEANING_LABELS = 22; // px: narrower columns get upright labels, which never overlap
const LINE_HEIGHT = 1.2; // a label's box, in em: what it needs across its baseline
// Up to this many tokens every cell is an SVG <rect> (data-row, data-col, data-weight). Longer
// texts (up to the playground's character limit) are painted into a canvas, one pixel per cell
// scaled up, which stays fast at 1000 x 1000; hovering still reads every cell.
export const MAX_SVG_TOKENS = 200;
export const CANVAS_MAX_SIDE = 2000; // px: the canvas map fits this, shrinking cells down to 1 px

/** A token as the map prints it: a token of spaces gets a visible mark. */
export const displayLabel = (label: string) => (label.trim() === '' ? '␣' : label);

export interface MapLayoutInput {
  rows: number;
  cols: number;
  rowLabels: readonly string[];
  colLabels: readonly string[];
  /** px: the width the map may take (the scroll box's content width). */
  available: number;
  /** px: the width of `text` set in the map's font at `fontSize` px. */
  measure: (text: string, fontSize: number) => number;
}

export interface MapLayout {
  rows: number;
  cols: number;
  /** More tokens than MAX_SVG_TOKENS: cells are painted into a canvas, without labels. */
  canvas: boolean;
  /** The labels as printed (truncated; empty for a canvas map). */
  rowText: string[];
  colText: string[];
  fontSize: number; // px
  /** px from the left edge to the first column (the row labels' room). */
  left: number;
  /** px from the top edge to the first row (the column labels' room). */
  top: number;
  /** px to the right of the last column. */
  right: number;
  /** Column labels' rotation in degrees: -45 (leaning) or -90 (upright). */
  angle: -45 | -90;
  cell: number; // px: side of one cell including its gap
  gap: number; // px between cells
  width: number; // px: the whole SVG
  height: number;
  /** Cells are large enough to print their weight. */
  numbers: boolean;
}

/** Lays out a (rows, cols) map with these labels in `available` px. */
export function layoutMap({
  rows,
  cols,
  rowLabels,
  colLabels,
  available,
  measure,
}: MapLayoutInput): MapLayout {
  const canvas = Math.max(rows, cols) > MAX_SVG_TOKENS;

  // Labels first: their widths decide how much room the cells get. A canvas map has too many
  // tokens for labels; the tooltip names the words instead.
  const rowText = canvas ? [] : rowLabels.map((l) => truncateLabel(displayLabel(l), LABEL_MAX_CHARS));
  const colText = canvas ? [] : colLabels.map((l) => truncateLabel(displayLabel(l), LABEL_MAX_CHARS));
  const guessCell = Math.floor(available / (cols + 4));
  const fontSize = guessCell < 14 ? 11 : guessCell < 20 ? 12 : 13;
  const left = canvas ? 4 : Math.ceil(Math.max(...rowText.map((s) => measure(s, fontSize)))) + 10;
  const colLabelWidth = canvas ? 0 : Math.ceil(Math.max(...colText.map((s) => measure(s, fontSize))));
  // Column labels stand upright (-90 degrees) over narrow cells; over cells wide enough to keep
  // neighbours apart they lean at -45 degrees, need less room above, and the last leans right.
  const fit = (right: number) =>
    Math.max(CELL_MIN, Math.min(CELL_MAX, Math.floor((available - left - right - 2) / cols)));
  // A leaning label starts at the middle of its column and runs up and to the right; its far corner
  // is (width + half its line height) * cos 45 right of that. Half a column (at least half of
  // CELL_FOR_LEANING_LABELS) is already there, so the last label is never cut off.
  const leanRight = Math.max(
    8,
    Math.ceil((colLabelWidth + LINE_HEIGHT * fontSize * 0.5) * COS45 - CELL_FOR_LEANING_LABELS / 2) + 2,
  );
  const leanCell = fit(leanRight);
  const angle = canvas || leanCell < CELL_FOR_LEANING_LABELS ? -90 : -45;
  const right = canvas ? 4 : angle === -45 ? leanRight : 8;
  const top = canvas ? 4 : Math.ceil(angle === -45 ? colLabelWidth * COS45 + fontSize : colLabelWidth) + 10;
  const cell = canvas
    ? Math.max(1, Math.min(CELL_MIN, Math.floor(CANVAS_MAX_SIDE / Math.max(rows, cols))))
    : angle === -45
      ? leanCell
      : fit(right);
  const gap = !canvas && cell >= 8 ? 1 : 0;
  return {
    rows,
    cols,
    canvas,
    rowText,
    colText,
    fontSize,
    left,
    top,
    right,
    angle,
    cell,
    gap,
    width: left + cols * cell + right,
    height: top + rows * cell + 2,
    numbers: !canvas && cell >= CELL_WITH_NUMBER,
  };
}
