// The SVG of an attention map (attention-map.ts): its size, the layers in drawing order, the cells
// (or the canvas, for a large map), numbers, marks, the student's pins, the row and column labels
// and the hover outline, for a map already laid out (attention-map-layout.ts). Attributes are set
// only when they change. Returns the colour scale, which the legend draws.

import { select } from 'd3';
import { CellGrid, HeatCells } from './heat-cells';
import { quantizedScale } from './palette';
import type { AttentionMap } from '../engine/records';
import type { MapLayout } from './attention-map-layout';
import {
  colorScale,
  drawLabels,
  drawMarks,
  drawNumbers,
  keepAttr,
  paintMapCanvas,
} from './attention-map-parts';
import { drawEdits, markEditedLabels, type Cell } from './attention-map-edits';

/** The SVG's layers, bottom to top. */
const LAYERS = 'cells numbers marks edits hover cursor row-labels col-labels corner'.split(' ');

/** The cells' and numbers' drawers, kept by the element from one draw to the next. */
export interface HeldCells {
  cells: HeatCells | null;
  numbers: CellGrid<SVGTextElement> | null;
  group: SVGGElement | null; // the cells' group (a new SVG makes new drawers)
}

export interface MapSvgOptions {
  family: string; // the font family of the labels
  diverging: boolean;
  marks: readonly (readonly [number, number])[];
  pins: readonly Cell[];
  cells: HeldCells;
}

export function drawMapSvg(
  svgEl: SVGSVGElement,
  canvasEl: HTMLCanvasElement | null,
  map: AttentionMap,
  layout: MapLayout,
  options: MapSvgOptions,
): ReturnType<typeof colorScale> {
  const { rows, cols } = map;
  const family = options.family;
  const {
    canvas: useCanvas,
    rowText,
    colText,
    left: rowLabelWidth,
    top,
    cell,
    gap,
    angle,
    width,
    height,
  } = layout;
  const font = `${layout.fontSize}px ${family}`;

  const weights = map.weights;
  const scale = colorScale(weights, options.diverging);
  const color = quantizedScale(scale.interpolate, scale.position);

  // Attributes are set only when they change (keepAttr): each set lays the map's text out again.
  keepAttr(svgEl, 'width', width);
  keepAttr(svgEl, 'height', height);
  keepAttr(svgEl, 'viewBox', `0 0 ${width} ${height}`);
  if (svgEl.dataset.font !== font) {
    svgEl.dataset.font = font;
    svgEl.style.font = font;
  }
  svgEl.classList.toggle('passthrough', useCanvas);
  const svg = select(svgEl);
  const layer = (name: string, transform?: string) => {
    const g = svg
      .selectAll<SVGGElement, null>(`g.${name}`)
      .data([null])
      .join((enter) => enter.append('g').attr('class', name));
    const node = g.node();
    if (node && transform !== undefined) keepAttr(node, 'transform', transform);
    return g;
  };

  // Created once, in drawing order: the labels and their bands lie over the cells, so when the
  // map scrolls in its box they stay in view (stickLabels) and cover what scrolled under them.
  for (const name of LAYERS) layer(name);
  const band = (name: string, w: number, h: number) =>
    layer(name)
      .selectAll<SVGRectElement, null>('rect.band')
      .data(useCanvas ? [] : [null])
      .join((enter) => enter.insert('rect', ':first-child').attr('class', 'band'))
      .each(function () {
        keepAttr(this, 'width', w);
        keepAttr(this, 'height', h);
      });
  band('row-labels', rowLabelWidth, height);
  band('col-labels', width, top - 1);
  band('corner', rowLabelWidth, top - 1);

  const cellGroup = layer('cells', `translate(${rowLabelWidth},${top})`).node();
  if (cellGroup) {
    const held = options.cells;
    const numberGroup = layer('numbers', `translate(${rowLabelWidth},${top})`).node();
    if (!held.cells || held.group !== cellGroup) {
      held.cells = new HeatCells(cellGroup);
      held.numbers = numberGroup ? new CellGrid(numberGroup, 'text') : null;
      held.group = cellGroup;
    }
    if (useCanvas) held.cells.clear();
    else held.cells.update(rows, cols, cell, gap, weights, color);
  }
  paintMapCanvas(canvasEl, useCanvas, layout, weights, scale);

  drawNumbers(options.cells.numbers, layout, weights, scale);

  drawMarks(layer('marks', `translate(${rowLabelWidth},${top})`).node(), options.marks, layout);
  drawEdits(
    layer('edits', `translate(${rowLabelWidth},${top})`).node(),
    layout,
    map.editedRows ?? [],
    options.pins,
  );

  const mid = (cell - gap) / 2;
  drawLabels(
    layer('row-labels').node(),
    useCanvas ? [] : map.rowLabels,
    rowText,
    'end',
    'data-row',
    (i) => `translate(${rowLabelWidth - 6},${top + i * cell + mid})`,
  );
  drawLabels(
    layer('col-labels').node(),
    useCanvas ? [] : map.colLabels,
    colText,
    'start',
    'data-col',
    (i) => `translate(${rowLabelWidth + i * cell + mid},${top - 6}) rotate(${angle})`,
  );

  layer('hover', `translate(${rowLabelWidth},${top})`)
    .selectAll<SVGRectElement, null>('rect')
    .data([null])
    .join((enter) => enter.append('rect').attr('class', 'outline').attr('visibility', 'hidden'))
    .each(function () {
      keepAttr(this, 'width', cell - gap);
      keepAttr(this, 'height', cell - gap);
    });
  layer('cursor', `translate(${rowLabelWidth},${top})`);
  markEditedLabels(svgEl, map.editedRows ?? []);
  return scale;
}
